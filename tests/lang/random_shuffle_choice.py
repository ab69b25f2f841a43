# shuffle and choice in small simulations (seeded, so CPython's exact results are expected).
import random
random.seed(42)
names = ["ann", "bob", "cid", "dee", "eve", "fay"]
for _ in range(3):
    random.shuffle(names)
    print(names)
rolls = [random.randint(1, 6) for _ in range(60)]
print(rolls)
print({face: rolls.count(face) for face in range(1, 7)})
walk = [0]
for _ in range(30):
    walk.append(walk[-1] + random.choice((-1, 1)))
print(walk)
hits = sum(1 for _ in range(2000) if random.random() ** 2 + random.random() ** 2 <= 1)
print(hits, 4 * hits / 2000)
letters = [random.choice("ACGT") for _ in range(40)]
print("".join(letters))
