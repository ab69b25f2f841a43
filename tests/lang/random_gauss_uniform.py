# gauss and uniform draws, summarised deterministically.
import random
random.seed(42)
g = [random.gauss(100, 15) for _ in range(10)]
print(g)
print(min(g), max(g), sum(g) / len(g))
u = [random.uniform(2.5, 7.5) for _ in range(10)]
print(u)
print(all(2.5 <= v <= 7.5 for v in u), round(sum(u), 10))
random.seed(1)
samples = [random.gauss(0, 1) for _ in range(1000)]
mean = sum(samples) / len(samples)
print(round(mean, 12), round(sum((s - mean) ** 2 for s in samples) / len(samples), 12))
print([round(random.uniform(10, 0), 9) for _ in range(3)])
