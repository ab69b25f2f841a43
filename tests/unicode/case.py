"""Prints what the str case methods make of every code point whose case is not
plain (case flags, the full mappings, final sigma's case-ignorable look-around,
title's cased look-back), then the runs of str.isalpha(). tests/run runs it
under python3 and tirun and compares the two, line for line."""
import sys

out = []
alpha_from = None
for cp in range(0x110000):
    c = chr(cp)
    facts = (c.lower(), c.upper(), c.title(), c.casefold(), c.swapcase(), c.capitalize(),
             c.islower(), c.isupper(), c.istitle(),
             ("A" + c + "\u03a3").lower(), (" " + c + "\u03a3").lower(), ("A\u03a3" + c).lower(),
             ("A" + c + "A").title(), ("a" + c + "a").swapcase())
    plain = (c, c, c, c, c, c, False, False, False, "a" + c + "\u03c3", " " + c + "\u03c3",
             "a\u03c2" + c, "A" + c + "A", "A" + c + "A")
    if facts != plain:
        out.append("%04X %s" % (cp, ascii(facts)))
    if c.isalpha() != (alpha_from is not None):
        if alpha_from is None:
            alpha_from = cp
        else:
            out.append("alpha %04X-%04X" % (alpha_from, cp - 1))
            alpha_from = None
sys.stdout.write("\n".join(out) + "\n")
