# Default arguments: evaluated once at definition time, mutable default pitfall, None idiom.
def greet(name, greeting="Hello", punct="!"):
    return f"{greeting}, {name}{punct}"
print(greet("Ann"), greet("Bob", "Hi"), greet("Cy", punct="?"), greet(greeting="Yo", name="Di"))
def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2), append_to(3, []), append_to(4))
def append_safe(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(append_safe(1), append_safe(2))
n = 10
def snapshot(v=n):
    return v
n = 20
print(snapshot(), snapshot(5))
def counter(step=1, start=0, *, stop=5):
    return list(range(start, stop, step))
print(counter(), counter(2), counter(2, 1), counter(stop=3), counter(start=2, step=1, stop=4))
print(greet.__defaults__, counter.__defaults__, counter.__kwdefaults__, greet.__name__)
print(append_to.__defaults__)
def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3), f(1, 5, 6, 7, c=8, e=9), f(a=1, c=2, d=0, z=1))
try:
    greet()
except TypeError as e:
    print("TypeError:", e)
