# Backslash continuations, implicit joining in brackets, blank lines, semicolons.
x = 1 + \
    2 + \
        3
if a and \
   b:
    pass
y = (1 +
     2
     + 3)
z = [
    1,

    2,  # comment
        3,
]
d = {
  'a':
    1,
}
def f(a,
      b):
    return a + \
b
s = 'a' \
'b'
w = 1; v = 2;
u = 3 ;
with a as b, \
     c as d:
    pass
t = f(1,
# comment at column 0 inside brackets
2)
assert x, \
    'msg'
