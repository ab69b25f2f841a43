/* The `_taichi_core` module: the C half of `import taichi` in Python scope,
 * the binding of program/. It hands the program's SNode trees (ir/snode.h)
 * to stdlib/py/taichi as integer SNode ids: build root / dense / place nodes,
 * materialize a tree, read and write elements with Taichi's host-side
 * conversions, and check every index against the field's shape; and what
 * ties numpy to Taichi: copies between fields or ndarrays and numpy arrays,
 * and numpy arrays and scalars as kernel arguments (program's ProgHostOps). */
#include <stdlib.h>
#include <string.h>

#include "../program/program.h"
#include "modules.h"
#include "numpy/np.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* The SNode trees live in the VM's program (program/program.h) and die with
 * the VM; ti.reset / ti.init replace them. */
static IrSNodeProgram *program(VM *vm)
{
    Program *s = prog_of(vm);
    return s ? prog_snodes(s) : NULL;
}

/* The exception type for an index out of a field's shape: the module's
 * _assert_error (taichi sets its TaichiAssertionError there), else IndexError. */
static TypeObj *assert_error(VM *vm)
{
    Value m = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    if (v_is_obj(m) && v_as_obj(m)->dict) {
        Value t = vm_dict_get_str(v_as_obj(m)->dict, vm_intern(vm, "_assert_error", 13));
        if (v_has_layout(t, LAYOUT_TYPE)) return AS_TYPE(t);
    }
    return vm->e_IndexError;
}

static bool arg_int(VM *vm, Value v, int64_t *out)
{
    if (v_is_int(v)) {
        *out = v_as_int(v);
        return true;
    }
    return vm_index(vm, v, out);
}

/* The node with the id in v (of the given kind unless kind < 0). */
static IrSNodeNode *arg_node(VM *vm, Value v, int kind)
{
    int64_t id;
    IrSNodeProgram *p = program(vm);
    if (!p || !arg_int(vm, v, &id)) return NULL;
    IrSNodeNode *n = id >= 0 && id <= INT32_MAX ? ir_snode_lookup(p, (int)id) : NULL;
    if (!n || (kind >= 0 && n->kind != (IrSNodeKind)kind)) {
        vm_raise(vm, vm->e_ValueError, "no such SNode: %lld", (long long)id);
        return NULL;
    }
    return n;
}

/* Up to 12 ints from a tuple or list; their count in *n. */
static bool arg_ints(VM *vm, Value v, int64_t *out, int *n)
{
    if (!v_has_layout(v, LAYOUT_TUPLE) && !v_has_layout(v, LAYOUT_LIST)) {
        vm_raise(vm, vm->e_TypeError, "expected a tuple of indices, got %s", TNAME(v));
        return false;
    }
    uint32_t len;
    vm_seq_items(v, &len);
    if (len > IR_SNODE_MAX_INDICES) {
        vm_raise(vm, vm->e_ValueError, "at most %d indices", IR_SNODE_MAX_INDICES);
        return false;
    }
    for (uint32_t i = 0; i < len; i++) {
        uint32_t now;
        Value *items = vm_seq_items(v, &now);   /* afresh: __index__ may run Python */
        if (i >= now) {
            vm_raise(vm, vm->e_RuntimeError, "the index list changed size");
            return false;
        }
        if (!arg_int(vm, items[i], &out[i])) return false;
    }
    *n = (int)len;
    return true;
}

static Value node_result(VM *vm, IrSNodeNode *n, const char *err)
{
    if (!n) return vm_raise(vm, vm->e_RuntimeError, "%s", err);
    return v_int(n->ir.id);
}

/* reset(): drops every SNode tree; ids start again at 0. */
static Value tc_reset(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "reset", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    if (!s) return V_EXC;
    prog_reset(s);
    return V_NONE;
}

/* tree() -> the id of a new tree's root. */
static Value tc_tree(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "tree", nargs, kw)) return V_EXC;
    IrSNodeProgram *p = program(vm);
    const char *err;
    return p ? node_result(vm, ir_snode_tree_new(p, &err), err) : V_EXC;
}

