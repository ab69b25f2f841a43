# Indexing and slicing strings, including negative indices, steps and out-of-range bounds.
s = "abcdefghij"
print(s[0], s[-1], s[3], s[-4], s[:3], s[3:], s[2:5], s[-3:], s[:-3], s[::2], s[1::2], s[::-1])
print(s[8:2:-1], s[-1:-4:-1], s[::-3], s[100:], s[-100:3], s[3:3], s[5:2], s[2:100:3], s[:], s[::-100])
for start in (None, 0, 2, -2, 20):
    print([s[start:stop] for stop in (None, 0, 3, -3, 20)])
print(s[slice(1, 8, 2)], s[slice(None, None, -2)], s[slice(3)], slice(1, 8, 2).indices(len(s)))
t = "héllo wörld ✓"
print(t[1], t[7], t[-1], t[::-1], t[2:9], len(t), t[len(t) - 1])
try:
    s[10]
except IndexError as e:
    print("IndexError:", e)
try:
    s[::0]
except ValueError as e:
    print("ValueError:", e)
try:
    s[0] = "z"
except TypeError as e:
    print("TypeError:", e)
for i in range(-len(s), len(s), 3):
    print(i, s[i], s[i:i + 2])
