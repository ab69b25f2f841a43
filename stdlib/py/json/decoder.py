"""JSON text to Python objects: JSONDecoder, its error type, and the string
scanner (scanstring). The parser walks the text once, keeping a stack of the
containers still open; errors carry CPython's messages and positions."""

__all__ = ['JSONDecoder', 'JSONDecodeError']

_SIMPLE_ESCAPES = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n',
                   'r': '\r', 't': '\t'}

_HEX_DIGITS = frozenset('0123456789abcdefABCDEF')

_NAMED_NUMBERS = {'NaN': float('nan'), 'Infinity': float('inf'), '-Infinity': float('-inf')}


class JSONDecodeError(ValueError):
    """ValueError raised for malformed JSON, with where it went wrong:
    msg, doc, pos, and the 1-based lineno and colno of pos."""

    def __init__(self, msg, doc, pos):
        line = doc.count('\n', 0, pos) + 1
        column = pos - doc.rfind('\n', 0, pos)
        super().__init__(f'{msg}: line {line} column {column} (char {pos})')
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = line
        self.colno = column

    def __reduce__(self):
        return type(self), (self.msg, self.doc, self.pos)


def _named_number(name):
    # default parse_constant: 'NaN', 'Infinity' or '-Infinity' (KeyError otherwise)
    return _NAMED_NUMBERS[name]


def _four_hex(s, at):
    # value of the 4 hex digits s[at:at+4], or None when they are not all hex
    digits = s[at:at + 4]
    if len(digits) == 4 and all(c in _HEX_DIGITS for c in digits):
        return int(digits, 16)
    return None


def scanstring(s, end, strict=True):
    """Decode the JSON string literal whose body starts at s[end] (just past
    the opening quote). Returns (text, index after the closing quote)."""
    size = len(s)
    if end < 0 or end > size:
        raise ValueError('end is out of bounds')
    opening = end - 1
    parts = []
    at = end
    while True:
        quote = s.find('"', at)
        limit = size if quote < 0 else quote
        slash = s.find('\\', at, limit)
        stop = limit if slash < 0 else slash
        if stop > at:
            plain = s[at:stop]
            if strict and min(plain) < ' ':
                for offset, ch in enumerate(plain):
                    if ch < ' ':
                        raise JSONDecodeError('Invalid control character at', s, at + offset)
            parts.append(plain)
        if stop == size:
            raise JSONDecodeError('Unterminated string starting at', s, opening)
        if stop == quote:
            return ''.join(parts), quote + 1
        # a backslash escape at stop
        kind = s[stop + 1:stop + 2]
        if not kind:
            raise JSONDecodeError('Unterminated string starting at', s, opening)
        if kind != 'u':
            replacement = _SIMPLE_ESCAPES.get(kind)
            if replacement is None:
                raise JSONDecodeError('Invalid \\escape', s, stop)
            parts.append(replacement)
            at = stop + 2
            continue
        # \uXXXX: at least one character must follow the four digits
        after = stop + 6
        code = _four_hex(s, stop + 2) if after < size else None
        if code is None:
            raise JSONDecodeError('Invalid \\uXXXX escape', s, stop + 1)
        if 0xd800 <= code <= 0xdbff and after + 6 < size and s[after:after + 2] == '\\u':
            low = _four_hex(s, after + 2)
            if low is None:
                raise JSONDecodeError('Invalid \\uXXXX escape', s, after + 1)
            if 0xdc00 <= low <= 0xdfff:
                code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
                after += 6
        parts.append(chr(code))
        at = after


_BLANK_SET = frozenset(' \t\n\r')
_DIGIT_SET = frozenset('0123456789')