/* dense(parent, axes, extents) -> id */
static Value tc_dense(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "dense", nargs, kw, 3, 3)) return V_EXC;
    IrSNodeNode *parent = arg_node(vm, args[0], -1);
    int64_t axes64[IR_SNODE_MAX_INDICES], extents[IR_SNODE_MAX_INDICES];
    int na, ne;
    if (!parent || !arg_ints(vm, args[1], axes64, &na) || !arg_ints(vm, args[2], extents, &ne)) return V_EXC;
    if (na != ne) return vm_raise(vm, vm->e_ValueError, "%d axes but %d extents", na, ne);
    int axes[IR_SNODE_MAX_INDICES];
    for (int a = 0; a < na; a++) axes[a] = axes64[a] < 0 || axes64[a] > 64 ? 64 : (int)axes64[a];
    const char *err;
    return node_result(vm, ir_snode_dense(program(vm), parent, na, axes, extents, &err), err);
}

/* The primitive type named by v ("f32", ...), or IR_VOID with ValueError. */
static IrType arg_dtype(VM *vm, const char *fn, Value v)
{
    if (!v_has_layout(v, LAYOUT_STR)) {
        vm_raise(vm, vm->e_TypeError, "%s: dtype name must be a str", fn);
        return IR_VOID;
    }
    IrType t = IR_VOID;
    for (int i = 1; i < 256 && ir_type_bits((IrType)i); i++)
        if (strcmp(ir_type_name((IrType)i), AS_STR(v)->data) == 0) t = (IrType)i;
    if (t == IR_VOID) vm_raise(vm, vm->e_ValueError, "Invalid data type %s", AS_STR(v)->data);
    return t;
}

/* place(parent, dtype_name) -> id */
static Value tc_place(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "place", nargs, kw, 2, 2)) return V_EXC;
    IrSNodeNode *parent = arg_node(vm, args[0], -1);
    if (!parent) return V_EXC;
    IrType t = arg_dtype(vm, "place", args[1]);
    if (t == IR_VOID) return V_EXC;
    const char *err;
    return node_result(vm, ir_snode_place(program(vm), parent, t, &err), err);
}

/* materialize(id): materializes the tree holding that node. */
static Value tc_materialize(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "materialize", nargs, kw)) return V_EXC;
    IrSNodeNode *n = arg_node(vm, args[0], -1);
    return n && prog_materialize(vm->taichi, n->tree) ? V_NONE : V_EXC;
}

/* shape(id) -> the extents of the node's virtual indices */
static Value tc_shape(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "shape", nargs, kw)) return V_EXC;
    IrSNodeNode *n = arg_node(vm, args[0], -1);
    if (!n) return V_EXC;
    Value items[IR_SNODE_MAX_INDICES];
    for (int k = 0; k < n->ir.num_indices; k++)
        items[k] = vm_int_from_i64(vm, n->shape[n->physical_index_position[k]]);
    return vm_tuple_of(vm, items, (uint32_t)n->ir.num_indices);
}

/* info(id) -> (name, tree id, materialized, offset, cell_size, container_size) */
static Value tc_info(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "info", nargs, kw)) return V_EXC;
    IrSNodeNode *n = arg_node(vm, args[0], -1);
    if (!n) return V_EXC;
    Value name = vm_cstr(vm, n->name);
    if (name == V_EXC) return V_EXC;
    Value items[6] = {name, v_int(n->tree->id), v_bool(n->tree->materialized),
                      vm_int_from_i64(vm, (int64_t)n->offset), vm_int_from_i64(vm, (int64_t)n->cell_size),
                      vm_int_from_i64(vm, (int64_t)n->container_size)};
    return vm_tuple_of(vm, items, 6);
}

