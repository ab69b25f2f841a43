while True:

x = 1
