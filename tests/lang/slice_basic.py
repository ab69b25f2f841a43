# slice objects: construction, attributes, indices(), use as subscripts, and custom __getitem__.
s = slice(1, 10, 2)
print(s, s.start, s.stop, s.step, slice(5), slice(None), slice(1, None, -1))
print(s.indices(6), slice(None, None, -1).indices(5), slice(-3, None).indices(10), slice(-100, 100).indices(7))
data = list(range(10))
print(data[s], data[slice(None, None, -3)], data[slice(-2, None)], "abcdef"[slice(1, -1)])
class Probe:
    def __getitem__(self, key):
        return key
p = Probe()
print(p[1], p[1:2], p[::2], p[:], p[1:2, 3], p[..., 1], p[-1:], p[::-1])
print(p[1:2] == slice(1, 2), slice(1, 2) == slice(1, 2, None), slice(1, 2) != slice(1, 3))
x = list(range(8))
x[slice(0, 4)] = ["a"]
print(x)
del x[slice(None, None, 2)]
print(x)
try:
    slice(0, 10, 0).indices(5)
except ValueError as e:
    print("ValueError:", e)
t = tuple(range(6))
print(t[1:5:2], t[-1:-7:-2], t[4:1], (1, 2, 3)[::-1], range(10)[2:9:3])
print(slice(1, 2).__class__.__name__, repr(slice("a", "b")), slice(1, 5, 2).indices(3))
