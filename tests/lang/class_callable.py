# __call__, __len__, __getitem__/__setitem__/__delitem__ on user types (a mapping and a sequence).
class Multiplier:
    def __init__(self, k):
        self.k = k
    def __call__(self, v, extra=0):
        return v * self.k + extra
m = Multiplier(3)
print(m(5), m(5, extra=1), callable(m), list(map(m, [1, 2])))
class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = {}
    def __getitem__(self, pos):
        x, y = pos
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise IndexError(f"{pos} outside grid")
        return self.cells.get(pos, ".")
    def __setitem__(self, pos, v):
        self.cells[pos] = v
    def __delitem__(self, pos):
        del self.cells[pos]
    def __len__(self):
        return self.w * self.h
    def __str__(self):
        return "\n".join("".join(self[x, y] for x in range(self.w)) for y in range(self.h))
g = Grid(4, 3)
g[0, 0] = "#"
g[3, 2] = "@"
g[1, 1] = "x"
del g[1, 1]
print(g)
print(len(g), g[3, 2], g[2, 2])
try:
    g[9, 9]
except IndexError as e:
    print("IndexError:", e)
class Sparse:
    def __init__(self):
        self.d = {}
    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(10))]
        return self.d.get(i, 0)
    def __setitem__(self, i, v):
        self.d[i] = v
sp = Sparse()
sp[2] = 5
sp[7] = 1
print(sp[2], sp[3], sp[:], sp[::3], sp[-3:])
class Default(dict):
    def __missing__(self, key):
        return f"<{key}>"
dd = Default(a=1)
print(dd["a"], dd["zz"], dd.get("zz"), dd)
