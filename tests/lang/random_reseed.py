# Re-seeding restarts the stream; different seeds give different streams; getstate/setstate.
import random
for seed in (0, 1, 42, 12345, 2 ** 40 + 7, -5):
    random.seed(seed)
    print(seed, random.random(), random.randint(0, 10 ** 6))
random.seed(7)
a = [random.random() for _ in range(3)]
random.seed(7)
b = [random.random() for _ in range(3)]
print(a == b, a)
state = random.getstate()
x = [random.randint(0, 99) for _ in range(5)]
random.setstate(state)
y = [random.randint(0, 99) for _ in range(5)]
print(x, x == y)
r = random.Random(42)
print(r.random(), r.randint(1, 6), random.Random(42).random() == random.Random(42).random())
r1, r2 = random.Random(99), random.Random(99)
print([r1.randrange(100) for _ in range(5)] == [r2.randrange(100) for _ in range(5)])
