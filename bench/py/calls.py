# Benchmark: function and method calls the way configuration-style glue code makes
# them: keyword arguments, defaults, keyword-only parameters, *args / **kwargs,
# argument unpacking, tuple returns and unpacking, isinstance / getattr / setattr,
# super() calls and small inheritance hierarchies.
N = 280000


def config(arch="cpu", debug=False, *, threads=4, fast_math=True, **extra):
    return (len(arch) + (1 if debug else 0) + threads
            + (2 if fast_math else 0) + len(extra))


def varsum(*args, **kwargs):
    s = 0
    for a in args:
        s += a
    for k in kwargs:
        s += kwargs[k] * len(k)
    return s


def divmod_pair(a, b):
    return a // b, a % b


def bbox(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


class Shape:
    sides = 0

    def __init__(self, name, scale=1.0):
        self.name = name
        self.scale = scale

    def area(self):
        return 0.0

    def describe(self):
        return f"{self.name}:{self.sides}"


class Rect(Shape):
    sides = 4

    def __init__(self, w, h, **kw):
        super().__init__("rect", **kw)
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h * self.scale


class Square(Rect):
    def __init__(self, s, **kw):
        super().__init__(s, s, **kw)
        self.name = "square"


class Tri(Shape):
    sides = 3

    def __init__(self, b, h, scale=1.0):
        super().__init__("tri", scale=scale)
        self.b = b
        self.h = h

    def area(self):
        return 0.5 * self.b * self.h * self.scale


def main():
    n = N
    acc = 0
    for i in range(n):
        acc += config()
        acc += config("cuda", True, threads=i % 8)
        acc += config(arch="vulkan", fast_math=False, offline_cache=True, log_level=i)
        opts = {"threads": 2, "debug": i % 2 == 0}
        acc += config("x", **opts)
        args = (i, i + 1, i + 2)
        acc += varsum(*args) + varsum(1, 2, alpha=i % 5, be=1)
        q, r = divmod_pair(i * 7 + 3, 5)
        acc += q - r
    out = [acc]
    shapes = []
    for i in range(n // 4):
        k = i % 3
        if k == 0:
            shapes.append(Rect(i % 7 + 1, i % 5 + 1))
        elif k == 1:
            shapes.append(Square(i % 4 + 1, scale=0.5))
        else:
            shapes.append(Tri(i % 6 + 1, 2.0))
    total = 0.0
    kinds = {}
    for s in shapes:
        total += s.area()
        d = s.describe()
        kinds[d] = kinds.get(d, 0) + 1
        if isinstance(s, Rect):
            total += getattr(s, "w") * 0.25
        if hasattr(s, "b"):
            setattr(s, "b", s.b + 1)
            total += s.b
    out.append(total)
    out.append(sorted(kinds.items()))
    pts = [(i * 37 % 101, i * 53 % 97) for i in range(n // 10)]
    out.append(bbox(pts))
    print("calls", out)


main()