/* "(a, b)" for a message. */
static void fmt_tuple(char *buf, size_t cap, const int64_t *v, int n)
{
    size_t at = (size_t)snprintf(buf, cap, "(");
    for (int i = 0; i < n && at < cap; i++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%lld", i ? ", " : "", (long long)v[i]);
    if (at < cap) snprintf(buf + at, cap - at, ")");
}

/* The place with the id place_id, its materialized tree checked and key's
 * indices in idx, or NULL with the exception Taichi's debug mode raises for
 * an index out of range. */
static IrSNodeNode *element(VM *vm, Value place_id, Value key, const char *what, int64_t *idx)
{
    IrSNodeNode *n = arg_node(vm, place_id, IR_SNODE_PLACE);
    int ni;
    if (!n || !arg_ints(vm, key, idx, &ni)) return NULL;
    if (!n->tree->materialized) {
        vm_raise(vm, vm->e_RuntimeError, "the SNode tree of %s is not materialized", n->name);
        return NULL;
    }
    if (ni != n->ir.num_indices) {
        vm_raise(vm, vm->e_IndexError, "field %s takes %d indices, got %d", n->name, n->ir.num_indices, ni);
        return NULL;
    }
    if (!ir_snode_in_bounds(n, idx)) {
        int64_t shape[IR_SNODE_MAX_INDICES];
        for (int k = 0; k < ni; k++) shape[k] = n->shape[n->physical_index_position[k]];
        char s[300], i[300];
        fmt_tuple(s, sizeof s, shape, ni);
        fmt_tuple(i, sizeof i, idx, ni);
        vm_raise(vm, assert_error(vm), "(kernel=snode_%s_%d) Accessing field (%s) of size %s with indices %s\n", what,
                 n->ir.id, n->name, s, i);
        return NULL;
    }
    return n;
}

static Value read_value(VM *vm, IrType t, const void *at)
{
    if (ir_type_is_float(t)) return v_double(ir_snode_load_float(t, at));
    uint64_t bits = ir_snode_load_bits(t, at);
    if (ir_type_is_signed(t) || bits <= INT64_MAX) return vm_int_from_i64(vm, (int64_t)bits);
    mpz_t z;
    mpz_init_set_ui(z, (unsigned long)bits);
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return r;
}

/* Host-side conversion of a value to store (Taichi's SNodeHostAccessor):
 * float fields take ints and floats; integer fields take ints in
 * [-2**63, 2**64), as uint64 when >= 0, else as int64, and keep the low bits.
 * A value of the wrong kind is a TypeError named after Taichi's writer,
 * unless cast (convert): then a float goes into an integer type as a kernel
 * casts it. */
typedef struct {
    bool is_float;
    double d;
    uint64_t bits;
} Scalar;

static bool int_bits(VM *vm, Value v, uint64_t *bits, bool *neg)
{
    if (v_is_int(v) || v_is_bool(v)) {
        int64_t i = v_is_bool(v) ? v == V_TRUE : v_as_int(v);
        *bits = (uint64_t)i;
        *neg = i < 0;
        return true;
    }
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    *neg = mpz_sgn(z) < 0;
    bool ok = *neg ? mpz_fits_slong_p(z) : mpz_sizeinbase(z, 2) <= 64;
    if (ok) *bits = *neg ? (uint64_t)mpz_get_si(z) : (uint64_t)mpz_get_ui(z);
    mpz_clear(z);
    return ok;
}

static bool to_scalar(VM *vm, IrType t, Value v, bool cast, Scalar *out)
{
    /* a numpy scalar or 0-d array converts as its Python number (pybind11
     * takes them through __float__ / __index__) */
    if (np_is_nd(v) && AS_ND(v)->ndim == 0) {
        NdArray *a = AS_ND(v);
        v = np_is_float(a->dtype) ? v_double(np_get_f64(a->data, a->dtype)) : np_elem_to_py(vm, a->data, a->dtype);
        if (v == V_EXC) return false;
    }
    bool is_int = vm_is_int(vm, v);
    if (ir_type_is_float(t) || (cast && v_is_double(v))) {
        out->is_float = true;
        if (v_is_double(v)) {
            out->d = v_as_double(v);
            return true;
        }
        if (is_int) {
            Value f = vm_call(vm, v_obj(vm->t_float), &v, 1, NULL);
            if (f == V_EXC) return false;
            out->d = v_as_double(f);
            return true;
        }
        vm_raise(vm, vm->e_TypeError,
                 "write_float(): incompatible function arguments. The following argument types are supported:\n"
                 "    1. (self: SNode, arg0: list[int], arg1: float) -> None\n\nInvoked with: %s", TNAME(v));
        return false;
    }
    bool neg = v_is_double(v) && v_as_double(v) < 0;
    out->is_float = false;
    if (is_int && int_bits(vm, v, &out->bits, &neg)) return true;
    vm_raise(vm, vm->e_TypeError,
             "write_%s(): incompatible function arguments. The following argument types are supported:\n"
             "    1. (self: SNode, arg0: list[int], arg1: int) -> None\n\nInvoked with: %s",
             neg ? "int" : "uint", TNAME(v));
    return false;
}

static void store(IrType t, void *at, const Scalar *s)
{
    if (s->is_float) ir_snode_store_float(t, at, s->d);
    else ir_snode_store_int(t, at, s->bits);
}

/* read(place, key) -> int or float */
static Value tc_read(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "read", nargs, kw, 2, 2)) return V_EXC;
    int64_t idx[IR_SNODE_MAX_INDICES];
    IrSNodeNode *n = element(vm, args[0], args[1], "reader", idx);
    uint64_t cell;
    return n && prog_field_read(vm->taichi, n, idx, &cell) ? read_value(vm, n->ir.dtype, &cell) : V_EXC;
}

