# str.format: positional, keyword, index and attribute access, conversions, nested fields.
print("{} {} {}".format(1, "two", 3.0), "{0} {1} {0}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
print("{0[1]} {0[key]} {1.real} {1.imag}".format({1: "one", "key": "val"}, 3 + 4j))
print("{0!r} {0!s} {0!a}".format("é'x"), "{:>{w}}".format("r", w=5), "{:{f}{a}{w}}".format(7, f="*", a="^", w=9))
print("{{}} {{{}}} {}".format(1, 2), "{:}".format(5), "{!r:>8}".format("ab"), "{0:{1}.{2}f}".format(3.14159, 10, 3))
class P:
    def __init__(self):
        self.name = "pt"
        self.coords = [1, 2]
print("{p.name} {p.coords[1]} {p.coords}".format(p=P()))
print("{:,}".format(1234567), "{:_b}".format(255), "{:08.3f}".format(-3.14159), "{:+}".format(5))
print("{a}{b}".format_map({"a": 1, "b": 2}), "{0}{0}".format("ha"), "{}".format([1, "a"]))
d = {"x": 1}
print("{x}".format(**d), "{0}{1}{2}".format(*"abc"), "{:%}".format(0.256), "{:.1%}".format(1 / 3))
for fmt, args, kw in [("{0} {}", (1, 2), {}), ("{} {0}", (1,), {}), ("{2}", (1,), {}), ("{x}", (), {}),
                      ("{!z}", (1,), {}), ("{:d}", ("s",), {}), ("{", (), {}), ("}", (), {}), ("{0:abc}", (1,), {})]:
    try:
        print(fmt.format(*args, **kw))
    except (ValueError, IndexError, KeyError) as e:
        print(type(e).__name__ + ":", e)
class Money:
    def __init__(self, v):
        self.v = v
    def __format__(self, spec):
        return "$" + format(self.v, spec or ".2f")
print("{}".format(Money(3)), "{:.0f}".format(Money(2.5)), f"{Money(1.234):.1f}", format(Money(7)))
