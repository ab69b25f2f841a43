/* Arrays to and from bytes and files: np.save / np.load in the .npy format
 * (version 1.0 written exactly as numpy writes it; 1.0, 2.0 and 3.0 read,
 * either byte order), np.savetxt / np.loadtxt for plain text tables,
 * ndarray.tobytes, np.frombuffer and ndarray.view. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "np.h"

static NpState *ST(Value *args) { return np_state_of(args[0]); }

/* ---- bytes of arrays ------------------------------------------------------------ */

/* The elements of a in C order (or Fortran order) as one malloc'd block. */
static char *gather(VM *vm, NdArray *a, bool fortran, size_t *len)
{
    int sz = np_itemsize(a);
    *len = (size_t)a->size * sz;
    char *buf = malloc(*len ? *len : 1);
    if (!buf) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    if (!fortran && np_is_c_contiguous(a)) {
        memcpy(buf, a->data, *len);
        return buf;
    }
    int64_t idx[NP_MAXDIMS] = {0};
    for (int64_t i = 0; i < a->size; i++) {
        const char *p = a->data;
        for (int d = 0; d < a->ndim; d++) p += idx[d] * a->strides[d];
        memcpy(buf + i * sz, p, (size_t)sz);
        if (fortran) {
            for (int d = 0; d < a->ndim; d++)
                if (++idx[d] < a->shape[d]) break;
                else idx[d] = 0;
        } else {
            for (int d = a->ndim - 1; d >= 0; d--)
                if (++idx[d] < a->shape[d]) break;
                else idx[d] = 0;
        }
    }
    return buf;
}

static Value arr_tobytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"order"};
    Value p[1];
    if (!np_parse(vm, "tobytes", args + 1, nargs - 1, kw, names, 1, 1, 0, p)) return V_EXC;
    NdArray *a = AS_ND(args[0]);
    bool fortran = false;
    if (p[0] != V_UNBOUND && p[0] != V_NONE) {
        if (!v_has_layout(p[0], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "order must be str, not %s", vm_type_name(vm, p[0]));
        const char *o = ((StrObj *)v_as_obj(p[0]))->data;
        if (!strcmp(o, "F")) fortran = true;
        else if (!strcmp(o, "A")) fortran = np_is_f_contiguous(a) && !np_is_c_contiguous(a);
        else if (strcmp(o, "C") && strcmp(o, "K")) return vm_raise(vm, vm->e_ValueError, "order must be one of 'C', 'F', 'A', or 'K' (got '%s')", o);
    }
    size_t len;
    char *buf = gather(vm, a, fortran, &len);
    if (!buf) return V_EXC;
    Value r = vm_new_bytes(vm, buf, len);
    free(buf);
    return r;
}

/* The bytes behind a buffer-like object: bytes (shared), bytearray and
 * arrays (pointer into their memory). */
static bool buffer_of(VM *vm, Value v, const char **data, size_t *len)
{
    if (v_has_layout(v, LAYOUT_BYTES)) {
        BytesObj *b = (BytesObj *)v_as_obj(v);
        *data = (const char *)b->data, *len = b->len;
        return true;
    }
    if (v_has_layout(v, LAYOUT_BYTEARRAY)) {
        ByteArrayObj *b = (ByteArrayObj *)v_as_obj(v);
        *data = (const char *)b->data, *len = b->len;
        return true;
    }
    if (np_is_nd(v) && np_is_c_contiguous(AS_ND(v))) {
        *data = AS_ND(v)->data, *len = (size_t)np_nbytes(AS_ND(v));
        return true;
    }
    vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'", vm_type_name(vm, v));
    return false;
}

/* np.frombuffer(buffer, dtype=float, count=-1, offset=0): a read-only view
 * of bytes (and of arrays); a copy of a bytearray, whose memory may move. */
