# Sets in algorithms: dedup, graph search, membership tests.
nums = [5, 3, 5, 1, 3, 9, 1, 7]
seen = set()
uniq = []
for n in nums:
    if n not in seen:
        seen.add(n)
        uniq.append(n)
print(uniq, sorted(set(nums)), len(set(nums)))
graph = {1: [2, 3], 2: [4], 3: [4, 5], 4: [6], 5: [6], 6: [], 7: [1]}
def reachable(start):
    visited = set()
    stack = [start]
    while stack:
        n = stack.pop()
        if n in visited:
            continue
        visited.add(n)
        stack.extend(graph[n])
    return visited
print(reachable(1), reachable(5), reachable(7) - reachable(1))
a = {i for i in range(30) if i % 2 == 0}
b = {i for i in range(30) if i % 3 == 0}
print(a & b, sorted(a ^ b)[:8], len(a | b))
primes = set(range(2, 50))
for i in range(2, 8):
    primes -= set(range(i * i, 50, i))
print(primes)
pairs = {(i, j) for i in range(3) for j in range(3) if i < j}
print(sorted(pairs), len(pairs))
print(set(range(64, 70)), {-1, -2, 0}, {100, 200, 3})