/* write(place, key, value) */
static Value tc_write(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "write", nargs, kw, 3, 3)) return V_EXC;
    int64_t idx[IR_SNODE_MAX_INDICES];
    IrSNodeNode *n = element(vm, args[0], args[1], "writer", idx);
    Scalar s;
    uint64_t cell;
    if (!n || !to_scalar(vm, n->ir.dtype, args[2], false, &s)) return V_EXC;
    store(n->ir.dtype, &cell, &s);
    return prog_field_write(vm->taichi, n, idx, &cell) ? V_NONE : V_EXC;
}

/* fill(place, value): every element of the field, with write's conversions */
static Value tc_fill(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "fill", nargs, kw, 2, 2)) return V_EXC;
    IrSNodeNode *n = arg_node(vm, args[0], IR_SNODE_PLACE);
    Scalar s;
    uint64_t cell;
    if (!n || !to_scalar(vm, n->ir.dtype, args[1], false, &s)) return V_EXC;
    if (!n->tree->materialized)
        return vm_raise(vm, vm->e_RuntimeError, "the SNode tree of %s is not materialized", n->name);
    store(n->ir.dtype, &cell, &s);
    return prog_field_fill(vm->taichi, n, &cell) ? V_NONE : V_EXC;
}

/* convert(dtype_name, value) -> the value as an element of that type holds
 * it, converted as a kernel casts a constant (f32 rounds, a float truncates
 * toward zero into an integer type, integers keep their low bits):
 * the entries of a Python-scope ti.Vector(..., dt=...), which Taichi keeps
 * in a numpy array of that type. */
static Value tc_convert(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "convert", nargs, kw, 2, 2)) return V_EXC;
    IrType t = arg_dtype(vm, "convert", args[0]);
    Scalar s;
    if (t == IR_VOID || !to_scalar(vm, t, args[1], true, &s)) return V_EXC;
    union {
        uint64_t bits;
        double d;
    } cell = {0};   /* room for any primitive type, aligned for all */
    store(t, &cell, &s);
    return read_value(vm, t, &cell);
}

/* offset(place, key) -> the element's byte offset in its tree's buffer */
static Value tc_offset(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "offset", nargs, kw, 2, 2)) return V_EXC;
    int64_t idx[IR_SNODE_MAX_INDICES];
    IrSNodeNode *n = element(vm, args[0], args[1], "reader", idx);
    return n ? vm_int_from_i64(vm, (int64_t)ir_snode_offset_of(n, idx)) : V_EXC;
}

