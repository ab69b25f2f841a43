"""Regular expressions: CPython's `re` API over a backtracking matcher of our own.

A pattern is parsed into a small tree (_Parser), compiled into a flat instruction
list (_Compiler) and run by _run, whose backtracking state lives on an explicit
stack, so no pattern can exhaust the interpreter's recursion depth.
"""

__all__ = [
    "compile", "match", "fullmatch", "search", "findall", "finditer", "sub", "subn",
    "split", "escape", "purge", "error", "Pattern", "Match",
    "A", "ASCII", "I", "IGNORECASE", "M", "MULTILINE", "S", "DOTALL", "X", "VERBOSE",
    "U", "UNICODE", "NOFLAG", "RegexFlag",
]

class RegexFlag(int):
    """A flag value printed by name, like CPython's enum (re.IGNORECASE|re.MULTILINE)."""

    def __repr__(self):
        value = int(self)
        names = [name for bit, name in _FLAG_NAMES if value & bit]
        rest = value & ~sum(bit for bit, _ in _FLAG_NAMES)
        if rest or not names:
            names.append("re.NOFLAG" if not value else hex(rest))
        return "|".join(names)

    __str__ = __repr__

    def __or__(self, other):
        return RegexFlag(int(self) | int(other)) if isinstance(other, int) else NotImplemented

    __ror__ = __or__

    def __and__(self, other):
        return RegexFlag(int(self) & int(other)) if isinstance(other, int) else NotImplemented

    __rand__ = __and__


NOFLAG = RegexFlag(0)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
U = UNICODE = RegexFlag(32)
X = VERBOSE = RegexFlag(64)
A = ASCII = RegexFlag(256)

_FLAG_LETTERS = {"i": 2, "m": 8, "s": 16, "x": 64, "a": 256, "u": 32, "L": 4}
_FLAG_NAMES = [(2, "re.IGNORECASE"), (4, "re.LOCALE"), (8, "re.MULTILINE"),
               (16, "re.DOTALL"), (32, "re.UNICODE"), (64, "re.VERBOSE"), (256, "re.ASCII")]


