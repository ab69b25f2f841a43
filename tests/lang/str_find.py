# Searching: find/rfind/index/rindex/count/startswith/endswith/in, with start and end.
s = "the quick brown fox jumps over the lazy dog"
print(s.find("the"), s.find("the", 1), s.rfind("the"), s.find("cat"), s.rfind("o", 0, 20), s.find(""), s.rfind(""))
print(s.index("fox"), s.rindex("o"), s.count("o"), s.count("the"), s.count(""), "aaaa".count("aa"), s.count("o", 15, 30))
print(s.startswith("the"), s.startswith("quick", 4), s.endswith("dog"), s.endswith(("cat", "dog")), s.startswith(("a", "b")))
print(s.startswith("he", 1, 3), s.endswith("quick", 0, 9), "".startswith(""), "abc".endswith(""))
print("fox" in s, "cat" not in s, "" in s, s.find("o", -10), s.find("o", -3), s.find("t", 100))
try:
    s.index("cat")
except ValueError as e:
    print("ValueError:", e)
try:
    s.rindex("cat")
except ValueError as e:
    print("ValueError:", e)
print("abcabc".replace("b", "X"), "abcabc".replace("b", "X", 1), "aaa".replace("a", "aa"), "abc".replace("", "-"))
print("hello".replace("l", ""), "x".replace("x", "yy", 0), "  ".replace(" ", "_"), "abc".replace("abc", ""))
print("prefix_name".removeprefix("prefix_"), "name.py".removesuffix(".py"), "abc".removeprefix("x"), "abc".removesuffix(""))
tbl = str.maketrans("abc", "xyz", "d")
print("abcdabcd".translate(tbl), "hello".translate({ord("l"): "L", ord("o"): None}), str.maketrans({"a": "b"}))
print("héllo wörld".find("w"), "日本語テキスト".find("テ"), "日本語".index("語"), "ünïcödé".count("ö"))
