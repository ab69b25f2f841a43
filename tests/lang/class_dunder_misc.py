# Numeric conversion dunders (__index__, __int__, __float__, __round__, __trunc__, ...) and __len__.
class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
class Num:
    def __int__(self):
        return 7
    def __float__(self):
        return 2.5
    def __round__(self, n=None):
        return f"round({n})"
    def __trunc__(self):
        return 3
    def __floor__(self):
        return 1
    def __ceil__(self):
        return 9
    def __complex__(self):
        return 1j
i = Idx(2)
print([10, 20, 30][i], "abc"[Idx(-1)], bin(i), hex(Idx(255)), range(10)[Idx(3)], [1, 2, 3, 4][Idx(1):Idx(3)])
print(int(Num()), float(Num()), round(Num()), round(Num(), 2), complex(Num()))
import math
print(math.trunc(Num()), math.floor(Num()), math.ceil(Num()), operator_index := i.__index__())
class Sized:
    def __len__(self):
        return 3
print(len(Sized()), bool(Sized()))
print(int(Idx(5)), float(Idx(5)), "ab" * Idx(2), [0] * Idx(3), (1, 2, 3)[Idx(0)])
class Empty:
    def __len__(self):
        return 0
print(bool(Empty()), len(Empty()), "truthy" if Empty() else "falsy", not Empty())
class NoConv:
    pass
for conv in (int, float, complex):
    try:
        conv(NoConv())
    except TypeError as e:
        print(conv.__name__, "TypeError:", e)
try:
    [1, 2][NoConv()]
except TypeError as e:
    print("TypeError:", e)
class BadIndex:
    def __index__(self):
        return "x"
try:
    [1][BadIndex()]
except TypeError as e:
    print("TypeError:", e)
