# re: match / search / fullmatch and the Match object, compared with CPython's re.
import re


def show(m):
    if m is None:
        return "None"
    spans = [m.span(g) for g in range(m.re.groups + 1)]
    return "%r groups=%r spans=%r last=%r/%r dict=%r" % (
        m.group(), m.groups(), spans, m.lastindex, m.lastgroup, m.groupdict())


CASES = [
    (r"a+b", "xaaab"), (r"(a)(b)?", "a"), (r"((a)b)", "ab"),
    (r"(?P<num>\d+)-(?P<word>\w+)", "ab 12-cd"), (r"^abc$", "abc\n"), (r"(?i)HeLLo", "hello"),
    (r"a.c", "a\nc"), (r"(?s)a.c", "a\nc"), (r"[a-z]+", "ABC def"), (r"[^a-z]+", "abcDEF1"),
    (r"\bfoo\b", "a foo b"), (r"\Bo\B", "foo"), (r"(a*)*", "b"), (r"(a*)+", "b"), (r"(|a)+", "aa"),
    (r"(a|)+", "aa"), (r"(a|ab)(c|bcd)(d*)", "abcd"), (r"(?<=a)b", "ab"), (r"(?<!a)b", "ab cb"),
    (r"(?<=\d{2})x", "1x 12x"), (r"x(?=y)", "xy"), (r"x(?!y)", "xyxz"), (r"(a)\1", "aa"),
    (r"(?P<q>['\"]).*?(?P=q)", "say \"hi\" ok"), (r"a{2,3}", "aaaa"), (r"a{2,3}?", "aaaa"),
    (r"a{2}", "aaaa"), (r"a{2,}", "aaaa"), (r"a{,2}", "aaaa"), (r"(ab){2}", "ababab"),
    (r"(?:ab)+?c", "ababc"), (r"a*+a", "aaa"), (r"(?>a+)b", "aab"), (r"(a)?(?(1)b|c)", "c"),
    (r"(a)?(?(1)b|c)", "ab"), (r"\d+\.\d*", "v 3.14"), ("(?x) a  b # comment\n c", "abc"),
    (r"[\d\s]+", "a1 2b"), (r"x{", "x{"), (r"x{a}", "x{a}"), (r"\Aab\Z", "ab"), (r"(?m)^b$", "a\nb\nc"),
    (r"(?i)[a-c]+", "ABCD"), (r".*?x", "aaxbx"), (r"(a+)+b", "aaaab"), (r"(?i:a)B", "AB Ab"),
    (r"(?-i:a)b", "Ab ab"), (r"[\w.-]+@[\w.-]+", "mail x.y@z.com now"), (r"[]a]+", "]a]"),
    (r"[^]]+", "ab]"), (r"[a-]+", "a-a"), (r"\x41\u0042\101\0", "ABA\0"), (r"\$\d+", "cost $45"),
    (r"(?P<n>a)|(?P<m>b)", "b"), (r"$", "a\n"), (r"(?m)$", "a\nb\n"), (r"[\b]", "\b"),
    (r"(?#comment)a", "a"), (r"(?:(a)|b)+", "ab"), (r"((a)|b)+", "ab"), (r"\w+", "héllo wörld"),
    (r"(?a)\w+", "héllo"), (r"(?i)[^a]", "A"), (r"(?i)\w", "É"), (r"\d", "٣"), (r"(?a)\d", "٣"),
    (r"\s+", "a \t\n b"), (r"\S+", "  ab  "), (r"\W+", "ab, cd"), (r"\D+", "12ab34"),
    (r"(a)|(b)|(c)", "c"), (r"(?:x|(y))z", "xz"), (r"a|b|", "c"), (r"", "abc"),
    (r"(?i)ǅ", "ǆ"), (r"[a-cx-z]+", "abcxyzd"), (r"[.]+", "a..b"), (r"\.\*\+\?", ".*+?"),
    (r"(\w+)\s+\1", "hello hello world"), (r"(?i)(\w+) \1", "Ab aB"), (r"^(\w+)=(.*)$", "key=val=x"),
    (r"(.)(.)(.)(.)(.)(.)(.)(.)(.)(.)(.)\11", "abcdefghijkk"),
]

for pattern, text in CASES:
    print(repr(pattern), repr(text))
    for how in ("match", "search", "fullmatch"):
        print("  %s: %s" % (how, show(getattr(re, how)(pattern, text))))

p = re.compile(r"(?P<first>\w+) (?P<last>\w+)")
m = p.match("Jane Doe jr")
print(m, bool(m))
print(m.group("first"), m["last"], m[0], m.group(1, "last"), m.start(2), m.end("first"))
print(m.string, m.re is p, m.pos, m.endpos, m.regs)
print(m.expand(r"\g<last>, \1 (\g<0>)"))
print(p.pattern, p.flags, p.groups, sorted(p.groupindex.items()))
print(p.search("xx Ann Lee", 3), p.search("xx Ann Lee", 4), p.match("Ann Lee", 0, 5))
print(p.fullmatch("Ann Lee"), p.fullmatch("Ann Lee", 0, 6))
print(re.compile(r"^a").search("ba", 1), re.compile(r"(?m)^a").search("b\na", 1))
print(re.compile(r"$").search("ab", 0, 1).span())
m = re.match(r"(a)(b)?", "a")
print(m.groups("-"), m.groupdict("-"), m.span(2), m.start(2))
for bad in (3, "nope", -1):
    try:
        m.group(bad)
    except IndexError as e:
        print("IndexError", e)
print(re.compile("a") == re.compile("a"), re.compile("a") is re.compile("a"))
print(re.compile("a", re.I | re.M), re.compile("(?s)a"), re.compile("a", re.X | re.A))
print(re.compile(re.compile("x")).pattern)
try:
    re.compile(re.compile("x"), re.I)
except ValueError as e:
    print("ValueError", e)
print(re.I, re.IGNORECASE == 2, re.M, re.S, re.X, re.A, re.U, re.DOTALL | re.VERBOSE)
# catastrophic backtracking terminates; deep repetition does not overflow a stack
print(re.match(r"(a+)+$", "a" * 14 + "b"))
print(len(re.match(r"(?:ab)*", "ab" * 3000).group()))
print(len(re.match(r"(a|b)*c", "ab" * 2000 + "c").group()), re.match(r"(a|b)*c", "ab" * 2000 + "c").span(1))
# case folding beyond lower(): Kelvin sign, long s, sharp s, final sigma; look-behind seeing ahead
for pattern, text in [("(?i)k", "\u212a"), ("(?i)\u212a", "k"), ("(?i)[k]", "\u212a"), ("(?i)[\u212a]", "K"),
                      ("(?i)ß", "ẞ"), ("(?i)σ", "Σς"), ("(?i)[a-z]+", "ſK"), ("(?i)[^s]", "ſ"), ("(?i)é", "É"),
                      ("(?i)(a)\\1", "aA"), ("(?<=a(?=b))b", "ab"), ("(?<=a$)", "a"), ("(?<=\\b)a", " a")]:
    print(repr(pattern), repr(text), show(re.search(pattern, text)))
