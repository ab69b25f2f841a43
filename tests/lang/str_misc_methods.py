# Assorted str methods and the str type itself.
print("Hello".encode(), "a,b".split(","), "x".join("abc"), "ab".__class__.__name__)
print("  spacious  ".strip().title(), "snake_case_name".replace("_", " ").title().replace(" ", ""))
words = "the rain in spain falls mainly on the plain".split()
print(sorted(words), sorted(words, key=len), sorted(words, key=lambda w: (-len(w), w)))
print(" ".join(w.capitalize() for w in words), [w for w in words if "ain" in w])
freq = {}
for ch in "mississippi":
    freq[ch] = freq.get(ch, 0) + 1
print(freq, sorted(freq.items(), key=lambda kv: -kv[1]))
print("{:-^30}".format(" centered "), "abc".center(9, "~"))
def is_palindrome(s):
    t = [c.lower() for c in s if c.isalnum()]
    return t == t[::-1]
for p in ("A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?", ""):
    print(repr(p), is_palindrome(p))
print("tic-tac-toe".split("-", 1), "a b".split(" ", -1), "aXbXc".rsplit("X", 1))
print("%s" % "x".zfill(3), "ab".ljust(1), "abc"[1:2].upper(), "Abc".swapcase().lower())
print(str.upper("x"), str.join(",", ["a", "b"]), str.split("a b"), str.__name__, type("") is str)
print("ab".startswith(("a",)), "%-3s|" % "é", "é".ljust(3) + "|", len("é".ljust(3)))
print("hello world".title(), "HELLO".isupper(), "1a".upper(), "ß".upper(), "ΐ".upper())
print(str(123).rjust(8, "0"), format(123, "08"), f"{123:08}", "123".zfill(8))