/* banner() -> whether ti.init prints "[Taichi] Starting on arch=..." */
static Value tc_banner(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "banner", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? v_bool(!s->quiet) : V_EXC;
}

/* ---- ndarray memory: a bytearray the taichi.Ndarray owns (the VM's GC frees
 * it with the ndarray), whose data kernels reach by address. Its length never
 * changes after creation, so the address stays valid while the ndarray lives. */

static ByteArrayObj *arg_buffer(VM *vm, Value v)
{
    if (!v_is_obj(v) || !vm_is_subtype(vm_type_of(vm, v), vm->t_bytearray)) {
        vm_raise(vm, vm->e_TypeError, "an ndarray buffer must be a bytearray, not %s", TNAME(v));
        return NULL;
    }
    return (ByteArrayObj *)v_as_obj(v);
}

/* The element at index of type t in buffer b, or NULL with IndexError. */
static unsigned char *buffer_at(VM *vm, ByteArrayObj *b, IrType t, Value index)
{
    int64_t i;
    if (!arg_int(vm, index, &i)) return NULL;
    size_t size = (size_t)ir_type_bits(t) / 8;
    if (!size) {
        vm_raise(vm, vm->e_TypeError, "ndarray elements of type %s are not supported", ir_type_name(t));
        return NULL;
    }
    if (i < 0 || (uint64_t)i >= b->len / size) {
        vm_raise(vm, vm->e_IndexError, "ndarray element %lld out of range", (long long)i);
        return NULL;
    }
    return b->data + (size_t)i * size;
}

/* buffer_new(nbytes) -> a zero-filled bytearray of nbytes. Its memory counts
 * toward the next collection at once (the GC counts what an object owns only
 * when it collects), so that dropped ndarrays are freed before many pile up. */
static Value tc_buffer_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "buffer_new", nargs, kw)) return V_EXC;
    int64_t n;
    if (!arg_int(vm, args[0], &n)) return V_EXC;
    if (n < 1 || n > UINT32_MAX) return vm_raise(vm, vm->e_ValueError, "an ndarray of %lld bytes is too large", (long long)n);
    vm->bytes_allocated += (size_t)n;
    vm_maybe_gc(vm);
    void *data = calloc(1, (size_t)n);
    if (!data) return vm_raise(vm, vm->e_MemoryError, "out of memory for an ndarray of %lld bytes", (long long)n);
    Value b = vm_call(vm, v_obj(vm->t_bytearray), NULL, 0, NULL);
    if (b == V_EXC) {
        free(data);
        return V_EXC;
    }
    ByteArrayObj *ba = (ByteArrayObj *)v_as_obj(b);
    free(ba->data);
    ba->data = data;
    ba->len = ba->cap = (uint32_t)n;
    return b;
}

/* buffer_address(buffer) -> the address of its first byte */
static Value tc_buffer_address(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "buffer_address", nargs, kw)) return V_EXC;
    ByteArrayObj *b = arg_buffer(vm, args[0]);
    return b ? vm_int_from_i64(vm, (int64_t)(uintptr_t)b->data) : V_EXC;
}

/* buffer_read(buffer, dtype_name, index) -> element index of that type */
static Value tc_buffer_read(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "buffer_read", nargs, kw, 3, 3)) return V_EXC;
    ByteArrayObj *b = arg_buffer(vm, args[0]);
    IrType t = b ? arg_dtype(vm, "buffer_read", args[1]) : IR_VOID;
    unsigned char *at = t == IR_VOID ? NULL : buffer_at(vm, b, t, args[2]);
    if (!at) return V_EXC;
    uint64_t cell = 0;
    memcpy(&cell, at, (size_t)ir_type_bits(t) / 8);
    return read_value(vm, t, &cell);
}

