# String operators: concatenation, repetition, comparison, membership, iteration, immutability.
a, b = "spam", "eggs"
print(a + b, a * 3, 3 * b, a * 0, a * -1, (a + " ") * 2, "-" * 20)
print(a < b, a > b, a == "spam", a != "Spam", "abc" < "abd", "ab" < "abc", "" < "a", "Z" < "a", "10" < "9")
print("p" in a, "am" in a, "ma" in a, "" in a, "x" not in a)
for ch in "héy":
    print(ch, end=".")
print()
print(list("abc"), tuple("ab"), sorted("banana"), set("aaa"), "".join(reversed("stressed")))
s = "x"
t = s
s += "y"
print(s, t, s is not t)
acc = ""
for i in range(10):
    acc += str(i)
print(acc, len(acc), acc[3:7], acc.count("1"))
print(str(), str(12), str(1.5), str([1, "a"]), str((1,)), str({"k": "v"}), str(b"x"), str(str))
print(repr("a") + repr(1), "%s" % "a" + "b", "ab" "cd", "multi" "ple" " parts")
try:
    "a" + 1
except TypeError as e:
    print("TypeError:", e)
try:
    "a" * "b"
except TypeError as e:
    print("TypeError:", e)
try:
    "a" < 1
except TypeError as e:
    print("TypeError:", e)
try:
    1 in "abc"
except TypeError as e:
    print("TypeError:", e)
print(max(["apple", "banana", "cherry"], key=len), min("hello world".split(), key=lambda w: w[-1]))
print("a".__add__("b"), "abc".__len__(), "abc".__contains__("b"), "ab".__mul__(2), "abc".__getitem__(1))