static Value f_frombuffer(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"buffer", "dtype", "count", "offset", "like"};
    Value p[5];
    if (!np_parse(vm, "frombuffer", args + 1, nargs - 1, kw, names, 5, 4, 1, p)) return V_EXC;
    int t = np_dtype_of(vm, ST(args), p[1] == V_UNBOUND ? V_NONE : p[1], NP_FLOAT64);
    if (t < 0) return V_EXC;
    int64_t count = -1, offset = 0;
    if (p[2] != V_UNBOUND && !vm_index(vm, p[2], &count)) return V_EXC;
    if (p[3] != V_UNBOUND && !vm_index(vm, p[3], &offset)) return V_EXC;
    const char *data;
    size_t len;
    if (!buffer_of(vm, p[0], &data, &len)) return V_EXC;
    int sz = np_types[t].size;
    if (offset < 0 || (size_t)offset > len)
        return vm_raise(vm, vm->e_ValueError, "offset must be non-negative and no greater than buffer length (%zu)", len);
    size_t avail = len - (size_t)offset;
    if (count < 0) {
        if (avail % (size_t)sz) return vm_raise(vm, vm->e_ValueError, "buffer size must be a multiple of element size");
        count = (int64_t)(avail / (size_t)sz);
    } else if ((size_t)count * (size_t)sz > avail) {
        return vm_raise(vm, vm->e_ValueError, "buffer is smaller than requested size");
    }
    if (v_has_layout(p[0], LAYOUT_BYTEARRAY)) {
        NdArray *a = np_new(vm, ST(args), t, 1, &count, false);
        if (!a) return V_EXC;
        memcpy(a->data, data + offset, (size_t)count * (size_t)sz);
        return v_obj(a);
    }
    int64_t stride = sz;
    NdArray *a = np_view(vm, ST(args), p[0], t, (char *)data + offset, 1, &count, &stride, false);
    return a ? v_obj(a) : V_EXC;
}

/* a.view(dtype): the same memory read as another dtype; the last axis
 * rescales when the sizes differ (it must then be contiguous). */
static Value arr_view(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"dtype", "type"};
    Value p[2];
    if (!np_parse(vm, "view", args + 1, nargs - 1, kw, names, 2, 2, 0, p)) return V_EXC;
    NdArray *a = AS_ND(args[0]);
    int t = p[0] == V_UNBOUND || p[0] == V_NONE ? a->dtype : np_dtype_of(vm, a->st, p[0], a->dtype);
    if (t < 0) return V_EXC;
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    int nd = a->ndim;
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)nd);
    memcpy(strides, a->strides, sizeof(int64_t) * (size_t)nd);
    int old = np_itemsize(a), new = np_types[t].size;
    if (old != new) {
        if (nd == 0) return vm_raise(vm, vm->e_ValueError, "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
        int64_t last = shape[nd - 1] * old;
        if (shape[nd - 1] != 1 && strides[nd - 1] != old)
            return vm_raise(vm, vm->e_ValueError, "To change to a dtype of a different size, the last axis must be contiguous");
        if (last % new)
            return vm_raise(vm, vm->e_ValueError,
                            "When changing to a %s dtype, its size must be a divisor of the total size in bytes of the last axis of the array.",
                            new > old ? "larger" : "smaller");
        shape[nd - 1] = last / new;
        strides[nd - 1] = new;
    }
    NdArray *r = np_view(vm, a->st, args[0], t, a->data, nd, shape, strides, (a->flags & NP_WRITEABLE) != 0);
    return r ? v_obj(r) : V_EXC;
}

/* ---- the .npy format -------------------------------------------------------------- */

static const char *descr_of(int t)
{
    static const char *const d[NP_NTYPES] = {"|b1", "|i1", "<i2", "<i4", "<i8", "|u1",
                                             "<u2", "<u4", "<u8", "<f2", "<f4", "<f8"};
    return d[t];
}

/* A .npy file's bytes for a: header (version 1.0, padded as numpy pads it)
 * then the data in C order, or Fortran order when a is only F-contiguous. */
