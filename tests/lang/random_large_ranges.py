# randrange/randint over large and negative ranges, and big-int bit draws.
import random
random.seed(42)
print([random.randint(-10, 10) for _ in range(12)])
print([random.randrange(-100, 100, 7) for _ in range(6)])
print(random.randrange(10 ** 20), random.randint(2 ** 64, 2 ** 65), random.randrange(1, 2 ** 100, 2))
print([random.randrange(1 << n) for n in (1, 2, 7, 8, 31, 32, 33, 63, 64)])
print([random.randint(0, 1) for _ in range(20)])
for bad in (lambda: random.randrange(0), lambda: random.randint(5, 1), lambda: random.choice([])):
    try:
        bad()
    except (ValueError, IndexError) as e:
        print(type(e).__name__ + ":", e)
