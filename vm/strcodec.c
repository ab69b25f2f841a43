/* The utf-8 / ascii / latin-1 codecs: str.encode, vm_decode (bytes.decode,
 * str(b, encoding)) with CPython's error handlers and messages, and ascii(). */
#include <string.h>

#include "objstr_int.h"

typedef enum { ENC_UTF8, ENC_ASCII, ENC_LATIN1 } Encoding;
typedef enum { ERR_STRICT, ERR_IGNORE, ERR_REPLACE, ERR_BACKSLASH, ERR_XMLCHARREF } ErrorMode;

static const char *const encoding_names[] = {[ENC_UTF8] = "utf-8", [ENC_ASCII] = "ascii", [ENC_LATIN1] = "latin-1"};

/* The codec an encoding name names: case, '_' and ' ' do not matter. */
static bool lookup_encoding(VM *vm, const char *name, Encoding *out)
{
    static const struct {
        const char *name;
        Encoding enc;
    } aliases[] = {
        {"utf-8", ENC_UTF8},      {"utf8", ENC_UTF8},         {"u8", ENC_UTF8},           {"utf", ENC_UTF8},
        {"ascii", ENC_ASCII},     {"us-ascii", ENC_ASCII},    {"646", ENC_ASCII},         {"latin-1", ENC_LATIN1},
        {"latin1", ENC_LATIN1},   {"latin", ENC_LATIN1},      {"l1", ENC_LATIN1},         {"iso-8859-1", ENC_LATIN1},
        {"iso8859-1", ENC_LATIN1}, {"8859", ENC_LATIN1},      {"cp819", ENC_LATIN1},      {"iso-ir-100", ENC_LATIN1},
    };
    char norm[32];
    size_t n = 0;
    for (const char *p = name; *p && n < sizeof norm - 1; p++)
        norm[n++] = *p == '_' || *p == ' ' ? '-' : (*p >= 'A' && *p <= 'Z') ? (char)(*p + 32) : *p;
    norm[n] = 0;
    for (size_t i = 0; i < COUNT(aliases) && strlen(name) < sizeof norm; i++)
        if (!strcmp(norm, aliases[i].name)) {
            *out = aliases[i].enc;
            return true;
        }
    vm_raise(vm, vm->e_LookupError, "unknown encoding: %s", name);
    return false;
}

static bool lookup_errors(VM *vm, const char *name, ErrorMode *out)
{
    static const char *const modes[] = {[ERR_STRICT] = "strict", [ERR_IGNORE] = "ignore", [ERR_REPLACE] = "replace",
                                        [ERR_BACKSLASH] = "backslashreplace", [ERR_XMLCHARREF] = "xmlcharrefreplace"};
    for (size_t i = 0; i < COUNT(modes); i++)
        if (!strcmp(name, modes[i])) {
            *out = (ErrorMode)i;
            return true;
        }
    vm_raise(vm, vm->e_LookupError, "unknown error handler name '%s'", name);
    return false;
}

static void put_escape(StrBuf *b, uint32_t cp)
{
    sb_printf(b, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)cp);
}

static Value encode(VM *vm, const StrObj *s, const char *encoding, const char *errors)
{
    Encoding enc;
    ErrorMode mode = ERR_STRICT;
    if (!lookup_encoding(vm, encoding, &enc)) return V_EXC;
    uint32_t limit = enc == ENC_ASCII ? 0x80 : enc == ENC_LATIN1 ? 0x100 : 0x110000;
    StrBuf b;
    sb_init(&b);
    size_t pos = 0;
    for (size_t i = 0; i < s->len; pos++) {
        uint32_t c = vm_cp_at(s->data, i);
        size_t n = vm_cp_len(s->data[i]);
        bool bad = c >= limit || (enc == ENC_UTF8 && c >= 0xD800 && c <= 0xDFFF);
        if (!bad) {
            if (enc == ENC_UTF8)
                sb_putn(&b, s->data + i, n);
            else
                sb_putc(&b, (char)c);
            i += n;
            continue;
        }
        /* the error handler is looked up at the first error, as CPython does */
        if (errors && mode == ERR_STRICT && !lookup_errors(vm, errors, &mode)) {
            sb_free(&b);
            return V_EXC;
        }
        if (mode == ERR_STRICT) {
            /* the error names the whole run of unencodable characters */
            size_t j = i + n, end = pos + 1;
            for (; j < s->len; j += vm_cp_len(s->data[j]), end++) {
                uint32_t d = vm_cp_at(s->data, j);
                if (!(d >= limit || (enc == ENC_UTF8 && d >= 0xD800 && d <= 0xDFFF))) break;
            }
            static const char *const why_not[] = {[ENC_UTF8] = "surrogates not allowed",
                                                  [ENC_ASCII] = "ordinal not in range(128)",
                                                  [ENC_LATIN1] = "ordinal not in range(256)"};
            const char *why = why_not[enc];
            sb_free(&b);
            if (end == pos + 1) {
                char esc[16];
                snprintf(esc, sizeof esc, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)c);
                return vm_raise(vm, vm->e_UnicodeEncodeError,
                                "'%s' codec can't encode character '%s' in position %zu: %s", encoding_names[enc], esc,
                                pos, why);
            }
            return vm_raise(vm, vm->e_UnicodeEncodeError, "'%s' codec can't encode characters in position %zu-%zu: %s",
                            encoding_names[enc], pos, end - 1, why);
        }
        if (mode == ERR_REPLACE) sb_putc(&b, '?');
        if (mode == ERR_BACKSLASH) put_escape(&b, c);
        if (mode == ERR_XMLCHARREF) sb_printf(&b, "&#%u;", (unsigned)c);
        i += n;
    }
    Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "%s", "") : vm_new_bytes(vm, b.data, b.len);
    sb_free(&b);
    return r;
}

