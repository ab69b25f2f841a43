"""textwrap for tirun: TextWrapper, wrap, fill, shorten, dedent and indent,
splitting and filling lines as CPython 3.11's (words break after the hyphen
of a hyphenated word and around an em-dash "--")."""

__all__ = ["TextWrapper", "wrap", "fill", "dedent", "indent", "shorten"]

_whitespace = "\t\n\x0b\x0c\r "
_to_space = {ord(c): " " for c in _whitespace}


def _is_word(c):
    return c.isalnum() or c == "_"


def _is_letter(c):
    return (c.isalnum() or c == "_") and not c.isdigit()


def _is_word_punct(c):
    return _is_word(c) or c in "!\"'&.,?"


def _letter_at(w, i):
    return 0 <= i < len(w) and _is_letter(w[i])


def _split_word(w):
    """A run of non-space characters cut into chunks: after the hyphen of a
    hyphenated word, and around an em-dash between words."""
    chunks = []
    start = 0
    i = 0
    n = len(w)
    while i < n:
        if w[i] != "-":
            i += 1
            continue
        j = i
        while j < n and w[j] == "-":
            j += 1
        if j - i >= 2:
            if i > start and _is_word_punct(w[i - 1]) and j < n and _is_word(w[j]):
                chunks.append(w[start:i])
                chunks.append(w[i:j])
                start = j
            i = j
            continue
        # one hyphen: breaks after it between letters ("long-winded")
        before = (_letter_at(w, i - 1) and _letter_at(w, i - 2)) or \
                 (_letter_at(w, i - 1) and i >= 3 and w[i - 2] == "-" and _letter_at(w, i - 3))
        after = _letter_at(w, i + 1) and (_letter_at(w, i + 2) or
                                          (i + 2 < n and w[i + 2] == "-" and _letter_at(w, i + 3)))
        if before and after:
            chunks.append(w[start:i + 1])
            start = i + 1
        i += 1
    if start < n:
        chunks.append(w[start:])
    return chunks


def _split_space(text):
    """text cut into runs of whitespace and runs of the rest."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        j = i
        space = text[i] in _whitespace
        while j < n and (text[j] in _whitespace) == space:
            j += 1
        out.append(text[i:j])
        i = j
    return out


class TextWrapper:
    """Fills paragraphs to width columns; the options are those of CPython's."""

    def __init__(self, width=70, initial_indent="", subsequent_indent="", expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=" [...]"):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(_to_space)
        return text

    def _split(self, text):
        chunks = []
        for piece in _split_space(text):
            if piece[0] in _whitespace or not self.break_on_hyphens:
                chunks.append(piece)
            else:
                chunks.extend(_split_word(piece))
        return chunks

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and self._sentence_end(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    @staticmethod
    def _sentence_end(chunk):
        if chunk[-1:] in ("\"", "'"):
            chunk = chunk[:-1]
        return len(chunk) >= 2 and chunk[-1] in ".!?" and "a" <= chunk[-2] <= "z"

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        space_left = 1 if width < 1 else width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind("-", 0, space_left)
                if hyphen > 0 and any(c != "-" for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            indent = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and chunks[-1].strip() == "" and lines:
                del chunks[-1]
            while chunks:
                n = len(chunks[-1])
                if cur_len + n <= width:
                    cur_line.append(chunks.pop())
                    cur_len += n
                else:
                    break
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == "":
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if not cur_line:
                continue
            if (self.max_lines is None or len(lines) + 1 < self.max_lines
                    or (not chunks or self.drop_whitespace and len(chunks) == 1
                        and not chunks[0].strip()) and cur_len <= width):
                lines.append(indent + "".join(cur_line))
                continue
            while cur_line:
                if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                    cur_line.append(self.placeholder)
                    lines.append(indent + "".join(cur_line))
                    break
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            else:
                if lines:
                    prev_line = lines[-1].rstrip()
                    if len(prev_line) + len(self.placeholder) <= self.width:
                        lines[-1] = prev_line + self.placeholder
                        break
                lines.append(indent + self.placeholder.lstrip())
            break
        return lines

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    def wrap(self, text):
        """The lines of text, each at most width long, without newlines."""
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        """wrap()'s lines joined by newlines."""
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    """text's words on one line, cut to width with the placeholder " [...]"."""
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(" ".join(text.strip().split()))


def _leading(line):
    i = 0
    while i < len(line) and line[i] in " \t":
        i += 1
    return line[:i]


def dedent(text):
    """Removes the whitespace common to the start of every line; lines of
    only spaces and tabs become empty."""
    lines = text.split("\n")
    margin = None
    for k, line in enumerate(lines):
        ind = _leading(line)
        if len(ind) == len(line):
            lines[k] = ""           # blank (spaces and tabs only)
            continue
        if margin is None:
            margin = ind
        elif ind.startswith(margin):
            pass
        elif margin.startswith(ind):
            margin = ind
        else:
            for i, (x, y) in enumerate(zip(margin, ind)):
                if x != y:
                    margin = margin[:i]
                    break
    if margin:
        n = len(margin)
        lines = [line[n:] if line.startswith(margin) else line for line in lines]
    return "\n".join(lines)


def indent(text, prefix, predicate=None):
    """Puts prefix before each line for which predicate holds (by default,
    each line that is not all whitespace)."""
    if predicate is None:
        def predicate(line):
            return line.strip()
    return "".join(prefix + line if predicate(line) else line for line in text.splitlines(True))
