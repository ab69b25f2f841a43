"""string: the character-class constants, capwords, and Template's
$-substitution, as CPython's string module has them (Formatter is not
provided: str.format covers what Taichi programs use)."""

import re as _re

__all__ = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords", "digits", "hexdigits",
           "octdigits", "printable", "punctuation", "whitespace", "Template"]

whitespace = " \t\n\r\v\f"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Splits s (at sep, or runs of whitespace), capitalizes each word, joins them."""
    return (sep or " ").join(word.capitalize() for word in s.split(sep))


class Template:
    """A string with $name, ${name} and $$ placeholders."""

    delimiter = "$"
    idpattern = r"(?a:[_a-z][_a-z0-9]*)"
    braceidpattern = None
    flags = _re.IGNORECASE

    def __init__(self, template):
        self.template = template

    def _pattern(self):
        delim = _re.escape(self.delimiter)
        ident = self.idpattern
        brace = self.braceidpattern or ident
        return _re.compile(r"%s(?:(?P<escaped>%s)|(?P<named>%s)|{(?P<braced>%s)}|(?P<invalid>))"
                           % (delim, delim, ident, brace), self.flags)

    def _invalid(self, match):
        i = match.start("invalid")
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno, lineno = 1, 1
        else:
            colno = i - len("".join(lines[:-1]))
            lineno = len(lines)
        raise ValueError("Invalid placeholder in string: line %d, col %d" % (lineno, colno))

    def _substitute(self, mapping, safe):
        def convert(match):
            named = match.group("named") or match.group("braced")
            if named is not None:
                if safe:
                    try:
                        return str(mapping[named])
                    except KeyError:
                        return match.group()
                return str(mapping[named])
            if match.group("escaped") is not None:
                return self.delimiter
            if match.group("invalid") is not None:
                if safe:
                    return match.group()
                self._invalid(match)
            raise ValueError("Unrecognized named group in pattern", self._pattern().pattern)
        return self._pattern().sub(convert, self.template)

    def substitute(self, mapping=None, /, **kws):
        return self._substitute(_merge(mapping, kws), False)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._substitute(_merge(mapping, kws), True)

    def get_identifiers(self):
        ids = []
        for match in self._pattern().finditer(self.template):
            named = match.group("named") or match.group("braced")
            if named is not None and named not in ids:
                ids.append(named)
            elif named is None and match.group("invalid") is not None and match.group("escaped") is None:
                raise ValueError("Unrecognized named group in pattern", self._pattern().pattern)
        return ids

    def is_valid(self):
        for match in self._pattern().finditer(self.template):
            if match.group("invalid") is not None:
                return False
        return True


def _merge(mapping, kws):
    if mapping is None:
        return kws
    if not kws:
        return mapping
    merged = dict(mapping)
    merged.update(kws)
    return merged
