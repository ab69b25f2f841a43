exec 'x = 1'