/* buffer_write(buffer, dtype_name, index, value): with a field's host-side conversions */
static Value tc_buffer_write(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "buffer_write", nargs, kw, 4, 4)) return V_EXC;
    ByteArrayObj *b = arg_buffer(vm, args[0]);
    IrType t = b ? arg_dtype(vm, "buffer_write", args[1]) : IR_VOID;
    unsigned char *at = t == IR_VOID ? NULL : buffer_at(vm, b, t, args[2]);
    Scalar s;
    if (!at || !to_scalar(vm, t, args[3], false, &s)) return V_EXC;
    uint64_t cell = 0;
    store(t, &cell, &s);
    memcpy(at, &cell, (size_t)ir_type_bits(t) / 8);
    return V_NONE;
}

/* buffer_fill(buffer, dtype_name, values): the values (a list: one element's
 * entries) repeated over the whole buffer */
static Value tc_buffer_fill(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "buffer_fill", nargs, kw, 3, 3)) return V_EXC;
    ByteArrayObj *b = arg_buffer(vm, args[0]);
    IrType t = b ? arg_dtype(vm, "buffer_fill", args[1]) : IR_VOID;
    if (t == IR_VOID) return V_EXC;
    uint32_t n = 0;
    Value *vals = v_has_layout(args[2], LAYOUT_LIST) ? vm_seq_items(args[2], &n) : NULL;
    size_t size = (size_t)ir_type_bits(t) / 8, stride = size * n;
    if (!n || n > 64) return vm_raise(vm, vm->e_ValueError, "buffer_fill: 1 to 64 values, in a list");
    if (!size) return vm_raise(vm, vm->e_TypeError, "ndarray elements of type %s are not supported", ir_type_name(t));
    unsigned char pattern[64 * 8];
    for (uint32_t i = 0; i < n; i++) {
        Scalar s;
        uint64_t cell = 0;
        if (!to_scalar(vm, t, vals[i], false, &s)) return V_EXC;
        store(t, &cell, &s);
        memcpy(pattern + i * size, &cell, size);
    }
    for (size_t off = 0; off + stride <= b->len; off += stride) memcpy(b->data + off, pattern, stride);
    return V_NONE;
}

/* buffer_copy(dst, src): src's bytes into dst, which has the same length */
static Value tc_buffer_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "buffer_copy", nargs, kw, 2, 2)) return V_EXC;
    ByteArrayObj *d = arg_buffer(vm, args[0]), *s = d ? arg_buffer(vm, args[1]) : NULL;
    if (!s) return V_EXC;
    if (d->len != s->len) return vm_raise(vm, vm->e_ValueError, "buffer_copy: buffers of different lengths");
    memmove(d->data, s->data, d->len);
    return V_NONE;
}

/* ---- numpy: copies between fields / ndarrays and numpy arrays, and numpy
 * values as kernel arguments */

/* The numpy dtype of elements of type t, or -1 (u1: no field has it). */
static int np_type_of(IrType t)
{
    static const struct {
        IrType ir;
        int np;
    } types[] = {
        {IR_I8, NP_INT8},     {IR_I16, NP_INT16},     {IR_I32, NP_INT32},     {IR_I64, NP_INT64},
        {IR_U8, NP_UINT8},    {IR_U16, NP_UINT16},    {IR_U32, NP_UINT32},    {IR_U64, NP_UINT64},
        {IR_F16, NP_FLOAT16}, {IR_F32, NP_FLOAT32},   {IR_F64, NP_FLOAT64},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i].ir == t) return types[i].np;
    return -1;
}

static NdArray *arg_array(VM *vm, const char *fn, Value v)
{
    if (!np_is_array(v)) {
        vm_raise(vm, vm->e_TypeError, "%s: expected a numpy.ndarray, got %s", fn, TNAME(v));
        return NULL;
    }
    return AS_ND(v);
}

/* The copy's other end must hold as many elements as the field or ndarray;
 * the array it writes must be writeable. */
static bool array_fits(VM *vm, NdArray *a, size_t count, bool written)
{
    if ((size_t)a->size != count)
        return vm_raise(vm, vm->e_ValueError, "the numpy array holds %lld elements, not %zu", (long long)a->size,
                        count), false;
    if (written && !(a->flags & NP_WRITEABLE))
        return vm_raise(vm, vm->e_ValueError, "assignment destination is read-only"), false;
    return true;
}

