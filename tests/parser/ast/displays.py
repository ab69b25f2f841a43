# List, tuple, set and dict displays: empty, trailing commas, unpacking, nesting.
a = []
b = [1]
c = [1, 2, 3,]
d = ()
e = (1,)
f = (1, 2)
g = 1, 2
h = {1}
i = {1, 2,}
j = {}
k = {'a': 1}
l = {'a': 1, 'b': 2,}
m = {**x}
n = {'a': 1, **x, 'b': 2, **y}
o = [*x, *y, 1]
p = (*x, 1)
q = {*x, *y}
r = [[1, 2], [3, 4]]
s = {(1, 2): [3], frozenset(): {4: 5}}
t = [
    1,
    2,
]
u = ((((1))))
v = ([(({1: [2]}))])
w = {1: 2, 1: 3}
x = [1, 2][0], (3, 4)[1], {5: 6}[5]
y = ((),)
z = [(), [], {}, set()]
