"""Python objects to JSON text: JSONEncoder and the string quoting functions."""

INFINITY = float('inf')


def _quoting_table(escape_del):
    # the escape of every ASCII character JSON strings must not contain raw
    table = {chr(code): '\\u{0:04x}'.format(code) for code in range(0x20)}
    table.update({'"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f',
                  '\n': '\\n', '\r': '\\r', '\t': '\\t'})
    if escape_del:
        table['\x7f'] = '\\u007f'
    return table


_PLAIN_TABLE = _quoting_table(False)
_ASCII_TABLE = _quoting_table(True)


def _escaped(s, table, ascii_only):
    # character by character, for strings that need at least one escape
    pieces = []
    lookup = table.get
    for ch in s:
        code = ord(ch)
        if code < 0x80 or not ascii_only:
            pieces.append(lookup(ch, ch))
        elif code <= 0xffff:
            pieces.append('\\u{0:04x}'.format(code))
        else:
            offset = code - 0x10000
            pieces.append('\\u{0:04x}\\u{1:04x}'.format(0xd800 | (offset >> 10), 0xdc00 | (offset & 0x3ff)))
    return '"' + ''.join(pieces) + '"'


def encode_basestring(s):
    """s as a JSON string literal; non-ASCII characters are kept as they are."""
    if s.isprintable() and '"' not in s and '\\' not in s:
        return '"' + s + '"'
    return _escaped(s, _PLAIN_TABLE, False)


def encode_basestring_ascii(s):
    """s as a JSON string literal made of ASCII only (\\uXXXX escapes, with
    surrogate pairs for characters beyond the BMP)."""
    if s.isascii() and s.isprintable() and '"' not in s and '\\' not in s:
        return '"' + s + '"'
    return _escaped(s, _ASCII_TABLE, True)


class JSONEncoder(object):
    """Encoder of Python data as JSON.

    dict, list, tuple, str, int, float, True, False and None (and their
    subclasses) map onto JSON; for anything else default(o) is asked for a
    serializable replacement (the base method raises TypeError)."""

    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True,
                 check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is None:
            if indent is not None:
                self.item_separator = ','
        else:
            self.item_separator, self.key_separator = separators
        if default is not None:
            self.default = default

    def default(self, o):
        """Return a serializable stand-in for o, or raise TypeError; override
        this in subclasses."""
        raise TypeError(f'Object of type {o.__class__.__name__} is not JSON serializable')

    def encode(self, o):
        """The JSON text of o, as one str."""
        if isinstance(o, str):
            return encode_basestring_ascii(o) if self.ensure_ascii else encode_basestring(o)
        pieces = self.iterencode(o, _one_shot=True)
        if type(pieces) not in (list, tuple):
            pieces = list(pieces)
        return ''.join(pieces)

    def iterencode(self, o, _one_shot=False):
        """Encode o, yielding the JSON text in pieces (as json.dump writes them)."""
        unit = self.indent
        if unit is not None and not isinstance(unit, str):
            unit = ' ' * unit
        pieces = []
        write = _make_writer(
            pieces.append,
            {} if self.check_circular else None,
            self.default,
            encode_basestring_ascii if self.ensure_ascii else encode_basestring,
            self.allow_nan, self.sort_keys, self.skipkeys,
            unit, self.item_separator, self.key_separator)
        if _one_shot:
            write(o, 0)
            return pieces
        return _pieces_of(write, o, pieces)


def _pieces_of(write, o, pieces):
    # Lazily encode; on failure the text produced so far still comes out
    # before the exception, as with an incremental encoder.
    try:
        write(o, 0)
    except BaseException:
        yield from pieces
        raise
    yield from pieces


def _make_writer(emit, seen, fallback, quote, allow_nan, sort_keys, skipkeys,
                 unit, item_sep, key_sep):
    # write(value, depth) emits the JSON text of value through emit().
    str_type, int_type, float_type = str, int, float
    int_text, float_repr = int.__repr__, float.__repr__

    def float_text(x):
        if x != x:
            shown = 'NaN'
        elif x == INFINITY:
            shown = 'Infinity'
        elif x == -INFINITY:
            shown = '-Infinity'
        else:
            return float_repr(x)
        if not allow_nan:
            raise ValueError('Out of range float values are not JSON compliant')
        return shown

    def atom(datum):
        # text of a scalar datum; None for containers and unknown objects
        kind = type(datum)
        if kind is str_type:
            return quote(datum)
        if kind is int_type:
            return int_text(datum)
        if kind is float_type:
            return float_text(datum)
        if isinstance(datum, str_type):
            return quote(datum)
        if datum is None:
            return 'null'
        if datum is True:
            return 'true'
        if datum is False:
            return 'false'
        if isinstance(datum, int_type):
            return int_text(datum)
        if isinstance(datum, float_type):
            return float_text(datum)
        return None

    def key_name(key):
        # the str a dict key turns into; None when it is to be skipped
        if isinstance(key, str_type):
            return key
        if isinstance(key, float_type):
            return float_text(key)
        if key is True or key is False or key is None:
            return atom(key)
        if isinstance(key, int_type):
            return int_text(key)
        if skipkeys:
            return None
        raise TypeError(f'keys must be str, int, float, bool or None, not {key.__class__.__name__}')

    def guard(obj):
        if seen is not None:
            tag = id(obj)
            if tag in seen:
                raise ValueError('Circular reference detected')
            seen[tag] = obj

    def release(obj):
        if seen is not None:
            del seen[id(obj)]

    def compound(datum, depth):
        if isinstance(datum, (list, tuple)):
            array(datum, depth)
        elif isinstance(datum, dict):
            obj(datum, depth)
        else:
            guard(datum)
            write(fallback(datum), depth)
            release(datum)

    def array(seq, depth):
        if not seq:
            emit('[]')
            return
        guard(seq)
        if unit is None:
            opener, between, closer = '[', item_sep, ']'
        else:
            depth += 1
            newline = '\n' + unit * depth
            opener, between = '[' + newline, item_sep + newline
            closer = '\n' + unit * (depth - 1) + ']'
        before = opener
        for item in seq:
            text = atom(item)
            if text is None:
                emit(before)
                compound(item, depth)
            else:
                emit(before + text)
            before = between
        emit(closer)
        release(seq)

    def obj(mapping, depth):
        if not mapping:
            emit('{}')
            return
        guard(mapping)
        if unit is None:
            newline, closer = '', '}'
        else:
            depth += 1
            newline = '\n' + unit * depth
            closer = '\n' + unit * (depth - 1) + '}'
        between = item_sep + newline
        emit('{' + newline)
        entries = sorted(mapping.items()) if sort_keys else mapping.items()
        started = False
        for key, value in entries:
            name = key if type(key) is str_type else key_name(key)
            if name is None:
                continue
            if started:
                emit(between + quote(name) + key_sep)
            else:
                emit(quote(name) + key_sep)
                started = True
            text = atom(value)
            if text is None:
                compound(value, depth)
            else:
                emit(text)
        emit(closer)
        release(mapping)

    def write(value, depth):
        text = atom(value)
        if text is None:
            compound(value, depth)
        else:
            emit(text)

    return write