static char *npy_encode(VM *vm, NdArray *a, size_t *out_len)
{
    bool fortran = a->ndim > 1 && np_is_f_contiguous(a) && !np_is_c_contiguous(a);
    char shape[NP_MAXDIMS * 24 + 8];
    size_t n = 0;
    shape[n++] = '(';
    for (int d = 0; d < a->ndim; d++)
        n += (size_t)snprintf(shape + n, sizeof shape - n, d ? ", %lld" : "%lld", (long long)a->shape[d]);
    if (a->ndim == 1) shape[n++] = ',';
    shape[n++] = ')';
    shape[n] = 0;
    char header[NP_MAXDIMS * 24 + 256];
    int hl = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }", descr_of(a->dtype),
                      fortran ? "True" : "False", shape);
    if (a->ndim > 0) {
        /* room for the growth axis to reach 21 digits (numpy's GROWTH_AXIS_MAX_DIGITS) */
        char digits[24];
        int dl = snprintf(digits, sizeof digits, "%lld", (long long)a->shape[fortran ? a->ndim - 1 : 0]);
        for (int i = dl; i < 21; i++) header[hl++] = ' ';
    }
    int total = 10 + hl + 1;
    int pad = 64 - total % 64;
    if (pad == 64) pad = 0;
    size_t hlen = (size_t)hl + (size_t)pad + 1;
    size_t dlen;
    char *data = gather(vm, a, fortran, &dlen);
    if (!data) return NULL;
    char *buf = malloc(10 + hlen + dlen);
    if (!buf) {
        free(data);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (char)(hlen & 0xff);
    buf[9] = (char)(hlen >> 8);
    memcpy(buf + 10, header, (size_t)hl);
    memset(buf + 10 + hl, ' ', (size_t)pad);
    buf[10 + hlen - 1] = '\n';
    memcpy(buf + 10 + hlen, data, dlen);
    free(data);
    *out_len = 10 + hlen + dlen;
    return buf;
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n')) p++;
    return p;
}

/* The value after 'key': in the header dict text; NULL when absent. */
static const char *header_value(const char *h, const char *end, const char *key)
{
    size_t kl = strlen(key);
    for (const char *p = h; p + kl + 2 < end; p++)
        if ((*p == '\'' || *p == '"') && !memcmp(p + 1, key, kl) && p[kl + 1] == *p) {
            const char *q = skip_ws(p + kl + 2, end);
            if (q < end && *q == ':') return skip_ws(q + 1, end);
        }
    return NULL;
}