/* The length of the valid UTF-8 sequence at s[0..len), or 0 with *bad set to
 * the bytes of the maximal invalid prefix and *why to CPython's reason. */
static size_t utf8_valid(const unsigned char *s, size_t len, size_t *bad, const char **why)
{
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    *bad = 1;
    if (!n) {
        *why = "invalid start byte";
        return 0;
    }
    /* the second byte's range depends on the first (no overlongs, surrogates or past U+10FFFF) */
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80, hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    for (size_t k = 1; k < n; k++) {
        if (k >= len) {
            *bad = k;
            *why = "unexpected end of data";
            return 0;
        }
        if (s[k] < (k == 1 ? lo : 0x80) || s[k] > (k == 1 ? hi : 0xBF)) {
            *bad = k;
            *why = "invalid continuation byte";
            return 0;
        }
    }
    return n;
}

Value vm_decode(VM *vm, const unsigned char *data, size_t len, const char *encoding, const char *errors)
{
    Encoding enc;
    ErrorMode mode = ERR_STRICT;
    if (!lookup_encoding(vm, encoding, &enc)) return V_EXC;
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < len;) {
        size_t n = 1, bad = 1;
        const char *why = "ordinal not in range(128)";
        if (enc == ENC_LATIN1) {
            vm_put_cp(&b, data[i++]);
            continue;
        }
        if (enc == ENC_UTF8 ? (n = utf8_valid(data + i, len - i, &bad, &why)) != 0 : data[i] < 0x80) {
            sb_putn(&b, (const char *)data + i, n);
            i += n;
            continue;
        }
        if (errors && mode == ERR_STRICT && !lookup_errors(vm, errors, &mode)) {
            sb_free(&b);
            return V_EXC;
        }
        if (mode == ERR_XMLCHARREF) {
            sb_free(&b);
            return vm_raise(vm, vm->e_TypeError, "don't know how to handle UnicodeDecodeError in error callback");
        }
        if (mode == ERR_STRICT) {
            sb_free(&b);
            if (bad == 1)
                return vm_raise(vm, vm->e_UnicodeDecodeError, "'%s' codec can't decode byte 0x%02x in position %zu: %s",
                                encoding_names[enc], data[i], i, why);
            return vm_raise(vm, vm->e_UnicodeDecodeError, "'%s' codec can't decode bytes in position %zu-%zu: %s",
                            encoding_names[enc], i, i + bad - 1, why);
        }
        if (mode == ERR_REPLACE) vm_put_cp(&b, 0xFFFD);
        if (mode == ERR_BACKSLASH)
            for (size_t k = 0; k < bad; k++) sb_printf(&b, "\\x%02x", data[i + k]);
        i += bad;
    }
    return vm_sb_finish(vm, &b);
}

/* The text arguments encoding / errors: a str, or NULL when not given. */
bool vm_codec_arg(VM *vm, Value v, const char *fname, const char *what, const char **out)
{
    *out = NULL;
    if (v == V_UNBOUND) return true;
    if (!v_has_layout(v, LAYOUT_STR)) {
        vm_raise(vm, vm->e_TypeError, "%s() argument '%s' must be str, not %s", fname, what, TNAME(v));
        return false;
    }
    *out = AS_STR(v)->data;
    return true;
}

Value vm_str_encode(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"encoding", "errors"};
    Value a[2];
    StrObj *s = vm_str_self_args(vm, args, nargs, kw, "encode", names, 2, 2, 0, a);
    const char *enc, *err;
    if (!s || !vm_codec_arg(vm, a[0], "encode", "encoding", &enc) || !vm_codec_arg(vm, a[1], "encode", "errors", &err))
        return V_EXC;
    return encode(vm, s, enc ? enc : "utf-8", err);
}

Value vm_ascii(VM *vm, Value v)
{
    Value r = vm_repr(vm, v);
    if (r == V_EXC || vm_str_is_ascii(AS_STR(r))) return r;
    StrObj *s = AS_STR(r);
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        if (c < 0x80)
            sb_putc(&b, (char)c);
        else
            put_escape(&b, c);
    }
    return vm_sb_finish(vm, &b);
}
