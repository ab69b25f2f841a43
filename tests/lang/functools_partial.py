# functools.partial: frozen positional and keyword arguments, attributes, nesting.
from functools import partial
def power(base, exp, *, mod=None):
    return pow(base, exp, mod)
square = partial(power, exp=2)
cube = partial(power, exp=3)
two_to = partial(power, 2)
print(square(5), cube(3), two_to(10), two_to(10, mod=1000), square(7, mod=10))
print(square.func is power, square.args, square.keywords, two_to.args, two_to.keywords)
int_base2 = partial(int, base=2)
print(int_base2("1011"), int_base2("1111", base=10), list(map(partial(int, base=16), ["ff", "10"])))
p2 = partial(partial(power, 3), mod=7)
print(p2(4), p2.func is power, p2.args, p2.keywords)
def tag(name, content, cls="plain"):
    return f"<{name} class={cls}>{content}</{name}>"
bold = partial(tag, "b", cls="strong")
print(bold("hi"), bold(content="x"), bold("y", cls="override"))
print(sorted(["bb", "a", "ccc"], key=partial(len)), callable(bold), type(bold).__name__)
try:
    partial(power)()
except TypeError as e:
    print("TypeError:", e)