static NdArray *npy_decode(VM *vm, NpState *st, const unsigned char *b, size_t len)
{
    if (len < 10 || memcmp(b, "\x93NUMPY", 6)) {
        vm_raise(vm, vm->e_ValueError, "the magic string is not correct; expected b'\\x93NUMPY', got %s",
                 "something else");
        return NULL;
    }
    int major = b[6];
    size_t hlen, off;
    if (major == 1) {
        hlen = b[8] | (size_t)b[9] << 8;
        off = 10;
    } else if ((major == 2 || major == 3) && len >= 12) {
        hlen = b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
        off = 12;
    } else {
        vm_raise(vm, vm->e_ValueError, "we only support format version (1,0), (2,0), and (3,0), not (%d, %d)", major, b[7]);
        return NULL;
    }
    if (off + hlen > len) {
        vm_raise(vm, vm->e_ValueError, "EOF: reading array header, expected %zu bytes got %zu", hlen, len - off);
        return NULL;
    }
    const char *h = (const char *)b + off, *end = h + hlen;
    const char *descr = header_value(h, end, "descr");
    const char *fo = header_value(h, end, "fortran_order");
    const char *shp = header_value(h, end, "shape");
    if (!descr || !fo || !shp || (*descr != '\'' && *descr != '"') || *shp != '(') {
        vm_raise(vm, vm->e_ValueError, "Header does not contain the correct keys: %.*s", (int)hlen, h);
        return NULL;
    }
    char q = *descr++;
    const char *dend = memchr(descr, q, (size_t)(end - descr));
    if (!dend || dend - descr < 2 || dend - descr > 4) {
        vm_raise(vm, vm->e_ValueError, "Cannot parse header: %.*s", (int)hlen, h);
        return NULL;
    }
    char order = descr[0];
    char kind = descr[1];
    int size = atoi(descr + 2);
    int t = -1;
    for (int i = 0; i < NP_NTYPES; i++)
        if (np_types[i].kind == kind && np_types[i].size == size) t = i;
    if (order != '<' && order != '>' && order != '|' && order != '=') t = -1;
    if (t < 0) {
        vm_raise(vm, vm->e_ValueError, "descr is not a valid dtype descriptor: '%.*s'", (int)(dend - descr), descr);
        return NULL;
    }
    bool fortran = !strncmp(fo, "True", 4);
    int64_t shape[NP_MAXDIMS];
    int nd = 0;
    const char *p = shp + 1;
    for (;;) {
        p = skip_ws(p, end);
        if (p < end && *p == ')') break;
        char *e;
        long long v = strtoll(p, &e, 10);
        if (e == p || nd >= NP_MAXDIMS || v < 0) {
            vm_raise(vm, vm->e_ValueError, "shape is not valid: %.*s", (int)hlen, h);
            return NULL;
        }
        shape[nd++] = v;
        p = skip_ws(e, end);
        if (p < end && *p == ',') p++;
    }
    NdArray *a = np_new(vm, st, t, nd, shape, false);
    if (!a) return NULL;
    size_t need = (size_t)np_nbytes(a), at = off + hlen;
    if (len - at < need) {
        vm_raise(vm, vm->e_ValueError, "cannot reshape array of size %zu into shape %s", (len - at) / (size_t)size,
                 "the header's");
        return NULL;
    }
    const unsigned char *src = b + at;
    bool swap = order == '>' && size > 1;
    if (!fortran || nd < 2) {
        memcpy(a->data, src, need);
    } else {
        /* element i in Fortran order goes to its C-order place */
        int64_t idx[NP_MAXDIMS] = {0};
        for (int64_t i = 0; i < a->size; i++) {
            int64_t c = 0;
            for (int d = 0; d < nd; d++) c = c * shape[d] + idx[d];
            memcpy(a->data + c * size, src + i * size, (size_t)size);
            for (int d = 0; d < nd; d++)
                if (++idx[d] < shape[d]) break;
                else idx[d] = 0;
        }
    }
    if (swap)
        for (int64_t i = 0; i < a->size; i++) {
            unsigned char *e = (unsigned char *)a->data + i * size;
            for (int k = 0; k < size / 2; k++) {
                unsigned char x = e[k];
                e[k] = e[size - 1 - k];
                e[size - 1 - k] = x;
            }
        }
    if (t == NP_BOOL)
        for (int64_t i = 0; i < a->size; i++) a->data[i] = a->data[i] != 0;
    return a;
}

/* A path argument: str, or an object with __fspath__; NULL with v a file object. */
static bool path_of(VM *vm, Value v, Value *path)
{
    if (v_has_layout(v, LAYOUT_STR)) {
        *path = v;
        return true;
    }
    Value f = vm_getattr_opt(vm, v, vm_intern(vm, "__fspath__", 10));
    if (f == V_EXC) return false;
    if (f == V_UNBOUND) {
        *path = V_NONE;
        return true;
    }
    Value r = vm_call(vm, f, NULL, 0, NULL);
    if (r == V_EXC) return false;
    *path = r;
    return true;
}

