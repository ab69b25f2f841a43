a = 1
for = 2
