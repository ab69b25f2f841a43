# Dict and set comprehensions.
print({x: x ** 2 for x in range(6)})
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
print({v: k for k, v in {"a": 1, "b": 2}.items()})
print({x % 5 for x in range(20)}, {x for x in [3, 1, 3, 2, 1]}, {c for c in "aaa"})
words = ["apple", "bob", "cat", "apple", "dog", "bob"]
print({w: words.count(w) for w in words})
print({w: len(w) for w in sorted(set(words))})
print({(i, j): i * j for i in range(3) for j in range(3) if i <= j})
print({i: {j for j in range(i)} for i in range(4)})
print({k: [v for v in range(k)] for k in range(4)})
print({x: "fizz" * (x % 3 == 0) + "buzz" * (x % 5 == 0) or x for x in range(1, 16)})
print(sorted({len(w) for w in words}), {-x for x in range(4)}, {x * 10 for x in range(7)})
d = {i: i for i in range(3)}
print({k: d[k] + 1 for k in d}, {str(k): v for k, v in d.items()})
