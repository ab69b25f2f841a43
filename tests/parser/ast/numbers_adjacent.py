# Numbers written right against keywords and operators.
a = 1if b else 2
c = [0x1for x in y]
d = 1or 2
e = 1and 2
f = 0o7in x
g = 1.5if h else 2.5
i = 1<2>0
j = 1+-2
k = 1e5+1j-.5
l = 0b1not in x
m = [1for x in y]
