x = f'{x!z}'
