# re: findall / finditer / sub / subn / split / escape / purge, compared with CPython's re.
import re

print(re.findall(r"\d+", "a1b22c333"), re.findall(r"(\w)(\d)", "a1 b2 c"), re.findall(r"(a)|b", "ab"))
print(re.findall(r"x*", "axxb"), re.findall(r"", "ab"), re.findall(r"\b", "a b"))
print([m.span() for m in re.finditer(r"x*", "abxd")], [m.group(1) for m in re.finditer(r"(\w)\w*", "ab cd")])
print(re.compile(r"\w").findall("abcd", 1, 3), list(re.compile(r"a").finditer("aaa", 1)))
for pattern, repl, text in [
    (r"x*", "-", "abxd"), (r"(\w+)@(\w+)", r"\2 at \1", "joe@home, ann@work"), (r"a", r"\n\t\\", "cab"),
    (r"(?P<y>\d{4})-(?P<m>\d\d)", r"\g<m>/\g<y>", "on 2024-05 and 1999-12"), (r"(a)(b)?", r"[\2]", "a ab"),
    (r"", "-", "abc"), (r"\s+", " ", "  a   b \n c  "), (r"(\d)", r"\g<1>0", "1 2"), (r"b", r"\&", "abc"),
    (r"(?i)A", "x", "aAbA"), (r"^", "> ", "l1\nl2"), (r"(?m)^", "> ", "l1\nl2"), (r"$", "!", "a\n"),
]:
    print(repr(re.sub(pattern, repl, text)), re.subn(pattern, repl, text)[1])
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "a1 b22 c333"))
print(re.sub(r"a", "b", "aaaa", 2), re.subn(r"a", "b", "aaaa", count=3), re.sub(r"a", "b", "aaaa", flags=re.I))
print(re.compile(r"o").sub("0", "foo boo"), re.compile(r"o").subn(lambda m: "", "foo"))
print(re.sub(r"(?P<w>\w+)", lambda m: m["w"].upper() + str(m.lastindex), "ab cd"))
for pattern, text in [
    (r"\s*,\s*", "a , b,c"), (r"(,)", "a,b,c"), (r"x*", "axb"), (r"\b", "a b"), (r"(a)|b", "cacbc"),
    (r"", "ab"), (r"\W+", "Words, words, words."), (r"(\W+)", "Words, words, words."), (r"[\s;]+", ""),
    (r"(?=b)", "abab"), (r"a", "aaa"), (r"(a)(x)?", "bab"),
]:
    print(re.split(pattern, text), re.split(pattern, text, 1), re.split(pattern, text, maxsplit=2))
print(re.compile(r"[,;]").split("a,b;c", 1))
print(re.escape("a.b*c+d?e(f)g[h]i{j}k|l^m$n\\o p#q-r&s~t\tu\nv"), re.escape("plain_text123"), re.escape(""))
for s in ["1+1=2", "[x]", "a\\b", "tab\there", "ünï"]:
    print(re.match(re.escape(s), s).group() == s, re.escape(s))
re.purge()
print(re.search(r"b", "abc").span())
m = re.match(r"(\w+) (\w+)", "Isaac Newton")
print(m.expand(r"\2, \1"), m.expand(r"\g<0>!"))
for bad_repl in [r"\3", r"\g<x>", r"\g<1", r"\q", "\\", r"\g<>", r"\g<1a>"]:
    try:
        print(re.sub(r"(a)(b)", bad_repl, "ab"))
    except re.error as e:
        print("error:", e, e.pos)
    except IndexError as e:
        print("IndexError:", e)
try:
    re.sub(r"a", lambda m: 1, "a")
except TypeError as e:
    print("TypeError:", e)
try:
    re.search(r"a", 5)
except TypeError as e:
    print("TypeError:", e)
# a long subject with many matches stays quick
text = "word " * 2000
print(len(re.findall(r"\w+", text)), len(re.sub(r"o", "0", text)), len(re.split(r" ", text)))
for call in (lambda: re.finditer("a", b"a"), lambda: re.findall("a", 3), lambda: re.split("a", None),
             lambda: re.sub("a", "b", b"a"), lambda: re.fullmatch("a", ["a"])):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
