/* str's formatting: str.format / format_map (fields, conversions, nested
 * specs) and '%' formatting (PyUnicode_Format); format.c renders each value. */
#include <inttypes.h>
#include <string.h>

#include "format.h"
#include "objstr_int.h"

/* ---- str.format */

/* Where a field's value comes from: format()'s arguments or format_map's mapping. */
typedef struct {
    Value *pos;
    int npos;
    TupleObj *kwnames;     /* format(): keyword names, values after pos */
    Value mapping;         /* format_map(): the mapping, else V_UNBOUND */
    enum { AUTO_UNKNOWN, AUTO_ON, AUTO_OFF } numbering;
    int next_auto;
} FormatArgs;

enum { FORMAT_RECURSION = 2 };

static bool format_into(VM *vm, StrBuf *out, FormatArgs *fa, const char *s, size_t len, int depth);

/* A field's index as CPython's get_integer reads it: -1 when not all
 * decimal digits, -2 (ValueError raised) when too large. */
static int64_t field_integer(VM *vm, const char *s, size_t n)
{
    if (n == 0) return -1;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        if (v > (INT64_MAX - 9) / 10) {
            vm_raise(vm, vm->e_ValueError, "Too many decimal digits in format string");
            return -2;
        }
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* The object a field name's first part names. */
static Value field_first(VM *vm, FormatArgs *fa, const char *s, size_t n)
{
    int64_t index = field_integer(vm, s, n);
    if (index == -2) return V_EXC;
    if (n == 0) {
        if (fa->numbering == AUTO_OFF)
            return vm_raise(vm, vm->e_ValueError,
                            "cannot switch from manual field specification to automatic field numbering");
        fa->numbering = AUTO_ON;
        index = fa->next_auto++;
    } else if (index >= 0) {
        if (fa->numbering == AUTO_ON)
            return vm_raise(vm, vm->e_ValueError,
                            "cannot switch from automatic field numbering to manual field specification");
        fa->numbering = AUTO_OFF;
    }
    if (index >= 0) {
        if (index >= fa->npos)
            return vm_raise(vm, vm->e_IndexError,
                            "Replacement index %" PRId64 " out of range for positional args tuple", index);
        return fa->pos[index];
    }
    Value key = vm_new_str(vm, s, n);
    if (key == V_EXC) return V_EXC;
    if (fa->mapping != V_UNBOUND) {
        vm_push_root(vm, key);
        Value r = vm_getitem(vm, fa->mapping, key);
        vm_pop_roots(vm, 1);
        return r;
    }
    for (uint32_t i = 0; fa->kwnames && i < fa->kwnames->len; i++)
        if (vm_str_eq(AS_STR(fa->kwnames->items[i]), AS_STR(key))) return fa->pos[fa->npos + i];
    Value exc = vm_new_exception(vm, vm->e_KeyError, &key, 1);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}

/* The value of a whole field name: first part, then .attr and [key] parts. */
static Value field_value(VM *vm, FormatArgs *fa, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i] != '.' && s[i] != '[') i++;
    Value obj = field_first(vm, fa, s, i);
    while (obj != V_EXC && i < n) {
        char kind = s[i++];
        size_t start = i;
        if (kind == '.') {
            while (i < n && s[i] != '.' && s[i] != '[') i++;
        } else if (kind == '[') {
            while (i < n && s[i] != ']') i++;
            if (i == n) return vm_raise(vm, vm->e_ValueError, "Missing ']' in format string");
        } else {
            return vm_raise(vm, vm->e_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
        }
        size_t len = i - start;
        if (kind == '[') i++;
        if (len == 0) return vm_raise(vm, vm->e_ValueError, "Empty attribute in format string");
        vm_push_root(vm, obj);
        if (kind == '.') {
            StrObj *name = vm_intern(vm, s + start, len);
            obj = name ? vm_getattr(vm, obj, name) : V_EXC;
        } else {
            int64_t k = field_integer(vm, s + start, len);
            Value key = k >= 0 ? vm_int_from_i64(vm, k) : k == -1 ? vm_new_str(vm, s + start, len) : V_EXC;
            obj = key == V_EXC ? V_EXC : vm_getitem(vm, obj, key);
        }
        vm_pop_roots(vm, 1);
    }
    return obj;
}

