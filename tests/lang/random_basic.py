# random seeded with 42 reproduces CPython's Mersenne Twister stream exactly.
import random
random.seed(42)
print([random.random() for _ in range(5)])
print([random.randint(1, 100) for _ in range(10)])
print([random.randrange(10) for _ in range(10)], [random.randrange(5, 50, 5) for _ in range(5)])
print([random.uniform(-1, 1) for _ in range(3)])
print([random.choice("abcdefg") for _ in range(8)], random.choice([10, 20, 30]), random.choice(range(1000)))
deck = list(range(20))
random.shuffle(deck)
print(deck)
print([round(random.gauss(0, 1), 12) for _ in range(4)], random.gauss(10, 2))
print(random.getrandbits(8), random.getrandbits(64), random.getrandbits(100))
