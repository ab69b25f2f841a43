# re: patterns that do not compile raise re.error with CPython's message and position.
import re

BAD = [
    "(", ")", "a)", "*a", "a**", "a*+*", "+", "?", "{1}", "[a", "[", "[z-a]", "[a-\\d]", r"\q", "\\",
    r"(?<=a+)b", r"(?<!a|bc)d", "(?P<a>x)(?P<a>y)", "(?P=zz)", r"\2(a)", "(?z)", "a(?i)b", "a{3,2}",
    "(?P<1a>x)", "(?P<>x)", "(?P<a", "(?#unterminated", r"(a\1)", "(?<x>a)", "(?Px)", "(?", "(?i",
    "(?-i)", "(?L)a", "(?au:a)", r"\x4", r"\u12", r"\400", "(?(1)a|b|c)", "(?(2)a)", "(?(x)a)",
    "(?(0)a)", "a{1,2}{3}", "^*", r"\b+", "x|*", "(?P=)",
]
for pattern in BAD:
    try:
        re.compile(pattern)
        print(repr(pattern), "compiled")
    except re.error as e:
        print(repr(pattern), "->", e, "| msg=%r pos=%r" % (e.msg, e.pos), e.pattern == pattern)
e = None
try:
    re.compile("ab\n(cd")
except re.error as err:
    e = err
print(e, e.lineno, e.colno, isinstance(e, Exception), re.error.__name__)
try:
    re.compile("a", re.LOCALE)
except ValueError as err:
    print("ValueError", err)
# constructs that look special but are literals
for pattern, text in [("x{", "x{"), ("x{,", "x{,"), ("x{a,b}", "x{a,b}"), ("a}", "a}"), ("]", "]"),
                      ("[]]", "]"), ("[-a]", "-"), ("[a-]", "-"), (r"[\]]", "]"), ("-", "-"), (r"\-", "-")]:
    print(repr(pattern), re.fullmatch(pattern, text) is not None)
for pattern in [r"[\d-z]", r"[a-\w]", r"[\w-]", r"[-\w]"]:
    try:
        print(repr(pattern), re.compile(pattern).findall("a-1z"))
    except re.error as e:
        print(repr(pattern), "->", e)
