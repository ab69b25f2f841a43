y = 1
x = "abc
z = 2