class error(Exception):
    """A pattern or replacement template that cannot be compiled."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            self.lineno = pattern.count("\n", 0, pos) + 1
            self.colno = pos - pattern.rfind("\n", 0, pos)
            if "\n" in pattern:
                msg = "%s at position %d (line %d, column %d)" % (msg, pos, self.lineno, self.colno)
            else:
                msg = "%s at position %d" % (msg, pos)
        else:
            self.lineno = self.colno = None
        Exception.__init__(self, msg)


PatternError = error

# --- character predicates -------------------------------------------------------------------

_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_ASCII_DIGIT = frozenset("0123456789")
_ASCII_SPACE = frozenset(" \t\n\r\f\v")


def _fold(ch):
    # the case-insensitive key of a character: equal keys match under IGNORECASE,
    # so K (Kelvin) meets k, and ſ meets s, as in CPython
    up = ch.upper()
    if len(up) == 1:
        low = up.lower()
        if len(low) == 1:
            return low
    low = ch.lower()
    return low if len(low) == 1 else ch


def _is_word(ch, ascii_only):
    if ascii_only:
        return ch in _ASCII_WORD
    return ch == "_" or ch.isalnum()


# category codes used by character sets and by \d \w \s outside sets
_CAT_DIGIT, _CAT_NOT_DIGIT, _CAT_WORD, _CAT_NOT_WORD, _CAT_SPACE, _CAT_NOT_SPACE = range(6)


def _in_category(cat, ch, ascii_only):
    if cat == _CAT_DIGIT or cat == _CAT_NOT_DIGIT:
        hit = ch in _ASCII_DIGIT if ascii_only else ch.isdecimal()
    elif cat == _CAT_WORD or cat == _CAT_NOT_WORD:
        hit = _is_word(ch, ascii_only)
    else:
        hit = ch in _ASCII_SPACE if ascii_only else (ch.isspace() or ch in "\x1c\x1d\x1e\x1f\x85")
    return hit if cat % 2 == 0 else not hit


class _CharSet:
    """A [...] class (or \\d-style category): literal chars, ranges, categories, negation."""

    def __init__(self, chars, ranges, cats, negate, icase, ascii_only):
        self.negate = negate
        self.ranges = ranges
        self.cats = cats
        self.icase = icase
        self.ascii_only = ascii_only
        if icase:
            folded = set()
            for c in chars:
                folded.update((c, c.lower(), c.upper(), _fold(c)))
            chars = folded
        self.chars = frozenset(chars)
        # ASCII answers precomputed: most subjects are ASCII text
        self.ascii = frozenset(c for c in map(chr, range(128)) if self._contains(c))

    def _hit(self, ch):
        if ch in self.chars:
            return True
        o = ord(ch)
        for lo, hi in self.ranges:
            if lo <= o <= hi:
                return True
        for cat in self.cats:
            if _in_category(cat, ch, self.ascii_only):
                return True
        return False

    def contains(self, ch):
        if ch < "\x80":
            return ch in self.ascii
        return self._contains(ch)

    def _contains(self, ch):
        hit = self._hit(ch)
        if not hit and self.icase:
            for other in (ch.lower(), ch.upper(), _fold(ch)):
                if len(other) == 1 and other != ch and self._hit(other):
                    hit = True
                    break
        return hit != self.negate


# --- parser ---------------------------------------------------------------------------------
#
# Nodes are tuples:
#   ("lit", ch, icase)             ("any", dotall)            ("set", _CharSet)
#   ("cat", [nodes])               ("alt", [nodes])           ("group", index or None, node)
#   ("rep", node, min, max, greedy, possessive)  (max None: unbounded)
#   ("at", kind)                   ("backref", index, icase)  ("look", node, ahead, negate)
#   ("atomic", node)               ("cond", index, yes, no)

_MAXREPEAT = 4294967295
_REPEAT_CHARS = "*+?{"
_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_CATEGORIES = {"d": _CAT_DIGIT, "D": _CAT_NOT_DIGIT, "w": _CAT_WORD, "W": _CAT_NOT_WORD,
               "s": _CAT_SPACE, "S": _CAT_NOT_SPACE}
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


class _Parser:
    def __init__(self, pattern, flags):
        self.p = pattern
        self.i = 0
        self.flags = flags
        self.ngroups = 0
        self.names = {}
        self.open_groups = []

    def error(self, msg, pos=None):
        return error(msg, self.p, self.i if pos is None else pos)

    def peek(self):
        return self.p[self.i] if self.i < len(self.p) else ""

    def skip_verbose(self, flags):
        if not flags & VERBOSE:
            return
        p = self.p
        while self.i < len(p):
            c = p[self.i]
            if c in " \t\n\r\f\v":
                self.i += 1
            elif c == "#":
                while self.i < len(p) and p[self.i] != "\n":
                    self.i += 1
            else:
                break

    def parse(self):
        self.leading_flags()
        node = self.alternation(self.flags)
        if self.i < len(self.p):
            raise self.error("unbalanced parenthesis")
        return node

    def leading_flags(self):
        # (?aiLmsux) at the very start sets flags for the whole pattern
        while self.p.startswith("(?", self.i):
            j = self.i + 2
            add = 0
            while j < len(self.p) and self.p[j] in _FLAG_LETTERS:
                add |= _FLAG_LETTERS[self.p[j]]
                j += 1
            if j == self.i + 2 or j >= len(self.p) or self.p[j] != ")":
                return
            self.check_flags(add, j)
            self.flags |= add
            self.i = j + 1

    def check_flags(self, add, pos):
        if add & LOCALE:
            raise self.error("bad inline flags: cannot use 'L' flag with a str pattern", pos)
        if add & ASCII and add & UNICODE:
            raise self.error("bad inline flags: flags 'a', 'u' and 'L' are incompatible", pos)

    # alternation -> sequence ('|' sequence)*
    def alternation(self, flags):
        branches = [self.sequence(flags)]
        while self.peek() == "|":
            self.i += 1
            branches.append(self.sequence(flags))
        return branches[0] if len(branches) == 1 else ("alt", branches)

    # sequence -> (atom quantifier?)*
    def sequence(self, flags):
        items = []
        while True:
            self.skip_verbose(flags)
            c = self.peek()
            if c == "" or c == "|" or c == ")":
                break
            start = self.i
            if c in _REPEAT_CHARS and not (c == "{" and not self.is_repeat_brace()):
                raise self.error("nothing to repeat")
            atom = self.atom(flags)
            if atom is None:
                continue
            self.skip_verbose(flags)
            atom = self.quantifier(atom, flags, start)
            items.append(atom)
        return items[0] if len(items) == 1 else ("cat", items)

    def is_repeat_brace(self):
        # a '{' not forming {m}, {m,}, {,n} or {m,n} is a literal
        j = self.i + 1
        p = self.p
        k = j
        while k < len(p) and p[k].isdigit():
            k += 1
        if k < len(p) and p[k] == ",":
            k += 1
            while k < len(p) and p[k].isdigit():
                k += 1
        return k < len(p) and p[k] == "}" and k > j

    def quantifier(self, atom, flags, start):
        c = self.peek()
        if c == "" or c not in _REPEAT_CHARS:
            return atom
        pos = self.i
        if c == "{":
            if not self.is_repeat_brace():
                return atom
            close = self.p.index("}", self.i)
            body = self.p[self.i + 1:close]
            if "," in body:
                lo, hi = body.split(",", 1)
                lo = int(lo) if lo else 0
                hi = int(hi) if hi else None
            else:
                lo = hi = int(body)
            if lo > _MAXREPEAT or (hi is not None and hi > _MAXREPEAT):
                raise OverflowError("the repetition number is too large")
            if hi is not None and hi < lo:
                raise self.error("min repeat greater than max repeat", pos + 1)
            self.i = close + 1
        else:
            lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
            self.i += 1
        if atom[0] == "at":
            raise self.error("nothing to repeat", pos)
        greedy, possessive = True, False
        if self.peek() == "?":
            greedy = False
            self.i += 1
        elif self.peek() == "+":
            possessive = True
            self.i += 1
        self.skip_verbose(flags)
        if self.peek() != "" and self.peek() in _REPEAT_CHARS and not (self.peek() == "{" and not self.is_repeat_brace()):
            raise self.error("multiple repeat")
        return ("rep", atom, lo, hi, greedy, possessive)

    def atom(self, flags):
        p = self.p
        c = p[self.i]
        if c == "(":
            return self.group(flags)
        self.i += 1
        if c == ".":
            return ("any", bool(flags & DOTALL))
        if c == "[":
            return ("set", self.char_class(flags))
        if c == "^":
            return ("at", "bol" if flags & MULTILINE else "bos")
        if c == "$":
            return ("at", "eol" if flags & MULTILINE else "eos_nl")
        if c == "\\":
            return self.escape(flags)
        return ("lit", c, bool(flags & IGNORECASE))

    def group_name(self, end):
        close = self.p.find(end, self.i)
        if close < 0:
            raise self.error("missing %s, unterminated name" % end)
        name = self.p[self.i:close]
        if not name:
            raise self.error("missing group name")
        return name, close

    def group(self, flags):
        p = self.p
        start = self.i
        self.i += 1
        if not p.startswith("?", self.i):
            self.ngroups += 1
            index = self.ngroups
            self.open_groups.append(index)
            body = self.alternation(flags)
            self.close_paren(start)
            self.open_groups.pop()
            return ("group", index, body)
        self.i += 1
        c = self.peek()
        if c == ":":
            self.i += 1
            body = self.alternation(flags)
            self.close_paren(start)
            return body if body[0] != "cat" or body[1] else ("cat", [])
        if c == "P" and p.startswith("P<", self.i):
            self.i += 2
            name, close = self.group_name(">")
            if not name.isidentifier():
                raise self.error("bad character in group name %r" % name, self.i)
            if name in self.names:
                raise self.error("redefinition of group name %r as group %d; was group %d"
                                 % (name, self.ngroups + 1, self.names[name]), self.i)
            self.i = close + 1
            self.ngroups += 1
            index = self.ngroups
            self.names[name] = index
            self.open_groups.append(index)
            body = self.alternation(flags)
            self.close_paren(start)
            self.open_groups.pop()
            return ("group", index, body)
        if c == "P" and p.startswith("P=", self.i):
            self.i += 2
            name, close = self.group_name(")")
            if not name.isidentifier():
                raise self.error("bad character in group name %r" % name, self.i)
            if name not in self.names:
                raise self.error("unknown group name %r" % name, self.i)
            index = self.names[name]
            if index in self.open_groups:
                raise self.error("cannot refer to an open group", self.i)
            self.i = close + 1
            return ("backref", index, bool(flags & IGNORECASE))
        if c == "#":
            close = p.find(")", self.i)
            if close < 0:
                raise self.error("missing ), unterminated comment", start)
            self.i = close + 1
            return None
        if c == "=" or c == "!":
            self.i += 1
            body = self.alternation(flags)
            self.close_paren(start)
            return ("look", body, True, c == "!")
        if c == "<" and p[self.i + 1:self.i + 2] in ("=", "!"):
            neg = p[self.i + 1] == "!"
            self.i += 2
            body = self.alternation(flags)
            self.close_paren(start)
            lo, hi = _width(body)
            if lo != hi:
                raise error("look-behind requires fixed-width pattern")
            return ("look", body, False, neg)
        if c == ">":
            self.i += 1
            body = self.alternation(flags)
            self.close_paren(start)
            return ("atomic", body)
        if c == "(":
            self.i += 1
            close = p.find(")", self.i)
            if close < 0:
                raise self.error("missing ), unterminated name")
            ref = p[self.i:close]
            if ref.isdigit():
                index = int(ref)
                if index == 0:
                    raise self.error("bad group number", self.i)
            elif ref in self.names:
                index = self.names[ref]
            elif ref.isidentifier():
                raise self.error("unknown group name %r" % ref, self.i)
            else:
                raise self.error("bad character in group name %r" % ref, self.i)
            self.i = close + 1
            yes = self.sequence(flags)
            no = ("cat", [])
            if self.peek() == "|":
                self.i += 1
                no = self.sequence(flags)
                if self.peek() == "|":
                    raise self.error("conditional backref with more than two branches")
            self.close_paren(start)
            if index > self.ngroups:
                raise self.error("invalid group reference %d" % index, start + 3)
            return ("cond", index, yes, no)
        if c != "" and (c in _FLAG_LETTERS or c == "-"):
            return self.scoped_flags(flags, start)
        if c == "":
            raise self.error("unexpected end of pattern")
        if c == "<":
            raise self.error("unknown extension ?<" + p[self.i + 1:self.i + 2], self.i - 1)
        if c == "P":
            raise self.error("unknown extension ?P" + p[self.i + 1:self.i + 2], self.i - 1)
        raise self.error("unknown extension ?" + c, self.i - 1)

    def scoped_flags(self, flags, start):
        # (?flags:...) and (?flags-flags:...); global flags must lead the pattern
        p = self.p
        add = remove = 0
        while self.peek() != "" and self.peek() in _FLAG_LETTERS:
            add |= _FLAG_LETTERS[p[self.i]]
            self.i += 1
        if self.peek() == "-":
            self.i += 1
            while self.peek() != "" and self.peek() in _FLAG_LETTERS:
                remove |= _FLAG_LETTERS[p[self.i]]
                self.i += 1
            if not remove:
                raise self.error("missing flag")
        c = self.peek()
        if c == ")" and remove:
            raise self.error("missing :")
        if c == ")":
            raise self.error("global flags not at the start of the expression", start)
        if c != ":":
            if c == "":
                raise self.error("missing -, : or )")
            raise self.error("unknown flag" if c.isalpha() else "missing -, : or )")
        self.check_flags(add, self.i)
        if remove & (ASCII | UNICODE | LOCALE):
            raise self.error("bad inline flags: cannot turn off flags 'a', 'u' and 'L'")
        self.i += 1
        inner = (flags | add) & ~remove
        if add & ASCII:
            inner &= ~UNICODE
        body = self.alternation(inner)
        self.close_paren(start)
        return body

    def close_paren(self, start):
        if self.peek() != ")":
            raise self.error("missing ), unterminated subpattern", start)
        self.i += 1

    def escape(self, flags):
        # after a backslash outside a class: categories, anchors, backrefs, literal escapes
        p = self.p
        start = self.i - 1
        if self.i >= len(p):
            raise self.error("bad escape (end of pattern)", start)
        c = p[self.i]
        self.i += 1
        icase = bool(flags & IGNORECASE)
        ascii_only = bool(flags & ASCII)
        if c in _CATEGORIES:
            return ("set", _CharSet((), [], [_CATEGORIES[c]], False, False, ascii_only))
        if c == "A":
            return ("at", "bos")
        if c == "Z":
            return ("at", "eos")
        if c == "b":
            return ("at", "ascii_boundary" if ascii_only else "boundary")
        if c == "B":
            return ("at", "ascii_nonboundary" if ascii_only else "nonboundary")
        if c.isdigit() and c != "0":
            j = self.i
            if j < len(p) and p[j].isdigit():
                if c in "01234567" and p[j] in "01234567" and j + 1 < len(p) and p[j + 1] in "01234567":
                    value = int(p[start + 1:j + 2], 8)
                    if value > 0o377:
                        raise self.error("octal escape value \\%s outside of range 0-0o377" % p[start + 1:j + 2], start)
                    self.i = j + 2
                    return ("lit", chr(value), icase)
                j += 1
            self.i = j
            index = int(p[start + 1:j])
            if index > self.ngroups:
                raise self.error("invalid group reference %d" % index, start + 1)
            if index in self.open_groups:
                raise self.error("cannot refer to an open group", start)
            return ("backref", index, icase)
        return ("lit", self.literal_escape(c, start), icase)

    def literal_escape(self, c, start):
        # the escapes meaning one character, inside and outside classes
        p = self.p
        if c in _ESCAPES:
            return _ESCAPES[c]
        if c == "0":
            j = self.i
            while j < len(p) and j < self.i + 2 and p[j] in "01234567":
                j += 1
            value = int(p[start + 1:j], 8)
            self.i = j
            return chr(value)
        if c in "1234567" and self.i + 1 < len(p) and p[self.i] in "01234567" and p[self.i + 1] in "01234567":
            value = int(p[start + 1:self.i + 2], 8)
            if value > 0o377:
                raise self.error("octal escape value \\%s outside of range 0-0o377" % p[start + 1:self.i + 2], start)
            self.i += 2
            return chr(value)
        if c in "xuU":
            n = {"x": 2, "u": 4, "U": 8}[c]
            digits = p[self.i:self.i + n]
            if len(digits) != n or any(d not in "0123456789abcdefABCDEF" for d in digits):
                raise self.error("incomplete escape \\%s%s" % (c, digits), start)
            self.i += n
            value = int(digits, 16)
            if value > 0x10FFFF:
                raise self.error("bad escape \\%s%s" % (c, digits), start)
            return chr(value)
        if c == "N":
            raise self.error("bad escape \\N: named Unicode characters are not supported by tirun", start)
        if c in _ASCII_LETTERS or c.isdigit():
            raise self.error("bad escape \\" + c, start)
        return c

    # char_class -> '[' '^'? item+ ']'
    def char_class(self, flags):
        p = self.p
        start = self.i - 1
        negate = False
        if self.peek() == "^":
            negate = True
            self.i += 1
        chars, ranges, cats = [], [], []
        first = True
        while True:
            if self.i >= len(p):
                raise self.error("unterminated character set", start)
            c = p[self.i]
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            item_start = self.i
            lo = self.class_item()
            if isinstance(lo, int):
                if self.peek() == "-" and self.i + 1 < len(p) and p[self.i + 1] != "]":
                    self.i += 1
                    self.class_item()
                    raise self.error("bad character range %s" % p[item_start:self.i], item_start)
                cats.append(lo)
                continue
            if self.peek() == "-" and self.i + 1 < len(p) and p[self.i + 1] != "]":
                self.i += 1
                hi = self.class_item()
                if isinstance(hi, int):
                    raise self.error("bad character range %s" % p[item_start:self.i], item_start)
                if ord(hi) < ord(lo):
                    raise self.error("bad character range %s" % p[item_start:self.i], item_start)
                ranges.append((ord(lo), ord(hi)))
            else:
                chars.append(lo)
        return _CharSet(chars, ranges, cats, negate, bool(flags & IGNORECASE), bool(flags & ASCII))

    def class_item(self):
        # one member of a class: a character (str) or a category code (int)
        p = self.p
        c = p[self.i]
        self.i += 1
        if c != "\\":
            return c
        start = self.i - 1
        if self.i >= len(p):
            raise self.error("unterminated character set", start)
        c = p[self.i]
        self.i += 1
        if c in _CATEGORIES:
            return _CATEGORIES[c]
        if c == "b":
            return "\b"
        if c.isdigit() and c != "0" and not (c in "1234567" and self.i + 1 < len(p)
                                             and p[self.i] in "01234567" and p[self.i + 1] in "01234567"):
            raise self.error("bad escape \\" + c, start)
        return self.literal_escape(c, start)


def _width(node):
    """(min, max) characters a node matches; max None when unbounded."""
    kind = node[0]
    if kind in ("lit", "any", "set"):
        return 1, 1
    if kind in ("at", "look"):
        return 0, 0
    if kind == "cat":
        lo = hi = 0
        for n in node[1]:
            a, b = _width(n)
            lo += a
            hi = None if hi is None or b is None else hi + b
        return lo, hi
    if kind == "alt":
        ws = [_width(n) for n in node[1]]
        lo = min(w[0] for w in ws)
        hi = None if any(w[1] is None for w in ws) else max(w[1] for w in ws)
        return lo, hi
    if kind == "group" or kind == "atomic":
        return _width(node[2] if kind == "group" else node[1])
    if kind == "rep":
        a, b = _width(node[1])
        lo = a * node[2]
        hi = None if node[3] is None or b is None else b * node[3]
        return lo, hi
    if kind == "cond":
        a, b = _width(node[2])
        c, d = _width(node[3])
        return min(a, c), (None if b is None or d is None else max(b, d))
    return 0, None


# --- compiler -------------------------------------------------------------------------------
#
# Instructions are tuples (opcode, args...). SPLIT x y tries x first and remembers y.

_CHAR, _CHARI, _ANY, _ANYALL, _SET, _SPLIT, _JMP, _SAVE, _MATCH, _AT, _BACKREF, \
    _LOOK, _ATOMIC, _MARK, _CHECK, _REPEAT, _LAZY, _COND = range(18)

_MAX_PROGRAM = 200000


class _Compiler:
    def __init__(self, nregs):
        self.prog = []
        self.nregs = nregs

    def emit(self, *ins):
        self.prog.append(ins)
        if len(self.prog) > _MAX_PROGRAM:
            raise error("pattern too large: tirun's matcher expands repeat counts")
        return len(self.prog) - 1

    def single(self, node):
        # the instruction testing one character, or None for nodes that are not one
        kind = node[0]
        if kind == "lit":
            c = node[1]
            if node[2] and (c.lower() != c or c.upper() != c or _fold(c) != c):
                return (_CHARI, frozenset((c, c.lower(), c.upper(), _fold(c))), _fold(c))
            return (_CHAR, c)
        if kind == "any":
            return (_ANYALL,) if node[1] else (_ANY,)
        if kind == "set":
            return (_SET, node[1])
        return None

    def node(self, node):
        kind = node[0]
        one = self.single(node)
        if one is not None:
            self.emit(*one)
        elif kind == "cat":
            for n in node[1]:
                self.node(n)
        elif kind == "alt":
            jumps = []
            branches = node[1]
            for k, n in enumerate(branches):
                if k < len(branches) - 1:
                    split = self.emit(_SPLIT, 0, 0)
                    self.node(n)
                    jumps.append(self.emit(_JMP, 0))
                    self.prog[split] = (_SPLIT, split + 1, len(self.prog))
                else:
                    self.node(n)
            for j in jumps:
                self.prog[j] = (_JMP, len(self.prog))
        elif kind == "group":
            self.emit(_SAVE, 2 * node[1])
            self.node(node[2])
            self.emit(_SAVE, 2 * node[1] + 1)
        elif kind == "at":
            self.emit(_AT, node[1])
        elif kind == "backref":
            self.emit(_BACKREF, node[1], node[2])
        elif kind == "look":
            width = 0 if node[2] else _width(node[1])[0]
            self.emit(_LOOK, self.sub(node[1]), node[2], node[3], width)
        elif kind == "atomic":
            self.emit(_ATOMIC, self.sub(node[1]))
        elif kind == "cond":
            cond = self.emit(_COND, node[1], 0)
            self.node(node[2])
            jump = self.emit(_JMP, 0)
            self.prog[cond] = (_COND, node[1], len(self.prog))
            self.node(node[3])
            self.prog[jump] = (_JMP, len(self.prog))
        elif kind == "rep":
            self.repeat(node)
        else:
            raise error("internal: unknown node %r" % (kind,))

    def sub(self, node):
        # a separately run program (lookarounds, atomic groups) sharing the registers
        inner = _Compiler(self.nregs)
        inner.node(node)
        inner.emit(_MATCH)
        self.nregs = inner.nregs
        return inner.prog

    def repeat(self, node):
        _, body, lo, hi, greedy, possessive = node
        if possessive:
            self.emit(_ATOMIC, self.sub(("rep", body, lo, hi, True, False)))
            return
        one = self.single(body)
        if one is not None:
            self.emit(_REPEAT if greedy else _LAZY, one, lo, _MAXREPEAT if hi is None else hi)
            return
        for _ in range(lo):
            self.node(body)
        may_be_empty = _width(body)[0] == 0
        if hi is None:
            reg = self.nregs
            if may_be_empty:
                self.nregs += 1
            loop = self.emit(_SPLIT, 0, 0)
            if may_be_empty:
                self.emit(_MARK, reg)
            self.node(body)
            check = self.emit(_CHECK, reg, 0) if may_be_empty else None
            self.emit(_JMP, loop)
            exit_pc = len(self.prog)
            if check is not None:
                self.prog[check] = (_CHECK, reg, exit_pc)
            self.prog[loop] = (_SPLIT, loop + 1, exit_pc) if greedy else (_SPLIT, exit_pc, loop + 1)
            return
        splits = []
        for _ in range(hi - lo):
            splits.append(self.emit(_SPLIT, 0, 0))
            self.node(body)
        exit_pc = len(self.prog)
        for s in splits:
            self.prog[s] = (_SPLIT, s + 1, exit_pc) if greedy else (_SPLIT, exit_pc, s + 1)


# --- matcher --------------------------------------------------------------------------------

def _one(ins, ch):
    op = ins[0]
    if op == _CHAR:
        return ch == ins[1]
    if op == _CHARI:
        return ch in ins[1] or (ch >= "\x80" and _fold(ch) == ins[2])
    if op == _ANY:
        return ch != "\n"
    if op == _ANYALL:
        return True
    return ins[1].contains(ch)


def _at(kind, s, pos, end):
    if kind == "bos":
        return pos == 0
    if kind == "eos":
        return pos == end
    if kind == "eos_nl":
        return pos == end or (pos == end - 1 and s[pos] == "\n")
    if kind == "bol":
        return pos == 0 or s[pos - 1] == "\n"
    if kind == "eol":
        return pos == end or s[pos] == "\n"
    ascii_only = kind.startswith("ascii_")
    before = pos > 0 and _is_word(s[pos - 1], ascii_only)
    after = pos < end and _is_word(s[pos], ascii_only)
    if kind.endswith("nonboundary"):
        return end > 0 and before == after
    return before != after


def _run(prog, s, pos, end, regs, start, mode):
    """Runs `prog` from `pos`; returns the end position (regs filled) or -1.
    mode 1: a match ending at `start` does not count; mode 2: it must end at `end`;
    mode 3 (look-behind): it must end at `start`."""
    stack = []
    pc = 0
    while True:
        ins = prog[pc]
        op = ins[0]
        ok = True
        if op == _CHAR:
            if pos < end and s[pos] == ins[1]:
                pos += 1
                pc += 1
            else:
                ok = False
        elif op == _REPEAT:
            one, lo, hi = ins[1], ins[2], ins[3]
            limit = end if hi >= end - pos else pos + hi
            p = pos
            kind = one[0]
            if kind == _ANYALL:
                p = limit
            elif kind == _CHAR:
                c = one[1]
                while p < limit and s[p] == c:
                    p += 1
            elif kind == _ANY:
                while p < limit and s[p] != "\n":
                    p += 1
            else:
                while p < limit and _one(one, s[p]):
                    p += 1
            if p - pos < lo:
                ok = False
            else:
                if p - pos > lo:
                    stack.append((-2, pc + 1, pos + lo, p))
                pos = p
                pc += 1
        elif op == _SPLIT:
            stack.append((ins[2], pos))
            pc = ins[1]
        elif op == _JMP:
            pc = ins[1]
        elif op == _SAVE:
            stack.append((-1, ins[1], regs[ins[1]]))
            regs[ins[1]] = pos
            if ins[1] % 2 == 1:
                # register 0 holds the group closed last (Match.lastindex) during a run
                stack.append((-1, 0, regs[0]))
                regs[0] = ins[1] // 2
            pc += 1
        elif op == _CHARI or op == _ANY or op == _ANYALL or op == _SET:
            if pos < end and _one(ins, s[pos]):
                pos += 1
                pc += 1
            else:
                ok = False
        elif op == _MATCH:
            if (mode == 1 and pos == start) or (mode == 2 and pos != end) or (mode == 3 and pos != start):
                ok = False
            else:
                return pos
        elif op == _AT:
            if _at(ins[1], s, pos, end):
                pc += 1
            else:
                ok = False
        elif op == _LAZY:
            one, lo = ins[1], ins[2]
            p = pos
            while p - pos < lo and p < end and _one(one, s[p]):
                p += 1
            if p - pos < lo:
                ok = False
            else:
                if lo < ins[3]:
                    stack.append((-3, pc, p, lo))
                pos = p
                pc += 1
        elif op == _MARK:
            stack.append((-1, ins[1], regs[ins[1]]))
            regs[ins[1]] = pos
            pc += 1
        elif op == _CHECK:
            # an iteration that consumed nothing ends the loop, as in CPython's sre
            pc = ins[2] if regs[ins[1]] == pos else pc + 1
        elif op == _BACKREF:
            a, b = regs[2 * ins[1]], regs[2 * ins[1] + 1]
            if a < 0 or b < 0:
                ok = False
            else:
                n = b - a
                if pos + n > end:
                    ok = False
                elif ins[2]:
                    ok = s[a:b].lower() == s[pos:pos + n].lower()
                else:
                    ok = s.startswith(s[a:b], pos)
                if ok:
                    pos += n
                    pc += 1
        elif op == _COND:
            if regs[2 * ins[1]] >= 0 and regs[2 * ins[1] + 1] >= 0:
                pc += 1
            else:
                pc = ins[2]
        elif op == _LOOK:
            sub, ahead, negate, width = ins[1], ins[2], ins[3], ins[4]
            inner = regs[:]
            if ahead:
                hit = _run(sub, s, pos, end, inner, pos, 0) >= 0
            else:
                hit = pos >= width and _run(sub, s, pos - width, end, inner, pos, 3) >= 0
            if hit == negate:
                ok = False
            else:
                if not negate:
                    _adopt(stack, regs, inner)
                pc += 1
        elif op == _ATOMIC:
            inner = regs[:]
            p = _run(ins[1], s, pos, end, inner, pos, 0)
            if p < 0:
                ok = False
            else:
                _adopt(stack, regs, inner)
                pos = p
                pc += 1
        else:
            raise error("internal: bad instruction %r" % (ins,))
        if ok:
            continue
        while True:
            if not stack:
                return -1
            e = stack.pop()
            tag = e[0]
            if tag >= 0:
                pc, pos = tag, e[1]
                break
            if tag == -1:
                regs[e[1]] = e[2]
            elif tag == -2:
                _, nxt, lo, cur = e
                cur -= 1
                if cur > lo:
                    stack.append((-2, nxt, lo, cur))
                pc, pos = nxt, cur
                break
            else:
                _, rpc, p, count = e
                rep = prog[rpc]
                if p < end and count < rep[3] and _one(rep[1], s[p]):
                    stack.append((-3, rpc, p + 1, count + 1))
                    pc, pos = rpc + 1, p + 1
                    break


def _adopt(stack, regs, inner):
    # copies registers a sub-run set, logging the old values so backtracking restores them
    for k in range(len(regs)):
        if regs[k] != inner[k]:
            stack.append((-1, k, regs[k]))
            regs[k] = inner[k]


# --- Pattern and Match ----------------------------------------------------------------------

class Pattern:
    """A compiled regular expression (re.compile's result)."""

    def __init__(self, pattern, flags):
        if isinstance(pattern, (bytes, bytearray)):
            raise error("bytes patterns are not supported by tirun's re")
        if not isinstance(pattern, str):
            raise TypeError("first argument must be string or compiled pattern")
        if flags & LOCALE:
            raise ValueError("cannot use LOCALE flag with a str pattern")
        if flags & ASCII and flags & UNICODE:
            raise ValueError("ASCII and UNICODE flags are incompatible")
        parser = _Parser(pattern, int(flags))
        tree = parser.parse()
        flags = parser.flags
        if not flags & ASCII:
            flags |= UNICODE
        self.pattern = pattern
        self.flags = int(flags)
        self.groups = parser.ngroups
        self.groupindex = dict(parser.names)
        compiler = _Compiler(2 * parser.ngroups + 2)
        compiler.node(tree)
        compiler.emit(_MATCH)
        self._prog = compiler.prog
        self._nregs = compiler.nregs
        self._first = _first_char(tree)
        self._lead = None if self._first is not None else _lead_test(self._prog)

    def __repr__(self):
        shown = repr(self.pattern)
        if len(shown) > 200:
            shown = shown[:200]
        names = [name for bit, name in _FLAG_NAMES if self.flags & bit and bit != UNICODE]
        if names:
            return "re.compile(%s, %s)" % (shown, "|".join(names))
        return "re.compile(%s)" % shown

    def __eq__(self, other):
        return isinstance(other, Pattern) and self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def _attempt(self, string, start, end, mode):
        regs = [-1] * self._nregs
        regs[0] = 0
        p = _run(self._prog, string, start, end, regs, start, mode)
        if p < 0:
            return None
        regs[1] = p
        return regs

    def _search(self, string, pos, endpos, mode):
        pos, endpos = _bounds(string, pos, endpos)
        first = self._first
        lead = self._lead
        start = pos
        while start <= endpos:
            if first is not None:
                start = string.find(first, start, endpos)
                if start < 0:
                    return None
            elif lead is not None:
                while start < endpos and not _one(lead, string[start]):
                    start += 1
                if start == endpos:
                    return None
            regs = self._attempt(string, start, endpos, mode if start == pos else 0)
            if regs is not None:
                return Match(self, string, pos, endpos, regs, start, regs[0])
            start += 1
        return None

    def match(self, string, pos=0, endpos=None):
        pos, endpos = _bounds(_check_str(string), pos, endpos)
        regs = self._attempt(string, pos, endpos, 0)
        return None if regs is None else Match(self, string, pos, endpos, regs, pos, regs[0])

    def fullmatch(self, string, pos=0, endpos=None):
        pos, endpos = _bounds(_check_str(string), pos, endpos)
        regs = self._attempt(string, pos, endpos, 2)
        return None if regs is None else Match(self, string, pos, endpos, regs, pos, regs[0])

    def search(self, string, pos=0, endpos=None):
        return self._search(_check_str(string), pos, endpos, 0)

    def finditer(self, string, pos=0, endpos=None):
        _check_str(string)
        pos, endpos = _bounds(string, pos, endpos)
        return self._iter(string, pos, endpos)

    def _iter(self, string, pos, endpos):
        # after an empty match the next one must not be empty at the same place (mode 1)
        mode = 0
        while pos <= endpos:
            m = self._search(string, pos, endpos, mode)
            if m is None:
                return
            yield m
            pos = m.end()
            mode = 1 if m.start() == m.end() else 0

    def findall(self, string, pos=0, endpos=None):
        out = []
        for m in self.finditer(string, pos, endpos):
            if self.groups == 0:
                out.append(m.group())
            elif self.groups == 1:
                out.append(m.group(1) or "")
            else:
                out.append(m.groups(""))
        return out

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if maxsplit and n >= maxsplit:
                break
            out.append(string[last:m.start()])
            out.extend(m.groups())
            last = m.end()
            n += 1
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        _check_str(string)
        if callable(repl):
            expand = repl
        else:
            template = _parse_template(self, repl)
            if len(template) == 1 and isinstance(template[0], str):
                literal = template[0]
                expand = lambda m: literal
            else:
                expand = lambda m: _expand(template, m)
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if count and n >= count:
                break
            if m.start() > last:
                out.append(string[last:m.start()])
            piece = expand(m)
            if piece is not None:
                if not isinstance(piece, str):
                    raise TypeError("sequence item %d: expected str instance, %s found"
                                    % (len(out), type(piece).__name__))
                out.append(piece)
            last = m.end()
            n += 1
        out.append(string[last:])
        return "".join(out), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _first_char(tree):
    # a case-sensitive literal every match starts with, for search's quick scan
    while True:
        kind = tree[0]
        if kind == "lit":
            return None if tree[2] else tree[1]
        if kind == "cat":
            if not tree[1]:
                return None
            tree = tree[1][0]
        elif kind == "group":
            tree = tree[2]
        elif kind == "rep" and tree[2] > 0:
            tree = tree[1]
        else:
            return None


def _lead_test(prog):
    # the one-character test every match starts with, so search skips hopeless starts
    pc = 0
    while prog[pc][0] == _SAVE:
        pc += 1
    ins = prog[pc]
    if ins[0] in (_CHAR, _CHARI, _ANY, _ANYALL, _SET):
        return ins
    if ins[0] == _REPEAT and ins[2] > 0:
        return ins[1]
    return None


def _check_str(string):
    if isinstance(string, (bytes, bytearray)):
        raise TypeError("cannot use a string pattern on a bytes-like object")
    if not isinstance(string, str):
        raise TypeError("expected string or bytes-like object, got %r" % type(string).__name__)
    return string


def _bounds(string, pos, endpos):
    n = len(string)
    if endpos is None or endpos > n:
        endpos = n
    elif endpos < 0:
        endpos = 0
    if pos < 0:
        pos = 0
    elif pos > n:
        pos = n
    return pos, endpos


class Match:
    """The result of a successful match."""

    def __init__(self, pattern, string, pos, endpos, regs, start, lastindex):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._spans = [(regs[2 * g], regs[2 * g + 1]) if regs[2 * g] >= 0 and regs[2 * g + 1] >= 0
                       else (-1, -1) for g in range(pattern.groups + 1)]
        self._spans[0] = (start, regs[1])
        self.lastindex = lastindex or None

    @property
    def regs(self):
        return tuple(self._spans)

    @property
    def lastgroup(self):
        if self.lastindex is None:
            return None
        for name, index in self.re.groupindex.items():
            if index == self.lastindex:
                return name
        return None

    def _index(self, g):
        if isinstance(g, int) and not isinstance(g, bool) and 0 <= g <= self.re.groups:
            return g
        if isinstance(g, str) and g in self.re.groupindex:
            return self.re.groupindex[g]
        raise IndexError("no such group")

    def _get(self, g, default=None):
        a, b = self._spans[self._index(g)]
        return default if a < 0 else self.string[a:b]

    def group(self, *args):
        if not args:
            return self._get(0)
        if len(args) == 1:
            return self._get(args[0])
        return tuple(self._get(g) for g in args)

    def __getitem__(self, g):
        return self._get(g)

    def groups(self, default=None):
        return tuple(self._get(g, default) for g in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._get(index, default) for name, index in self.re.groupindex.items()}

    def span(self, group=0):
        return self._spans[self._index(group)]

    def start(self, group=0):
        return self._spans[self._index(group)][0]

    def end(self, group=0):
        return self._spans[self._index(group)][1]

    def expand(self, template):
        return _expand(_parse_template(self.re, template), self)

    def __bool__(self):
        return True

    def __repr__(self):
        return "<re.Match object; span=%r, match=%r>" % (self._spans[0], self.group())

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


# --- replacement templates ------------------------------------------------------------------

def _parse_template(pattern, repl):
    """A list of literal strings and group indexes."""
    if not isinstance(repl, str):
        raise TypeError("expected str instance, %s found" % type(repl).__name__)
    out = []
    lit = []
    i = 0
    n = len(repl)
    while i < n:
        c = repl[i]
        i += 1
        if c != "\\":
            lit.append(c)
            continue
        if i >= n:
            raise error("bad escape (end of pattern)", repl, i - 1)
        c = repl[i]
        start = i - 1
        i += 1
        index = None
        if c == "g":
            if i >= n or repl[i] != "<":
                raise error("missing <", repl, i)
            close = repl.find(">", i)
            if close < 0:
                raise error("missing >, unterminated name", repl, i + 1)
            name = repl[i + 1:close]
            if not name:
                raise error("missing group name", repl, i + 1)
            if name.isdigit() and name.isascii():
                index = int(name)
                if index > pattern.groups:
                    raise error("invalid group reference %d" % index, repl, i + 1)
            elif name.isidentifier():
                if name not in pattern.groupindex:
                    raise IndexError("unknown group name %r" % name)
                index = pattern.groupindex[name]
            else:
                raise error("bad character in group name %r" % name, repl, i + 1)
            i = close + 1
        elif c == "0":
            j = i
            while j < n and j < i + 2 and repl[j] in "01234567":
                j += 1
            lit.append(chr(int(repl[i - 1:j], 8)))
            i = j
            continue
        elif c.isdigit():
            if c in "1234567" and i + 1 < n and repl[i] in "01234567" and repl[i + 1] in "01234567":
                value = int(repl[i - 1:i + 2], 8)
                if value > 0o377:
                    raise error("octal escape value \\%s outside of range 0-0o377" % repl[i - 1:i + 2], repl, start)
                lit.append(chr(value))
                i += 2
                continue
            j = i
            if j < n and repl[j].isdigit():
                j += 1
            index = int(repl[i - 1:j])
            i = j
            if index > pattern.groups:
                raise error("invalid group reference %d" % index, repl, start + 1)
        elif c in _ESCAPES:
            lit.append(_ESCAPES[c])
            continue
        elif c in _ASCII_LETTERS:
            raise error("bad escape \\" + c, repl, start)
        else:
            lit.append("\\" + c)
            continue
        if lit:
            out.append("".join(lit))
            lit = []
        out.append(index)
    if lit or not out:
        out.append("".join(lit))
    return out


def _expand(template, m):
    parts = []
    for piece in template:
        if isinstance(piece, str):
            parts.append(piece)
        else:
            value = m.group(piece)
            if value is not None:
                parts.append(value)
    return "".join(parts)


# --- module functions -----------------------------------------------------------------------

_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[key] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def purge():
    _cache.clear()


_SPECIAL_CHARS = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    if isinstance(pattern, (bytes, bytearray)):
        raise TypeError("tirun's re.escape takes a str")
    return "".join("\\" + c if c in _SPECIAL_CHARS else c for c in pattern)
