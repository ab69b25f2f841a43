# globals() and locals() (only names defined here are printed).
top = 1
def show(a, b=2):
    c = a + b
    names = locals()
    return sorted(names.items())
print(show(1))
g = globals()
print(g["top"], "show" in g, g["__name__"], type(g).__name__)
g["injected"] = "via globals()"
print(injected)
def make_var(name, value):
    globals()[name] = value
make_var("dynamic", 99)
print(dynamic)
class K:
    x = 1
    names = sorted(n for n in locals() if not n.startswith("__"))
print(K.names)
print(sorted(n for n in globals() if not n.startswith("__")))