static bool write_all(VM *vm, Value file, const char *path, const char *mode, const char *buf, size_t len)
{
    if (path) {
        FILE *f = fopen(path, mode);
        if (!f) {
            vm_raise(vm, errno == ENOENT ? vm->e_FileNotFoundError : vm->e_OSError, "[Errno %d] %s: '%s'", errno,
                     strerror(errno), path);
            return false;
        }
        bool ok = fwrite(buf, 1, len, f) == len;
        ok = fclose(f) == 0 && ok;
        if (!ok) vm_raise(vm, vm->e_OSError, "[Errno %d] %s: '%s'", errno, strerror(errno), path);
        return ok;
    }
    Value b = vm_new_bytes(vm, buf, len);
    if (b == V_EXC) return false;
    vm_push_root(vm, b);
    Value r = vm_call_method(vm, file, vm_intern(vm, "write", 5), &b, 1);
    vm_pop_roots(vm, 1);
    return r != V_EXC;
}

/* The whole content of a path or a file object (bytes, or str encoded as UTF-8);
 * *keep holds the object owning it (root it). */
static const unsigned char *read_all(VM *vm, Value file, const char *path, size_t *len, Value *keep, char **owned)
{
    *owned = NULL;
    *keep = V_NONE;
    if (path) {
        FILE *f = fopen(path, "rb");
        if (!f) {
            vm_raise(vm, errno == ENOENT ? vm->e_FileNotFoundError : vm->e_OSError, "[Errno %d] %s: '%s'", errno,
                     strerror(errno), path);
            return NULL;
        }
        size_t cap = 1 << 16, n = 0;
        char *buf = malloc(cap);
        for (;;) {
            if (!buf) break;
            size_t k = fread(buf + n, 1, cap - n, f);
            n += k;
            if (n < cap) break;
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        fclose(f);
        if (!buf) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            return NULL;
        }
        *owned = buf;
        *len = n;
        return (const unsigned char *)buf;
    }
    Value r = vm_call_method(vm, file, vm_intern(vm, "read", 4), NULL, 0);
    if (r == V_EXC) return NULL;
    *keep = r;
    if (v_has_layout(r, LAYOUT_STR)) {
        *len = ((StrObj *)v_as_obj(r))->len;
        return (const unsigned char *)((StrObj *)v_as_obj(r))->data;
    }
    const char *d;
    if (!buffer_of(vm, r, &d, len)) return NULL;
    return (const unsigned char *)d;
}

static const char *cstr(Value v) { return ((StrObj *)v_as_obj(v))->data; }

/* np.save(file, arr, allow_pickle=True, fix_imports=True): a path gains
 * ".npy" unless it has it, as numpy's does. */
static Value f_save(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"file", "arr", "allow_pickle", "fix_imports"};
    Value p[4];
    if (!np_parse(vm, "save", args + 1, nargs - 1, kw, names, 4, 4, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[1], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value path;
    Value r = V_EXC;
    if (!path_of(vm, p[0], &path)) goto done;
    vm_push_root(vm, path);
    size_t len;
    char *buf = npy_encode(vm, a, &len);
    if (buf) {
        char *pth = NULL;
        if (path != V_NONE) {
            const char *s = cstr(path);
            size_t sl = strlen(s);
            pth = malloc(sl + 5);
            if (pth) {
                memcpy(pth, s, sl + 1);
                if (sl < 4 || strcmp(s + sl - 4, ".npy")) strcat(pth, ".npy");
            }
        }
        if (path == V_NONE || pth) r = write_all(vm, p[0], pth, "wb", buf, len) ? V_NONE : V_EXC;
        else vm_raise(vm, vm->e_MemoryError, "out of memory");
        free(pth);
        free(buf);
    }
    vm_pop_roots(vm, 1);
done:
    vm_pop_roots(vm, 1);
    return r;
}

/* np.load(file, mmap_mode=None, allow_pickle=False, ...): .npy only. */
static Value f_load(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"file", "mmap_mode", "allow_pickle", "fix_imports", "encoding", "max_header_size"};
    Value p[6];
    if (!np_parse(vm, "load", args + 1, nargs - 1, kw, names, 6, 6, 1, p)) return V_EXC;
    Value path, keep;
    char *owned;
    size_t len;
    if (!path_of(vm, p[0], &path)) return V_EXC;
    vm_push_root(vm, path);
    const unsigned char *b = read_all(vm, p[0], path == V_NONE ? NULL : cstr(path), &len, &keep, &owned);
    vm_push_root(vm, keep);
    Value r = V_EXC;
    if (b) {
        if (len >= 4 && !memcmp(b, "PK\x03\x04", 4))
            vm_raise(vm, vm->e_NotImplementedError, "np.load: .npz archives are not supported by tirun's numpy");
        else if (len >= 1 && b[0] == 0x80)
            vm_raise(vm, vm->e_ValueError, "This file contains pickled (object) data. tirun's numpy cannot read pickles");
        else if (len < 6 || memcmp(b, "\x93NUMPY", 6))
            vm_raise(vm, vm->e_ValueError, "Failed to interpret file %s as a pickle", "(not a .npy file)");
        else {
            NdArray *a = npy_decode(vm, ST(args), b, len);
            if (a) r = v_obj(a);
        }
    }
    free(owned);
    vm_pop_roots(vm, 2);
    return r;
}

