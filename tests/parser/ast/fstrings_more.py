# More f-strings: nesting depth, dicts, escapes beside fields, concatenation.
d = {'k': 1}
a = f"{d['k']}"
b = f'{f"{1}"}'
c = f'''{f"{f'{1}'}"}'''
e = f'\n{d}\t'
f = f'\x41{d!r}\N{BULLET}'
g = rf'\d{d}\w'
h = f'{d}' 'plain' f'{d}'
i = f'{1}{2}{3}'
j = f'{"a" "b"}'
k = f'{d["k"]:{"0"}>{4}}'
l = f'{   d   !r}'
m = f'{d=}{d=}'
n = f'a{d}b{d}c'
o = f'''{
d
}'''
p = F'{d}' + Rf'{d}'
q = f'{-1:+}{+1:+d}{~1}{not 1}'
r = f'{1 if d else 2}'
s = f'{yield_ if 1 else 2}' if False else None
t = f'{d:{""}}'
u = f'{3:{4}{5}}'
v = f'{"é"}é{d}'
