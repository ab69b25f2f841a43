# Conditional expressions and lambdas with every kind of parameter.
a = x if y else z
b = x if y else z if w else v
c = (x if y else z) if w else v
d = lambda: 0
e = lambda x: x
f = lambda x, y=1: x + y
g = lambda *args: args
h = lambda **kw: kw
i = lambda a, /, b, *, c, d=4, **e: (a, b, c, d, e)
j = lambda a=1, /, b=2, *c, d, e=5, **f: 0
k = lambda *, a: a
l = lambda x: lambda y: x + y
m = lambda: (yield_ for yield_ in ())
n = lambda x: x if x else -x
o = [lambda x=i: x for i in range(3)]
p = lambda a, b=2, *c, d=4, **e: None
q = lambda a, b, /: a