/* ---- text ------------------------------------------------------------------------- */

static bool str_arg(VM *vm, Value v, const char *dflt, const char **out, const char *what)
{
    if (v == V_UNBOUND || v == V_NONE) {
        *out = dflt;
        return true;
    }
    if (!v_has_layout(v, LAYOUT_STR)) {
        vm_raise(vm, vm->e_TypeError, "%s must be a str, not %s", what, vm_type_name(vm, v));
        return false;
    }
    *out = cstr(v);
    return true;
}

typedef struct {
    char *s;
    size_t n, cap;
} Buf;

static bool buf_add(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256) + n;
        char *ns = realloc(b->s, cap);
        if (!ns) return false;
        b->s = ns, b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
    return true;
}

/* np.savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='', comments='# ') */
static Value f_savetxt(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"fname", "X", "fmt", "delimiter", "newline", "header", "footer", "comments", "encoding"};
    Value p[9];
    if (!np_parse(vm, "savetxt", args + 1, nargs - 1, kw, names, 9, 9, 2, p)) return V_EXC;
    const char *delim, *nl, *header, *footer, *comments;
    if (!str_arg(vm, p[3], " ", &delim, "delimiter") || !str_arg(vm, p[4], "\n", &nl, "newline") ||
        !str_arg(vm, p[5], "", &header, "header") || !str_arg(vm, p[6], "", &footer, "footer") ||
        !str_arg(vm, p[7], "# ", &comments, "comments"))
        return V_EXC;
    Value fmt = p[2] == V_UNBOUND ? vm_cstr(vm, "%.18e") : p[2];
    if (fmt == V_EXC) return V_EXC;
    vm_push_root(vm, fmt);
    NdArray *a = np_from_py(vm, ST(args), p[1], -1);
    Value r = V_EXC;
    Buf out = {0};
    if (!a) goto done0;
    vm_push_root(vm, v_obj(a));
    if (a->ndim == 0 || a->ndim > 2) {
        vm_raise(vm, vm->e_ValueError, "Expected 1D or 2D array, got %dD array instead", a->ndim);
        goto done;
    }
    int64_t rows = a->shape[0], cols = a->ndim == 2 ? a->shape[1] : 1;
    bool fmt_seq = v_has_layout(fmt, LAYOUT_LIST) || v_has_layout(fmt, LAYOUT_TUPLE);
    if (!fmt_seq && !v_has_layout(fmt, LAYOUT_STR)) {
        vm_raise(vm, vm->e_ValueError, "invalid fmt: %s", "not a str");
        goto done;
    }
    if (*header) {
        buf_add(&out, comments, strlen(comments));
        buf_add(&out, header, strlen(header));
        buf_add(&out, nl, strlen(nl));
    }
    for (int64_t i = 0; i < rows; i++) {
        for (int64_t j = 0; j < cols; j++) {
            const char *e = a->data + i * a->strides[0] + (a->ndim == 2 ? j * a->strides[1] : 0);
            Value item = np_is_float(a->dtype) ? v_double(np_get_f64(e, a->dtype)) : np_elem_to_py(vm, e, a->dtype);
            if (item == V_EXC) goto done;
            Value f1 = fmt;
            if (fmt_seq) {
                uint32_t nf;
                Value *fs = vm_seq_items(fmt, &nf);
                if ((int64_t)nf != cols) {
                    vm_raise(vm, vm->e_ValueError, "fmt has wrong number of %% formats:  %s", "");
                    goto done;
                }
                f1 = fs[j];
            }
            vm_push_root(vm, item);
            Value s = vm_str_mod(vm, f1, item);
            vm_pop_roots(vm, 1);
            if (s == V_EXC) goto done;
            if (j) buf_add(&out, delim, strlen(delim));
            if (!buf_add(&out, cstr(s), ((StrObj *)v_as_obj(s))->len)) {
                vm_raise(vm, vm->e_MemoryError, "out of memory");
                goto done;
            }
        }
        buf_add(&out, nl, strlen(nl));
    }
    if (*footer) {
        buf_add(&out, comments, strlen(comments));
        buf_add(&out, footer, strlen(footer));
        buf_add(&out, nl, strlen(nl));
    }
    Value path;
    if (!path_of(vm, p[0], &path)) goto done;
    if (path != V_NONE) {
        r = write_all(vm, p[0], cstr(path), "w", out.s ? out.s : "", out.n) ? V_NONE : V_EXC;
    } else {
        Value s = vm_new_str(vm, out.s ? out.s : "", out.n);
        if (s == V_EXC) goto done;
        vm_push_root(vm, s);
        Value w = vm_call_method(vm, p[0], vm_intern(vm, "write", 5), &s, 1);
        vm_pop_roots(vm, 1);
        r = w == V_EXC ? V_EXC : V_NONE;
    }