/* One replacement field: s[0..n) is its text between the braces. */
static bool format_field(VM *vm, StrBuf *out, FormatArgs *fa, const char *s, size_t n, int depth)
{
    /* field name up to '!' or ':' ('[...]' may hold either) */
    size_t i = 0;
    while (i < n && s[i] != '!' && s[i] != ':') {
        if (s[i] == '{') {
            vm_raise(vm, vm->e_ValueError, "unexpected '{' in field name");
            return false;
        }
        if (s[i] == '[')
            while (i < n && s[i] != ']') i++;
        if (i < n) i++;
    }
    size_t name_len = i < n ? i : n;
    char conv = 0;
    if (i < n && s[i] == '!') {
        if (i + 1 >= n) {
            vm_raise(vm, vm->e_ValueError, "unmatched '{' in format spec");
            return false;
        }
        conv = s[i + 1];
        i += 2;
        if (i < n && s[i] != ':') {
            vm_raise(vm, vm->e_ValueError, "expected ':' after conversion specifier");
            return false;
        }
    }
    const char *spec = i < n ? s + i + 1 : s + n;
    size_t spec_len = i < n ? n - i - 1 : 0;
    Value obj = field_value(vm, fa, s, name_len);
    if (obj == V_EXC) return false;
    if (conv) {
        if (conv != 'r' && conv != 's' && conv != 'a') {
            if (conv > 32 && conv < 127)
                vm_raise(vm, vm->e_ValueError, "Unknown conversion specifier %c", conv);
            else
                vm_raise(vm, vm->e_ValueError, "Unknown conversion specifier \\x%x", (unsigned)(unsigned char)conv);
            return false;
        }
        obj = conv == 'r' ? vm_repr(vm, obj) : conv == 's' ? vm_str(vm, obj) : vm_ascii(vm, obj);
        if (obj == V_EXC) return false;
    }
    vm_push_root(vm, obj);
    Value specv;
    if (memchr(spec, '{', spec_len)) {
        /* a nested field in the spec is expanded first */
        StrBuf sb;
        sb_init(&sb);
        specv = format_into(vm, &sb, fa, spec, spec_len, depth - 1) ? vm_sb_finish(vm, &sb) : (sb_free(&sb), V_EXC);
    } else {
        specv = vm_new_str(vm, spec, spec_len);
    }
    Value r = V_EXC;
    if (specv != V_EXC) {
        vm_push_root(vm, specv);
        r = vm_format(vm, obj, specv);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    if (r == V_EXC) return false;
    sb_putn(out, AS_STR(r)->data, AS_STR(r)->len);
    return true;
}

/* CPython's MarkupIterator: literal text with {{ and }}, and fields whose
 * end is the '}' that balances their '{'. */
static bool format_into(VM *vm, StrBuf *out, FormatArgs *fa, const char *s, size_t len, int depth)
{
    if (depth <= 0) {
        vm_raise(vm, vm->e_ValueError, "Max string recursion exceeded");
        return false;
    }
    size_t i = 0;
    while (i < len) {
        char c = s[i];
        if (c != '{' && c != '}') {
            size_t j = i;
            while (j < len && s[j] != '{' && s[j] != '}') j++;
            sb_putn(out, s + i, j - i);
            i = j;
            continue;
        }
        if (i + 1 < len && s[i + 1] == c) {
            sb_putc(out, c);
            i += 2;
            continue;
        }
        if (c == '}') {
            vm_raise(vm, vm->e_ValueError, "Single '}' encountered in format string");
            return false;
        }
        if (i + 1 >= len) {
            vm_raise(vm, vm->e_ValueError, "Single '{' encountered in format string");
            return false;
        }
        /* the field: its name may hold '[...]'; past ':' braces nest */
        size_t j = i + 1, nest = 1;
        bool in_spec = false;
        while (j < len) {
            char d = s[j];
            if (!in_spec && d == '[') {
                while (j < len && s[j] != ']') j++;
                if (j < len) j++;
                continue;
            }
            if (!in_spec && d == '{') break;   /* "unexpected '{'", reported by format_field */
            if (d == ':') in_spec = true;
            if (d == '{') nest++;
            if (d == '}' && --nest == 0) break;
            j++;
        }
        if (j >= len || (s[j] == '{' && !in_spec)) {
            if (j < len) {
                vm_raise(vm, vm->e_ValueError, "unexpected '{' in field name");
                return false;
            }
            /* ran off the end: which message depends on where */
            size_t k = i + 1;
            while (k < len && s[k] != ':' && s[k] != '!') {
                if (s[k] == '[')
                    while (k < len && s[k] != ']') k++;
                if (k < len) k++;
            }
            vm_raise(vm, vm->e_ValueError, "%s",
                     k < len ? "unmatched '{' in format spec" : "expected '}' before end of string");
            return false;
        }
        if (!format_field(vm, out, fa, s + i + 1, j - i - 1, depth)) return false;
        i = j + 1;
    }
    return true;
}

Value vm_str_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    StrObj *s = vm_str_self(vm, args, nargs, "format");
    if (!s) return V_EXC;
    FormatArgs fa = {args + 1, nargs - 1, kw, V_UNBOUND, AUTO_UNKNOWN, 0};
    StrBuf b;
    sb_init(&b);
    if (!format_into(vm, &b, &fa, s->data, s->len, FORMAT_RECURSION)) {
        sb_free(&b);
        return V_EXC;
    }
    return vm_sb_finish(vm, &b);
}