def _make_reader(config):
    # Returns (read, skip): read(s, i) -> (value, end) for a value starting
    # exactly at s[i], using the hooks and options of the JSONDecoder config;
    # skip(s, i) -> index of the first non-whitespace character at or after i.
    # The parser keeps its own stack of open containers instead of recursing.
    strict = config.strict
    make_float = config.parse_float
    make_int = config.parse_int
    make_constant = config.parse_constant
    dict_hook = config.object_hook
    pairs_hook = config.object_pairs_hook
    blank = _BLANK_SET
    digit = _DIGIT_SET
    slow_string = scanstring

    def skip(s, i):
        while s[i:i + 1] in blank:
            i += 1
        return i

    def finish_object(pairs):
        if pairs_hook is not None:
            return pairs_hook(pairs)
        built = dict(pairs)
        return built if dict_hook is None else dict_hook(built)

    def read(doc, i):
        # The text gets a NUL sentinel so that t[i] is always valid; no JSON
        # token contains NUL, so scanning stops there as it would at the end.
        # Errors report against doc itself.
        if i >= len(doc):
            raise JSONDecodeError('Expecting value', doc, i)
        t = doc + '\x00'
        # open containers: a list for an array, (pairs, key) for an object
        # waiting for the value of key
        stack = []
        want_key = False
        while True:
            if want_key:
                want_key = False
                if t[i] != '"':
                    raise JSONDecodeError('Expecting property name enclosed in double quotes', doc, i)
                close = t.find('"', i + 1)
                name = t[i + 1:close]
                if close > 0 and '\\' not in name and (not strict or name.isprintable()):
                    i = close + 1
                else:
                    name, i = slow_string(doc, i + 1, strict)
                while t[i] in blank:
                    i += 1
                if t[i] != ':':
                    raise JSONDecodeError("Expecting ':' delimiter", doc, i)
                i += 1
                while t[i] in blank:
                    i += 1
                stack[-1] = (stack[-1][0], name)

            # one value starting at t[i]
            lead = t[i]
            if lead == '"':
                close = t.find('"', i + 1)
                value = t[i + 1:close]
                if close > 0 and '\\' not in value and (not strict or value.isprintable()):
                    i = close + 1
                else:
                    value, i = slow_string(doc, i + 1, strict)
            elif lead in digit or lead == '-' and not t.startswith('-Infinity', i):
                j = i + 1 if lead == '-' else i
                first = t[j]
                if first == '0':
                    j += 1
                elif first in digit:
                    j += 1
                    while t[j] in digit:
                        j += 1
                else:
                    raise JSONDecodeError('Expecting value', doc, i)
                fractional = False
                if t[j] == '.' and t[j + 1] in digit:
                    j += 2
                    while t[j] in digit:
                        j += 1
                    fractional = True
                if t[j] in 'eE':
                    k = j + 1
                    if t[k] in '+-':
                        k += 1
                    if t[k] in digit:
                        while t[k] in digit:
                            k += 1
                        j = k
                        fractional = True
                value = make_float(t[i:j]) if fractional else make_int(t[i:j])
                i = j
            elif lead == '{':
                i += 1
                while t[i] in blank:
                    i += 1
                if t[i] != '}':
                    stack.append(([], None))
                    want_key = True
                    continue
                value = finish_object([])
                i += 1
            elif lead == '[':
                i += 1
                while t[i] in blank:
                    i += 1
                if t[i] != ']':
                    stack.append([])
                    continue
                value = []
                i += 1
            elif lead == 'n' and t.startswith('null', i):
                value = None
                i += 4
            elif lead == 't' and t.startswith('true', i):
                value = True
                i += 4
            elif lead == 'f' and t.startswith('false', i):
                value = False
                i += 5
            elif lead == 'N' and t.startswith('NaN', i):
                value = make_constant('NaN')
                i += 3
            elif lead == 'I' and t.startswith('Infinity', i):
                value = make_constant('Infinity')
                i += 8
            elif lead == '-':
                value = make_constant('-Infinity')
                i += 9
            else:
                raise JSONDecodeError('Expecting value', doc, i)

            # hand the value to the innermost open container, closing those
            # that end here
            while stack:
                top = stack[-1]
                while t[i] in blank:
                    i += 1
                follow = t[i]
                if type(top) is list:
                    top.append(value)
                    if follow == ',':
                        i += 1
                        while t[i] in blank:
                            i += 1
                        break
                    if follow != ']':
                        raise JSONDecodeError("Expecting ',' delimiter", doc, i)
                    value = top
                else:
                    pairs = top[0]
                    pairs.append((top[1], value))
                    if follow == ',':
                        i += 1
                        while t[i] in blank:
                            i += 1
                        want_key = True
                        break
                    if follow != '}':
                        raise JSONDecodeError("Expecting ',' delimiter", doc, i)
                    value = finish_object(pairs)
                stack.pop()
                i += 1
            else:
                return value, i

    return read, skip


class JSONDecoder(object):
    """Decoder of JSON documents.

    object_hook(dict) and object_pairs_hook(list of pairs) replace decoded
    objects (the pairs hook wins when both are given); parse_float,
    parse_int and parse_constant turn number texts (and NaN, Infinity,
    -Infinity) into values; strict=False lets strings contain control
    characters."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float if parse_float else float
        self.parse_int = parse_int if parse_int else int
        self.parse_constant = parse_constant if parse_constant else _named_number
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook
        # like CPython's scanner, the parser captures the options as they are now
        self._read_value, self._skip_blanks = _make_reader(self)

    def decode(self, s):
        """The Python value of the JSON document s (a str); anything but
        whitespace after it is an error."""
        if not isinstance(s, str):
            raise TypeError('cannot use a string pattern on a bytes-like object'
                            if isinstance(s, (bytes, bytearray)) else
                            f'expected string or bytes-like object, got {type(s).__name__!r}')
        skip = self._skip_blanks
        value, end = self.raw_decode(s, skip(s, 0))
        end = skip(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return value

    def raw_decode(self, s, idx=0):
        """Decode one JSON value starting exactly at s[idx]; returns
        (value, index just past it), ignoring whatever follows."""
        if not isinstance(s, str):
            raise TypeError(f'first argument must be a string, not {type(s).__name__}')
        if idx < 0:
            raise ValueError('idx cannot be negative')
        return self._read_value(s, idx)
