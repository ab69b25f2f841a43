# exec() and eval(): namespaces, locals, syntax errors, and __import__.
g = {}
exec("x = 1\ny = x + 1\ndef h(n):\n    return n * y", g)
print(g["x"], g["y"], g["h"](5), "__builtins__" in g)
print(eval("  x * 10", g), eval("1 + 2"), eval(b"3 * 3"))
l = {}
exec("z = 5\nw = z + x", g, l)
print(sorted(l), "z" in g)
def f():
    a = 3
    return eval("a + 1"), eval("[a * i for i in range(3)]", {"a": a})
print(f())
class C:
    v = eval("2 ** 5")
print(C.v)
for src in ["x = 1", "1 +", "def f(:"]:
    try:
        eval(src)
    except SyntaxError as e:
        print("SyntaxError", e, repr(e.text))
try:
    exec("1 / 0")
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    exec(42)
except TypeError as e:
    print("TypeError", e)
try:
    exec("pass", [])
except TypeError as e:
    print("TypeError", e)
m = __import__("math")
print(m.sqrt(16), __import__("sys").maxsize > 0)
try:
    __import__("no_such_mod_here")
except ModuleNotFoundError as e:
    print(e, e.name)
counter = 0
exec("counter += 1")
exec("counter += 1")
print(counter)