/* field_numpy(place_ids, array, to_field): copies between the field whose
 * entries are the places with those ids (one for a scalar field, n*m
 * row-major for a matrix field, all of one type) and a numpy array of its
 * elements row-major, each element's entries last: to_numpy and from_numpy
 * in one call, a memcpy per run of memory where the array has the field's
 * type and is C-contiguous, else converted as numpy's astype converts. The
 * array's shape is the caller's to check; its size must be the field's. */
static Value tc_field_numpy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "field_numpy", nargs, kw, 3, 3)) return V_EXC;
    int64_t ids[64];
    uint32_t n = 0;
    Value *items = v_has_layout(args[0], LAYOUT_LIST) || v_has_layout(args[0], LAYOUT_TUPLE)
                       ? vm_seq_items(args[0], &n) : NULL;
    if (!items || n < 1 || n > 64) return vm_raise(vm, vm->e_ValueError, "field_numpy: 1 to 64 SNode ids");
    for (uint32_t i = 0; i < n; i++)
        if (!v_is_int(items[i])) return vm_raise(vm, vm->e_TypeError, "field_numpy: SNode ids are ints");
        else ids[i] = v_as_int(items[i]);
    NdArray *a = arg_array(vm, "field_numpy", args[1]);
    int to_field = a ? vm_truthy(vm, args[2]) : -1;
    Program *p = to_field < 0 ? NULL : prog_of(vm);
    size_t size;
    if (!p || !prog_field_copy(p, ids, (int)n, NULL, 0, false, &size)) return V_EXC;
    IrType t = ir_snode_lookup(p->snodes, (int)ids[0])->ir.dtype;
    for (uint32_t i = 1; i < n; i++)
        if (ir_snode_lookup(p->snodes, (int)ids[i])->ir.dtype != t)
            return vm_raise(vm, vm->e_TypeError, "field_numpy: the entries are of different types");
    int nt = np_type_of(t);
    if (nt < 0) return vm_raise(vm, vm->e_TypeError, "fields of %s have no numpy type", ir_type_name(t));
    if (!array_fits(vm, a, size / np_types[nt].size, !to_field)) return V_EXC;
    if (a->dtype == nt && np_is_c_contiguous(a))
        return prog_field_copy(p, ids, (int)n, a->data, size, to_field, &size) ? V_NONE : V_EXC;
    /* through a C-contiguous array of the field's type */
    NdArray *tmp = to_field ? np_copy(vm, a, nt) : np_new(vm, a->st, nt, a->ndim, a->shape, false);
    if (!tmp) return V_EXC;
    vm_push_root(vm, v_obj(tmp));
    bool ok = prog_field_copy(p, ids, (int)n, tmp->data, size, to_field, &size) &&
              (to_field || np_assign_array(vm, a, tmp));
    vm_pop_roots(vm, 1);
    return ok ? V_NONE : V_EXC;
}

/* ndarray_numpy(buffer, dtype_name, array, to_buffer): the same between a
 * ti.ndarray's buffer (its elements row-major, entries last) and a numpy
 * array of as many elements. */