Value vm_str_format_map(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "format_map", 1)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    FormatArgs fa = {NULL, 0, NULL, args[1], AUTO_UNKNOWN, 0};
    StrBuf b;
    sb_init(&b);
    if (!format_into(vm, &b, &fa, s->data, s->len, FORMAT_RECURSION)) {
        sb_free(&b);
        return V_EXC;
    }
    return vm_sb_finish(vm, &b);
}

/* ---- '%' formatting (PyUnicode_Format) */

typedef struct {
    Value args;           /* the right operand */
    Value *items;         /* a tuple's items; NULL for a single value */
    int64_t n, next;      /* items and the next one; n -1 for a single value (next -2 until taken) */
    Value dict;           /* a mapping for %(key)s, or V_UNBOUND */
} PercentArgs;

static Value next_arg(VM *vm, PercentArgs *pa)
{
    if (pa->n < 0) {
        if (pa->next == -2) {
            pa->next = -1;
            return pa->args;
        }
    } else if (pa->next < pa->n) {
        return pa->items[pa->next++];
    }
    return vm_raise(vm, vm->e_TypeError, "not enough arguments for format string");
}

/* A '*' width or precision. */
static bool star_arg(VM *vm, PercentArgs *pa, FmtPercent *p, bool is_width)
{
    Value v = next_arg(vm, pa);
    if (v == V_EXC) return false;
    int64_t x;
    if (!vm_is_int(vm, v)) {
        vm_raise(vm, vm->e_TypeError, "* wants int");
        return false;
    }
    if (!vm_index(vm, v, &x)) return false;
    fmt_percent_star(p, is_width, x);
    return true;
}

/* Whether v can stand where '%d' wants a number (CPython's PyNumber_Check). */
static bool is_number(VM *vm, Value v)
{
    if (vm_is_int(vm, v) || v_is_double(v) || v_has_layout(v, LAYOUT_COMPLEX)) return true;
    TypeObj *t = vm_type_of(vm, v);
    return vm_type_lookup(t, vm->s___index__) != V_UNBOUND || vm_type_lookup(t, vm->s___int__) != V_UNBOUND ||
           vm_type_lookup(t, vm->s___float__) != V_UNBOUND;
}

/* One numeric conversion of v. */
static bool percent_number(VM *vm, StrBuf *out, Value v, const FmtPercent *p, char *err, size_t errcap, bool *failed)
{
    char conv = p->conv;
    bool int_conv = strchr("diuoxX", conv) != NULL;
    *failed = false;
    if (int_conv && !vm_is_int(vm, v) && !v_is_double(v)) {
        /* other numbers through int() (o, x, X through __index__) */
        bool index_only = conv == 'o' || conv == 'x' || conv == 'X';
        TypeObj *t = vm_type_of(vm, v);
        Value m = vm_type_lookup(t, index_only ? vm->s___index__ : vm->s___int__);
        if (m == V_UNBOUND) m = vm_type_lookup(t, vm->s___index__);
        if (!is_number(vm, v) || m == V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, index_only ? "%%%c format: an integer is required, not %s"
                                                     : "%%%c format: a real number is required, not %s",
                     conv, t->name->data);
            *failed = true;
            return false;
        }
        Value i = vm_call(vm, m, &v, 1, NULL);
        if (i == V_EXC || !vm_is_int(vm, i)) {
            if (i != V_EXC) vm_raise(vm, vm->e_TypeError, "__int__ returned non-int (type %s)", TNAME(i));
            *failed = true;
            return false;
        }
        v = i;
    }
    double d;
    if (v_is_double(v) || !vm_is_int(vm, v)) {
        if (!vm_to_double(vm, v, &d)) {
            *failed = true;
            return false;
        }
        return fmt_percent_float(out, d, p, err, errcap);
    }
    if (v_is_int(v) || v_is_bool(v))
        return fmt_percent_int64(out, v_is_int(v) ? v_as_int(v) : v == V_TRUE, p, err, errcap);
    if (strchr("diu", conv) && mpz_sizeinbase(AS_BIGINT(v)->z, 10) > 4300) {
        /* decimal text of a huge int is refused as str() refuses it */
        Value r = vm_int_repr(vm, v);
        if (r == V_EXC) {
            *failed = true;
            return false;
        }
    }
    return fmt_percent_mpz(out, AS_BIGINT(v)->z, p, err, errcap);
}