done:
    vm_pop_roots(vm, 1);
done0:
    vm_pop_roots(vm, 1);
    free(out.s);
    return r;
}

/* np.loadtxt(fname, dtype=float, comments='#', delimiter=None, skiprows=0,
 * usecols=None, unpack=False, ndmin=0): numbers only. */
static Value f_loadtxt(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"fname", "dtype", "comments", "delimiter", "converters", "skiprows",
                                        "usecols", "unpack", "ndmin", "encoding", "max_rows"};
    Value p[11];
    if (!np_parse(vm, "loadtxt", args + 1, nargs - 1, kw, names, 11, 11, 1, p)) return V_EXC;
    int t = np_dtype_of(vm, ST(args), p[1] == V_UNBOUND ? V_NONE : p[1], NP_FLOAT64);
    if (t < 0) return V_EXC;
    const char *comments, *delim;
    if (!str_arg(vm, p[2], "#", &comments, "comments") || !str_arg(vm, p[3], NULL, &delim, "delimiter")) return V_EXC;
    int64_t skip = 0, ndmin = 0;
    if (p[5] != V_UNBOUND && !vm_index(vm, p[5], &skip)) return V_EXC;
    if (p[8] != V_UNBOUND && !vm_index(vm, p[8], &ndmin)) return V_EXC;
    bool unpack = p[7] != V_UNBOUND && vm_truthy(vm, p[7]) == 1;
    Value path, keep;
    char *owned;
    size_t len;
    if (!path_of(vm, p[0], &path)) return V_EXC;
    vm_push_root(vm, path);
    const unsigned char *text = read_all(vm, p[0], path == V_NONE ? NULL : cstr(path), &len, &keep, &owned);
    vm_push_root(vm, keep);
    Value r = V_EXC;
    double *vals = NULL;
    size_t nv = 0, cap = 0;
    int64_t rows = 0, cols = -1, line_no = 0;
    if (!text) goto done;
    const char *s = (const char *)text, *end = s + len;
    while (s < end) {
        const char *eol = memchr(s, '\n', (size_t)(end - s));
        if (!eol) eol = end;
        line_no++;
        const char *le = eol;
        if (*comments) {
            size_t cl = strlen(comments);
            for (const char *q = s; q + cl <= eol; q++)
                if (!memcmp(q, comments, cl)) {
                    le = q;
                    break;
                }
        }
        if (line_no > skip) {
            int64_t c = 0;
            const char *q = s;
            for (;;) {
                while (q < le && (*q == ' ' || *q == '\t' || *q == '\r') && (!delim || *q != *delim)) q++;
                if (q >= le) break;
                char *e;
                char tmp[128];
                const char *fe = q;
                while (fe < le && !(delim ? !strncmp(fe, delim, strlen(delim)) : (*fe == ' ' || *fe == '\t')) && *fe != '\r') fe++;
                size_t fl = (size_t)(fe - q);
                if (fl >= sizeof tmp) fl = sizeof tmp - 1;
                memcpy(tmp, q, fl);
                tmp[fl] = 0;
                errno = 0;
                double v = strtod(tmp, &e);
                if (e == tmp || *skip_ws(e, tmp + fl)) {
                    vm_raise(vm, vm->e_ValueError, "could not convert string '%s' to %s at row %lld, column %lld.", tmp,
                             np_types[t].name, (long long)rows, (long long)c + 1);
                    goto done;
                }
                if (nv == cap) {
                    cap = cap ? cap * 2 : 64;
                    double *nvp = realloc(vals, cap * sizeof(double));
                    if (!nvp) {
                        vm_raise(vm, vm->e_MemoryError, "out of memory");
                        goto done;
                    }
                    vals = nvp;
                }
                vals[nv++] = v;
                c++;
                q = fe;
                if (delim && q < le && !strncmp(q, delim, strlen(delim))) q += strlen(delim);
            }
            if (c) {
                if (cols >= 0 && c != cols) {
                    vm_raise(vm, vm->e_ValueError, "the number of columns changed from %lld to %lld at row %lld; use `usecols` to select a subset and avoid this error",
                             (long long)cols, (long long)c, (long long)rows + 1);
                    goto done;
                }
                cols = c;
                rows++;
            }
        }
        s = eol + 1;
    }
    if (cols < 0) cols = 0;
    int64_t shape[2] = {rows, cols};
    int nd = 2;
    /* numpy squeezes to ndmin dimensions at least */
    if (ndmin < 2) {
        if (rows == 1 || cols == 1) {
            nd = 1;
            shape[0] = rows * cols;
        }
        if (ndmin == 0 && rows * cols == 1) nd = 0;
        if (ndmin == 1 && nd == 0) nd = 1;
    }
    if (unpack && nd == 2) {
        shape[0] = cols;
        shape[1] = rows;
    }
    NdArray *a = np_new(vm, ST(args), t, nd, shape, false);
    if (!a) goto done;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            int64_t at = unpack && nd == 2 ? j * rows + i : i * cols + j;
            np_set_f64(a->data + at * np_itemsize(a), t, vals[i * cols + j]);
        }
    r = v_obj(a);
done:
    free(vals);
    free(owned);
    vm_pop_roots(vm, 2);
    return r;
}

static const NpFunction npyio_functions[] = {
    {"save", f_save}, {"load", f_load}, {"frombuffer", f_frombuffer}, {"savetxt", f_savetxt}, {"loadtxt", f_loadtxt},
};

static const NpFunction npyio_methods[] = {
    {"tobytes", arr_tobytes},
    {"view", arr_view},
};

bool np_init_npyio(VM *vm, NpState *st)
{
    return np_add_functions(vm, st, npyio_functions, sizeof npyio_functions / sizeof npyio_functions[0]) &&
           np_add_methods(vm, st->t_ndarray, npyio_methods, sizeof npyio_methods / sizeof npyio_methods[0]);
}
