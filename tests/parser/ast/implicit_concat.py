# Implicit concatenation of adjacent literals, across lines and prefixes.
a = 'a' 'b' "c"
b = ('first '
     'second '
     "third")
c = b'x' b'y' rb'\z'
d = 'plain' f'{a}' 'tail'
e = f'{a}' f'{b}'
f = f'' '' f''
g = 'x' \
    'y'
h = r'\d' '\n' R'\w'
i = ('''one
''' "two" '''three''')
j = f'{a!r}' 'mid' f'{b:>10}' "end"
k = u'u' 'plain'
l = ('a'
     # comment between parts
     'b')