static Value tc_ndarray_numpy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "ndarray_numpy", nargs, kw, 4, 4)) return V_EXC;
    ByteArrayObj *b = arg_buffer(vm, args[0]);
    IrType t = b ? arg_dtype(vm, "ndarray_numpy", args[1]) : IR_VOID;
    NdArray *a = t == IR_VOID ? NULL : arg_array(vm, "ndarray_numpy", args[2]);
    int to_buffer = a ? vm_truthy(vm, args[3]) : -1;
    if (to_buffer < 0) return V_EXC;
    int nt = np_type_of(t);
    if (nt < 0) return vm_raise(vm, vm->e_TypeError, "ndarrays of %s have no numpy type", ir_type_name(t));
    size_t w = np_types[nt].size;
    if (!array_fits(vm, a, b->len / w, !to_buffer)) return V_EXC;
    if (a->dtype == nt && np_is_c_contiguous(a)) {
        memcpy(to_buffer ? (char *)b->data : a->data, to_buffer ? a->data : (char *)b->data, (size_t)a->size * w);
        return V_NONE;
    }
    /* the buffer as an array of the array's shape, and numpy's assignment */
    int64_t strides[NP_MAXDIMS];
    for (int d = a->ndim - 1, st = (int)w; d >= 0; st *= (int)a->shape[d--]) strides[d] = st;
    NdArray *view = np_view(vm, a->st, v_obj(b), nt, (char *)b->data, a->ndim, a->shape, strides, true);
    if (!view) return V_EXC;
    vm_push_root(vm, v_obj(view));
    bool ok = to_buffer ? np_assign_array(vm, view, a) : np_assign_array(vm, a, view);
    vm_pop_roots(vm, 1);
    return ok ? V_NONE : V_EXC;
}

/* numpy arrays and scalars as kernel arguments (ProgHostOps) */
static bool host_array(Value v, ProgHostArray *out)
{
    if (!np_is_array(v)) return false;
    NdArray *a = AS_ND(v);
    out->data = a->data;
    out->dtype = IR_VOID;
    for (int t = 1; t < IR_NUM_PRIM_TYPES; t++)
        if (np_type_of((IrType)t) == a->dtype && t != IR_F16) out->dtype = (IrType)t;
    out->dtype_name = np_types[a->dtype].name;
    out->ndim = a->ndim;
    out->shape = a->shape;
    out->order = np_is_c_contiguous(a) ? 'C' : np_is_f_contiguous(a) ? 'F' : 0;
    return true;
}

/* A numpy scalar's or 0-d array's Python number (TrEnv.host_number), V_NONE
 * for another array; floats unboxed. */
static Value host_number(VM *vm, Value v)
{
    if (!np_is_nd(v)) return V_UNBOUND;
    NdArray *a = AS_ND(v);
    if (a->ndim) return V_NONE;
    return np_is_float(a->dtype) ? v_double(np_get_f64(a->data, a->dtype)) : np_elem_to_py(vm, a->data, a->dtype);
}

static Value host_c_copy(VM *vm, Value v)
{
    NdArray *c = np_copy(vm, AS_ND(v), -1);
    return c ? v_obj(c) : V_EXC;
}

static bool host_write_back(VM *vm, Value v, Value copy)
{
    return np_assign_array(vm, AS_ND(v), AS_ND(copy));
}

static const ProgHostOps host_ops = {host_array, host_c_copy, host_write_back};

static const ModFunction taichi_functions[] = {
    {"reset", tc_reset}, {"tree", tc_tree},   {"dense", tc_dense}, {"place", tc_place},
    {"materialize", tc_materialize}, {"shape", tc_shape}, {"info", tc_info}, {"read", tc_read},
    {"write", tc_write}, {"fill", tc_fill}, {"offset", tc_offset}, {"convert", tc_convert}, {"banner", tc_banner},
    {"buffer_new", tc_buffer_new}, {"buffer_address", tc_buffer_address}, {"buffer_read", tc_buffer_read}, {"buffer_write", tc_buffer_write},
    {"buffer_fill", tc_buffer_fill}, {"buffer_copy", tc_buffer_copy}, {"field_numpy", tc_field_numpy},
    {"ndarray_numpy", tc_ndarray_numpy},
};

Value mod_taichi_open(VM *vm)
{
    Program *p = prog_of(vm);
    Value m = p ? vm_new_module(vm, "_taichi_core") : V_EXC;
    if (m == V_EXC) return V_EXC;
    p->host = &host_ops;
    p->env.host_number = host_number;
    vm_push_root(vm, m);
    bool ok = mod_add_functions(vm, m, taichi_functions, sizeof taichi_functions / sizeof taichi_functions[0]) &&
              taichi_kernel_init(vm, m) &&
              mod_dict_put(vm, v_as_obj(m)->dict, "max_num_indices", v_int(IR_SNODE_MAX_INDICES));
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}
