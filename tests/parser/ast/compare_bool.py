# Comparisons (chained, every operator) and boolean operators.
a = x < y
b = x < y <= z > w >= v == u != t
c = x is y
d = x is not y
e = x in y
f = x not in y
g = x and y
h = x or y
i = x and y and z
j = x or y or z
k = x and y or z and w
l = not x and not y
m = (x or y) and z
n = x < y and y < z or not z
o = not x == y
p = a is not b is c not in d in e
q = x == (y == z)
r = not not x
