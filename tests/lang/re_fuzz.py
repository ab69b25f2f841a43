# re: random patterns over a small alphabet, each run through match/search/fullmatch/
# findall/split/sub; CPython's results are the expected output.
import re

seed = 12345


def rand(n):
    # a linear congruential generator, so the patterns do not depend on `random`
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return (seed >> 8) % n


ATOMS = ["a", "b", ".", "[ab]", "[^a]", "\\d", "\\w", "\\s", "(a)", "(b|a)", "(?:ab)", "(a*)",
         "(?=a)", "(?!b)", "(?<=a)", "x?", "(?P<n>a|b)", "(?i:A)", "(a|)", "(?<!b)"]
ANCHORS = ["\\b", "^", "$", "\\B", "\\A", "\\Z"]
QUANTS = ["", "", "", "*", "+", "?", "*?", "+?", "??", "{2}", "{1,2}", "{0,}", "{1,2}?", "*+"]


def summary(m):
    if m is None:
        return "-"
    return "%d:%d%s" % (m.start(), m.end(), "".join("/%d,%d" % m.span(g) for g in range(1, m.re.groups + 1)))


for _ in range(400):
    pattern = "".join(ATOMS[rand(len(ATOMS))] + QUANTS[rand(len(QUANTS))] if rand(5) else ANCHORS[rand(len(ANCHORS))]
                      for _ in range(1 + rand(4)))
    if rand(5) == 0:
        pattern += "|" + ATOMS[rand(len(ATOMS))]
    if rand(8) == 0 and "(" in pattern:
        pattern += "\\1"
    text = "".join("ab 1\nx"[rand(6)] for _ in range(rand(9)))
    try:
        p = re.compile(pattern)
    except re.error as e:
        print(repr(pattern), "error", e)
        continue
    print(repr(pattern), repr(text), summary(p.match(text)), summary(p.search(text)),
          summary(p.fullmatch(text)), p.findall(text), p.split(text), repr(p.sub("<\\g<0>>", text)))
