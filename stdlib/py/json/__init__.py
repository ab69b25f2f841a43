"""JSON (RFC 8259) for tirun: dumps / dump turn Python data into JSON text,
loads / load turn JSON text back into Python data; JSONEncoder and
JSONDecoder give full control over both directions."""

__version__ = '2.0.9'
__all__ = [
    'dump', 'dumps', 'load', 'loads',
    'JSONDecoder', 'JSONDecodeError', 'JSONEncoder',
]

from . import decoder, encoder

JSONDecoder, JSONDecodeError = decoder.JSONDecoder, decoder.JSONDecodeError
JSONEncoder = encoder.JSONEncoder

# The shared instances used when no option differs from its default.
_default_encoder = JSONEncoder()
_default_decoder = JSONDecoder()

def _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan, indent,
                 separators, default, sort_keys, kw):
    customized = (cls, indent, separators, default) != (None, None, None, None)
    if not customized and not (skipkeys or sort_keys or kw) \
            and ensure_ascii and check_circular and allow_nan:
        return _default_encoder
    return (JSONEncoder if cls is None else cls)(
        skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
        allow_nan=allow_nan, indent=indent, separators=separators, default=default,
        sort_keys=sort_keys, **kw)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Write obj as JSON to the file-like fp (anything with a write(str)
    method), piece by piece. The options are those of dumps()."""
    encoder = _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan, indent,
                           separators, default, sort_keys, kw)
    write = fp.write
    for piece in encoder.iterencode(obj):
        write(piece)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """Return obj as a JSON str.

    skipkeys: drop dict keys that are not str, int, float, bool or None
    (instead of raising TypeError). ensure_ascii: escape every non-ASCII
    character. check_circular: detect reference cycles (ValueError) rather
    than recursing without end. allow_nan: write NaN and the infinities as
    JavaScript does (else ValueError). indent: a number of spaces or a str
    for pretty-printing. separators: (item_separator, key_separator).
    default(o): a serializable replacement for an unsupported object.
    sort_keys: order dict output by key. cls: a JSONEncoder subclass, built
    with these options and the remaining keywords."""
    encoder = _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan, indent,
                           separators, default, sort_keys, kw)
    return encoder.encode(obj)


_BOM_ENCODINGS = (
    (b'\x00\x00\xfe\xff', 'utf-32'), (b'\xff\xfe\x00\x00', 'utf-32'),
    (b'\xfe\xff', 'utf-16'), (b'\xff\xfe', 'utf-16'),
    (b'\xef\xbb\xbf', 'utf-8-sig'),
)


def detect_encoding(b):
    """Guess the Unicode encoding of the JSON bytes b from a byte order mark
    or, failing that, from where the first characters have zero bytes."""
    for mark, encoding in _BOM_ENCODINGS:
        if b.startswith(mark):
            return encoding
    size = len(b)
    if size >= 4:
        zeros = tuple(x == 0 for x in b[:4])
        if zeros[0]:
            return 'utf-32-be' if zeros[1] else 'utf-16-be'
        if zeros[1]:
            return 'utf-32-le' if zeros[2] and zeros[3] else 'utf-16-le'
    elif size == 2:
        if b[0] == 0:
            return 'utf-16-be'
        if b[1] == 0:
            return 'utf-16-le'
    return 'utf-8'


def _decode_units(data, encoding):
    # UTF-16 / UTF-32 decoding (surrogates allowed through) for runtimes whose
    # bytes.decode knows only UTF-8.
    width = 4 if encoding.startswith('utf-32') else 2
    if encoding.endswith('le'):
        order = 'little'
    elif encoding.endswith('be'):
        order = 'big'
    else:
        order = 'little' if data[:2] == b'\xff\xfe' else 'big'
        data = data[width:]
    if len(data) % width:
        start = len(data) - len(data) % width
        raise UnicodeDecodeError(encoding, bytes(data), start, len(data), 'truncated data')
    units = [int.from_bytes(data[i:i + width], order) for i in range(0, len(data), width)]
    chars = []
    i = 0
    while i < len(units):
        code = units[i]
        i += 1
        if width == 2 and 0xd800 <= code <= 0xdbff and i < len(units) and 0xdc00 <= units[i] <= 0xdfff:
            code = 0x10000 + ((code - 0xd800) << 10) + (units[i] - 0xdc00)
            i += 1
        if code > 0x10ffff:
            raise UnicodeDecodeError(encoding, bytes(data), (i - 1) * width, i * width,
                                     'code point not in range(0x110000)')
        chars.append(chr(code))
    return ''.join(chars)


def _bytes_to_text(raw):
    encoding = detect_encoding(raw)
    for handler in ('surrogatepass', 'strict'):
        try:
            return raw.decode(encoding, handler)
        except LookupError:
            continue    # codec or error handler missing from this runtime
    if encoding == 'utf-8-sig':
        return _bytes_to_text(raw[3:])
    return _decode_units(raw, encoding)


def load(fp, *, cls=None, object_hook=None, parse_float=None,
         parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """Read all of the file-like fp (anything with read()) and decode it as
    JSON; the options are those of loads()."""
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float,
                 parse_int=parse_int, parse_constant=parse_constant,
                 object_pairs_hook=object_pairs_hook, **kw)


def loads(s, *, cls=None, object_hook=None, parse_float=None,
          parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """Decode the JSON document s (str, bytes or bytearray) into Python data.

    object_hook(dict) / object_pairs_hook(list of (key, value)) replace each
    decoded object (the pairs hook has priority); parse_float, parse_int and
    parse_constant receive the text of floats, ints and NaN / Infinity /
    -Infinity. cls: a JSONDecoder subclass, built with these options and the
    remaining keywords."""
    if isinstance(s, str):
        if s[:1] == '\ufeff':
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    elif isinstance(s, (bytes, bytearray)):
        s = _bytes_to_text(s)
    else:
        raise TypeError(f'the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}')
    hooks = {name: given for name, given in (
        ('object_hook', object_hook), ('parse_float', parse_float), ('parse_int', parse_int),
        ('parse_constant', parse_constant), ('object_pairs_hook', object_pairs_hook))
        if given is not None}
    if cls is None and not hooks and not kw:
        parser = _default_decoder
    else:
        hooks.update(kw)
        parser = (JSONDecoder if cls is None else cls)(**hooks)
    return parser.decode(s)
