# What the parser and compiler take and refuse, as CPython 3.11: a repeated
# keyword is a SyntaxError of the compiler (ast.parse takes it), and long
# elif chains, 1000 chained unary operators and long displays all compile.


def anything(*args, **kwargs):
    pass


def report(src):
    try:
        exec(src, {"f": anything, "k": {}, "y": (), "z": {}})
        print("runs")
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset, e.end_offset)


report("f(a=1, a=2)")
report("f(a=1,\n  b=2, a=3)")
report("f(x, *y, k=1, **z, k=2)")
report("class A(x=1, b=2, x=3): pass")
report("f(a=1, **k, b=2)")

# 999 elif branches
src = "x = 998\nif x == -1:\n    r = -1\n" + "".join("elif x == %d:\n    r = %d * 2\n" % (i, i) for i in range(999))
ns = {}
exec(src, ns)
print(ns["r"])

# 1000 chained unary operators
print(eval("-" * 1000 + "7"), eval("-" * 999 + "7"), eval("~" * 1001 + "7"), eval("not " * 1000 + "0"))

# long displays: no frame reserves a value-stack slot per item (20 frames of
# a 60000-item display would need more than the whole stack)
src = "def f(k):\n    x = [" + "1," * 60_000 + "]\n    return len(x) + (f(k - 1) if k else 0)\n"
exec(src, ns)
print(ns["f"](19))
items = eval("(" + "".join("%d," % i for i in range(3000)) + ")")
print(len(items), items[-1])
print(len(eval("{" + ",".join(str(i) for i in range(3000)) + "}")))
d = eval("{" + ",".join("%d: %d" % (i, -i) for i in range(3000)) + "}")
print(len(d), d[2999])
print(eval("[" + ",".join("x%d" % (i % 3) for i in range(1000)) + ", *range(3)]", {"x0": 0, "x1": 1, "x2": 2})[-5:])