/* One conversion: the value formatted per p into out. */
static bool percent_one(VM *vm, StrBuf *out, Value v, const FmtPercent *p)
{
    char err[256];
    bool failed = false;
    if (p->conv == 's' || p->conv == 'r' || p->conv == 'a') {
        Value t = p->conv == 's' ? vm_str(vm, v) : p->conv == 'r' ? vm_repr(vm, v) : vm_ascii(vm, v);
        if (t == V_EXC) return false;
        fmt_percent_str(out, AS_STR(t)->data, AS_STR(t)->len, p);
        return true;
    }
    if (p->conv == 'c' && v_has_layout(v, LAYOUT_STR)) {
        if (AS_STR(v)->nchars != 1) {
            vm_raise(vm, vm->e_TypeError, "%%c requires int or char");
            return false;
        }
        fmt_percent_str(out, AS_STR(v)->data, AS_STR(v)->len, p);
        return true;
    }
    if (p->conv == 'c' && !vm_is_int(vm, v)) {
        vm_raise(vm, vm->e_TypeError, "%%c requires int or char");
        return false;
    }
    if (p->conv != 'c' && !is_number(vm, v) && !strchr("diuoxX", p->conv)) {
        vm_raise(vm, vm->e_TypeError, "must be real number, not %s", TNAME(v));
        return false;
    }
    if (percent_number(vm, out, v, p, err, sizeof err, &failed)) return true;
    if (!failed) vm_raise_fmt_error(vm, err, out->oom);
    return false;
}

Value vm_str_mod(VM *vm, Value fmt, Value args)
{
    StrObj *f = AS_STR(fmt);
    PercentArgs pa = {args, NULL, -1, -2, V_UNBOUND};
    if (v_has_layout(args, LAYOUT_TUPLE)) {
        pa.items = AS_TUPLE(args)->items;
        pa.n = AS_TUPLE(args)->len;
        pa.next = 0;
    }
    if (!v_has_layout(args, LAYOUT_TUPLE) && !v_has_layout(args, LAYOUT_STR) && v_is_obj(args) &&
        vm_type_lookup(vm_type_of(vm, args), vm->s___getitem__) != V_UNBOUND)
        pa.dict = args;
    StrBuf b;
    sb_init(&b);
    const char *s = f->data;
    size_t len = f->len, chars = 0;
    for (size_t i = 0; i < len;) {
        if (s[i] != '%') {
            size_t j = i;
            while (j < len && s[j] != '%') chars += (s[j++] & 0xC0) != 0x80;
            sb_putn(&b, s + i, j - i);
            i = j;
            continue;
        }
        FmtPercent p;
        char err[256];
        size_t used = fmt_percent_parse(s + i + 1, len - i - 1, chars + 1, &p, err, sizeof err);
        if (!used) {
            sb_free(&b);
            /* CPython takes the argument before it looks at the conversion character */
            bool exhausted = pa.n < 0 ? pa.next != -2 : pa.next >= pa.n;
            if (exhausted && !strncmp(err, "unsupported format character", 28))
                return vm_raise(vm, vm->e_TypeError, "not enough arguments for format string");
            return vm_raise(vm, vm->e_ValueError, "%s", err);
        }
        chars += 1 + vm_count_chars(s + i + 1, used);
        i += 1 + used;
        if (p.conv == '%' && !p.has_key && p.width == -1 && p.precision == -1) {
            sb_putc(&b, '%');
            continue;
        }
        Value v = V_NONE;
        if (p.has_key) {
            if (pa.dict == V_UNBOUND) {
                sb_free(&b);
                return vm_raise(vm, vm->e_TypeError, "format requires a mapping");
            }
            Value key = vm_new_str(vm, s + i - used + p.key_off, p.key_len);
            v = key == V_EXC ? V_EXC : vm_getitem(vm, pa.dict, key);
            pa.n = -1;
            pa.next = -1;
        }
        /* the value stays rooted while '*' arguments may run __index__ */
        vm_push_root(vm, v);
        bool ok = v != V_EXC && (p.width != FMT_STAR || star_arg(vm, &pa, &p, true)) &&
                  (p.precision != FMT_STAR || star_arg(vm, &pa, &p, false));
        if (ok && p.conv == '%') {
            fmt_percent_str(&b, "%", 1, &p);
        } else if (ok) {
            if (!p.has_key) ok = (v = next_arg(vm, &pa)) != V_EXC;
            ok = ok && percent_one(vm, &b, v, &p);
        }
        vm_pop_roots(vm, 1);
        if (!ok) {
            sb_free(&b);
            return V_EXC;
        }
    }
    if (pa.next < pa.n && pa.dict == V_UNBOUND) {
        sb_free(&b);
        return vm_raise(vm, vm->e_TypeError, "not all arguments converted during string formatting");
    }
    return vm_sb_finish(vm, &b);
}
