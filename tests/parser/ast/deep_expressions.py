# Deep but legal nesting: brackets, calls, operators, comprehensions.
a = ((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))
b = [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]
c = f(g(h(i(j(k(l(m(n(o(p(q(r(s(t(u(v(w(x(y(z))))))))))))))))))))
d = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18 + 19 + 20
e = - - - - - - - - - - - - - - - - - - - - x
f = not not not not not not not not not not x
g = a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z
h = x[0][1][2][3][4][5][6][7][8][9]
i = 2 ** 2 ** 2 ** 2 ** 2 ** 2 ** 2 ** 2
j = a if b else c if d else e if f else g if h else i
k = lambda: lambda: lambda: lambda: lambda: 0
l = {'a': {'b': {'c': {'d': {'e': [1, (2, {3})]}}}}}
m = [[[x for x in y] for y in z] for z in w]
n = a < b < c < d < e < f < g < h
o = a and b and c or d and e or f and g
p = f(a)(b)(c)(d)(e)(f)(g)
