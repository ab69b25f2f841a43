# strip/lstrip/rstrip, split/rsplit with and without separators, splitlines and join.
s = "  \t hello world \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr("xxhixx".strip("x")), repr("abcba".strip("ab")))
print(repr("www.example.com".lstrip("cmowz.")), repr("mississippi".rstrip("ips")), repr("".strip()))
print("a,b,,c".split(","), "a b  c\td\ne".split(), " a b ".split(), " a b ".split(" "), "".split(), "".split(","))
print("a,b,c,d".split(",", 2), "a,b,c,d".rsplit(",", 2), "a b c d".rsplit(None, 1), "a,b".split(",", 0))
print("one::two::three".split("::"), "aaa".split("a"), "abc".split("abc"), "  x  y  ".split(None, 1))
print("1 2 3".split(maxsplit=1), "1 2 3".rsplit(maxsplit=1), "a-b-c".split(sep="-", maxsplit=1))
text = "line1\nline2\r\nline3\rline4\n\nlast"
print(text.splitlines(), text.splitlines(True), "x\n".splitlines(), "".splitlines(), "\n".splitlines(keepends=True))
print("a\x0bb\x0cc\x1cd\u2028e".splitlines())
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), " ".join(str(i) for i in range(5)), "".join(("p", "q")))
try:
    ",".join(["a", 1])
except TypeError as e:
    print("TypeError:", e)
try:
    "a".split("")
except ValueError as e:
    print("ValueError:", e)
print("k=v=w".partition("="), "k=v=w".rpartition("="), "abc".partition("x"), "abc".rpartition("x"))
print("a\tb\tc".expandtabs(), "a\tbc\tdef".expandtabs(4), "12345\t6".expandtabs(4), "\t".expandtabs(0))
