# collections.defaultdict: default factories, repr, and missing-key behaviour.
from collections import defaultdict
groups = defaultdict(list)
for word in "apple bat avocado banana cherry blueberry".split():
    groups[word[0]].append(word)
print(groups)
print(dict(groups), groups["z"], "z" in groups, len(groups))
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(counts, counts["q"], dict(counts))
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["x"] += 1
nested["a"]["y"] += 2
nested["b"]["x"] += 3
print({k: dict(v) for k, v in nested.items()})
sets = defaultdict(set)
sets["evens"].update({2, 4})
sets["odds"].add(1)
print(sorted(sets.items()))
plain = defaultdict()
try:
    plain["missing"]
except KeyError as e:
    print("KeyError:", e)
print(plain.default_factory, groups.default_factory, counts.get("never"), "never" in counts)
d = defaultdict(str, {"k": "v"})
print(d["k"], repr(d["new"]), d, isinstance(d, dict))
tree = lambda: defaultdict(tree)
t = tree()
t["a"]["b"]["c"] = 1
print(t["a"]["b"]["c"], list(t), list(t["a"]))
