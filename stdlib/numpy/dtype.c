/* numpy's dtypes: the np.dtype objects, what names a dtype, promotion, and the
 * scalar types (np.float32(1.5)). */
#include <ctype.h>
#include <stdio.h>

#include "np.h"

typedef struct {
    NativeObj nat;
    int type;
} DtypeObj;

static const NativeOps dtype_ops = {"numpy.dtype", NULL, NULL, NULL};

static bool is_dtype_obj(Value v)
{
    return v_has_layout(v, LAYOUT_NATIVE) && ((NativeObj *)v_as_obj(v))->ops == &dtype_ops;
}

Value np_new_dtype_obj(VM *vm, NpState *st, int t);
Value np_new_dtype_obj(VM *vm, NpState *st, int t)
{
    DtypeObj *d = vm_alloc(vm, st->t_dtype, sizeof *d);
    if (!d) return V_EXC;
    d->nat.ops = &dtype_ops;
    d->nat.size = sizeof *d;
    d->type = t;
    return v_obj(d);
}

/* ---- names ---------------------------------------------------------------------- */

static const struct {
    const char *name;
    int type;
} dtype_names[] = {
    {"bool", NP_BOOL}, {"bool_", NP_BOOL}, {"?", NP_BOOL}, {"b1", NP_BOOL},
    {"int8", NP_INT8}, {"i1", NP_INT8}, {"b", NP_INT8}, {"byte", NP_INT8},
    {"int16", NP_INT16}, {"i2", NP_INT16}, {"h", NP_INT16}, {"short", NP_INT16},
    {"int32", NP_INT32}, {"i4", NP_INT32}, {"i", NP_INT32}, {"intc", NP_INT32},
    {"int64", NP_INT64}, {"i8", NP_INT64}, {"l", NP_INT64}, {"q", NP_INT64}, {"int", NP_INT64},
    {"int_", NP_INT64}, {"intp", NP_INT64}, {"long", NP_INT64}, {"longlong", NP_INT64}, {"p", NP_INT64},
    {"uint8", NP_UINT8}, {"u1", NP_UINT8}, {"B", NP_UINT8}, {"ubyte", NP_UINT8},
    {"uint16", NP_UINT16}, {"u2", NP_UINT16}, {"H", NP_UINT16}, {"ushort", NP_UINT16},
    {"uint32", NP_UINT32}, {"u4", NP_UINT32}, {"I", NP_UINT32}, {"uintc", NP_UINT32},
    {"uint64", NP_UINT64}, {"u8", NP_UINT64}, {"L", NP_UINT64}, {"Q", NP_UINT64}, {"uint", NP_UINT64},
    {"uintp", NP_UINT64}, {"ulong", NP_UINT64}, {"ulonglong", NP_UINT64}, {"P", NP_UINT64},
    {"float16", NP_FLOAT16}, {"f2", NP_FLOAT16}, {"e", NP_FLOAT16}, {"half", NP_FLOAT16},
    {"float32", NP_FLOAT32}, {"f4", NP_FLOAT32}, {"f", NP_FLOAT32}, {"single", NP_FLOAT32},
    {"float64", NP_FLOAT64}, {"f8", NP_FLOAT64}, {"d", NP_FLOAT64}, {"double", NP_FLOAT64}, {"float", NP_FLOAT64},
    {"float_", NP_FLOAT64},
};

static int dtype_from_name(const char *s)
{
    /* a byte-order mark of this machine's order (or none) */
    if (*s == '<' || *s == '=' || *s == '|') s++;
    for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; i++)
        if (!strcmp(s, dtype_names[i].name)) return dtype_names[i].type;
    return -1;
}

int np_dtype_of(VM *vm, NpState *st, Value v, int dflt)
{
    if (v == V_NONE || v == V_UNBOUND) return dflt;
    if (is_dtype_obj(v)) return ((DtypeObj *)v_as_obj(v))->type;
    if (v_has_layout(v, LAYOUT_TYPE)) {
        TypeObj *t = AS_TYPE(v);
        for (int i = 0; i < NP_NTYPES; i++)
            if (t == st->t_scalar[i]) return i;
        if (t == vm->t_float || t == st->t_floating || t == st->t_inexact || t == st->t_number) return NP_FLOAT64;
        if (t == vm->t_int || t == st->t_integer || t == st->t_signedinteger) return NP_INT64;
        if (t == st->t_unsignedinteger) return NP_UINT64;
        if (t == vm->t_bool) return NP_BOOL;
    }
    if (v_has_layout(v, LAYOUT_STR)) {
        int t = dtype_from_name(AS_STR(v)->data);
        if (t >= 0) return t;
        vm_raise(vm, vm->e_TypeError, "data type '%s' not understood", AS_STR(v)->data);
        return -1;
    }
    if (np_is_nd(v)) return AS_ND(v)->dtype;
    /* objects with a .dtype (e.g. ti's types that carry a numpy equivalent) */
    StrObj *name = vm_intern(vm, "dtype", 5);
    Value d = name && v_is_obj(v) && !v_has_layout(v, LAYOUT_TYPE) ? vm_getattr_opt(vm, v, name) : V_UNBOUND;
    if (d == V_EXC) return -1;
    if (is_dtype_obj(d)) return ((DtypeObj *)v_as_obj(d))->type;
    Value r = vm_repr(vm, v);
    vm_raise(vm, vm->e_TypeError, "Cannot interpret '%s' as a data type", r == V_EXC ? "?" : AS_STR(r)->data);
    return -1;
}

int np_dtype_of_pyscalar(VM *vm, Value v)
{
    if (v_is_bool(v)) return NP_BOOL;
    if (v_is_double(v)) return NP_FLOAT64;
    if (v_is_int(v)) return NP_INT64;
    if (np_is_nd(v)) return AS_ND(v)->dtype;
    if (v_has_layout(v, LAYOUT_BIGINT)) {
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(v, z);
        int t = -1;
        if (mpz_sgn(z) > 0 && mpz_sizeinbase(z, 2) <= 64) t = NP_UINT64;
        else if (mpz_fits_slong_p(z)) t = NP_INT64;
        else {
            char *s = mpz_get_str(NULL, 10, z);
            vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C long");
            free(s);
        }
        mpz_clear(z);
        return t;
    }
    if (vm_is_int(vm, v)) return NP_INT64;
    TypeObj *t = vm_type_of(vm, v);
    if (vm_is_subtype(t, vm->t_float)) return NP_FLOAT64;
    return -1;
}

/* ---- promotion ---------------------------------------------------------------------- */

/* The smallest float that holds every value of integer type t exactly enough (numpy's rule). */
static int float_for_int(int t)
{
    int size = np_types[t].size;
    if (size == 1) return NP_FLOAT16;
    if (size == 2) return NP_FLOAT32;
    return NP_FLOAT64;
}

int np_promote(int a, int b)
{
    if (a == b) return a;
    if (a == NP_BOOL) return b;
    if (b == NP_BOOL) return a;
    if (np_is_float(a) || np_is_float(b)) {
        if (np_is_float(a) && np_is_float(b)) return a > b ? a : b;
        int f = np_is_float(a) ? a : b, i = np_is_float(a) ? b : a;
        int need = float_for_int(i);
        return f > need ? f : need;
    }
    bool sa = np_is_signed(a), sb = np_is_signed(b);
    if (sa == sb) return np_types[a].size >= np_types[b].size ? a : b;
    int s = sa ? a : b, u = sa ? b : a;
    if (np_types[s].size > np_types[u].size) return s;
    switch (u) {
    case NP_UINT8: return NP_INT16;
    case NP_UINT16: return NP_INT32;
    case NP_UINT32: return NP_INT64;
    default: return NP_FLOAT64;
    }
}

int np_promote_weak(int a, char pykind)
{
    switch (pykind) {
    case 'b': return a;
    case 'i': return a == NP_BOOL ? NP_INT64 : a;
    default: return np_is_float(a) ? a : NP_FLOAT64;
    }
}

/* ---- the dtype type's methods -------------------------------------------------------------- */

static int self_type(Value v) { return ((DtypeObj *)v_as_obj(v))->type; }

static Value dt_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"", "dtype", "align", "copy"};
    Value p[4];
    if (!np_parse(vm, "dtype", args, nargs, kw, names, 4, 4, 2, p)) return V_EXC;
    /* the state: found through the type's module-level dict entry */
    NpState *st = NULL;
    TypeObj *cls = AS_TYPE(args[0]);
    Value s = cls->hdr.dict ? vm_dict_get_str(cls->hdr.dict, vm_intern(vm, "_state", 6)) : V_UNBOUND;
    if (s == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "numpy.dtype: no state");
    st = (NpState *)v_as_obj(s);
    int t = np_dtype_of(vm, st, p[1], NP_FLOAT64);
    return t < 0 ? V_EXC : st->dtypes[t];
}

static Value dt_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    char buf[64];
    snprintf(buf, sizeof buf, "dtype('%s')", np_types[self_type(args[0])].name);
    return vm_cstr(vm, buf);
}

static Value dt_str(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm_cstr(vm, np_types[self_type(args[0])].name); }

static Value dt_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "expected 1 argument");
    NpState *st = (NpState *)v_as_obj(vm_dict_get_str(v_as_obj(args[0])->type->hdr.dict, vm_intern(vm, "_state", 6)));
    int t = np_dtype_of(vm, st, args[1], -2);
    if (t == -1) {
        vm->exc = V_NONE;
        return V_FALSE;
    }
    return v_bool(t == self_type(args[0]));
}

static Value dt_ne(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value r = dt_eq(vm, args, nargs, kw);
    return r == V_EXC ? r : v_bool(r == V_FALSE);
}

static Value dt_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return v_int(0x6e70 + self_type(args[0]));
}

static Value dt_reduce(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_cstr(vm, np_types[self_type(args[0])].name);
}

static Value dt_name(VM *vm, Value *args, int nargs, TupleObj *kw) { return dt_str(vm, args, 1, NULL); }
static Value dt_kind(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    char k = np_types[self_type(args[0])].kind;
    return vm_new_str(vm, &k, 1);
}
static Value dt_char(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    char k = np_types[self_type(args[0])].ch;
    return vm_new_str(vm, &k, 1);
}
static Value dt_itemsize(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_int(np_types[self_type(args[0])].size); }
static Value dt_typestr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int t = self_type(args[0]);
    char buf[8];
    snprintf(buf, sizeof buf, "%c%c%d", np_types[t].size == 1 ? '|' : '<', np_types[t].kind, np_types[t].size);
    return vm_cstr(vm, buf);
}
static Value dt_type(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NpState *st = (NpState *)v_as_obj(vm_dict_get_str(v_as_obj(args[0])->type->hdr.dict, vm_intern(vm, "_state", 6)));
    return v_obj(st->t_scalar[self_type(args[0])]);
}
static Value dt_num(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const int nums[NP_NTYPES] = {0, 1, 3, 5, 7, 2, 4, 6, 8, 23, 11, 12};
    return v_int(nums[self_type(args[0])]);
}
static Value dt_byteorder(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_cstr(vm, np_types[self_type(args[0])].size == 1 ? "|" : "=");
}
static Value dt_none(VM *vm, Value *args, int nargs, TupleObj *kw) { return V_NONE; }
static Value dt_empty_tuple(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm->empty_tuple; }

/* ---- scalar types ------------------------------------------------------------------------- */

/* np.float32(x): a scalar from a number or string; from a sequence or an
 * array, an array of that dtype (as numpy does). */
static Value scalar_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = AS_TYPE(args[0]);
    Value s = V_UNBOUND;
    for (TypeObj *t = cls; t && s == V_UNBOUND; t = t->base)
        s = t->hdr.dict ? vm_dict_get_str(t->hdr.dict, vm_intern(vm, "_state", 6)) : V_UNBOUND;
    if (s == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "numpy scalar: no state");
    NpState *st = (NpState *)v_as_obj(s);
    int t = -1;
    for (int i = 0; i < NP_NTYPES; i++)
        if (vm_is_subtype(cls, st->t_scalar[i])) t = i;
    if (t < 0) return vm_raise(vm, vm->e_TypeError, "cannot create '%s' instances", cls->qualname->data);
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "%s() takes no keyword arguments", np_types[t].name);
    if (nargs > 2) return vm_raise(vm, vm->e_TypeError, "%s() takes at most 1 argument (%d given)", np_types[t].name, nargs - 1);
    char elem[8] = {0};
    if (nargs < 2) return np_scalar(vm, st, t, elem);
    Value v = args[1];
    if (v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE) || np_is_array(v)) {
        NdArray *a = np_array_copy(vm, st, v, t);
        return a ? np_result(vm, a) : V_EXC;
    }
    if (np_is_integer(t) && v_is_double(v)) {
        double d = v_as_double(v);
        if (d != d) return vm_raise(vm, vm->e_ValueError, "cannot convert float NaN to integer");
        if (isinf(d)) return vm_raise(vm, vm->e_OverflowError, "cannot convert float infinity to integer");
    }
    if (!np_py_to_elem(vm, elem, t, v)) return V_EXC;
    return np_scalar(vm, st, t, elem);
}

/* ---- set-up ---------------------------------------------------------------------------------- */

static const NpFunction dtype_methods[] = {
    {"__repr__", dt_repr}, {"__str__", dt_str}, {"__eq__", dt_eq}, {"__ne__", dt_ne}, {"__hash__", dt_hash},
    {"__reduce__", dt_reduce},
};

static const NpFunction dtype_props[] = {
    {"name", dt_name}, {"kind", dt_kind}, {"char", dt_char}, {"itemsize", dt_itemsize}, {"str", dt_typestr},
    {"type", dt_type}, {"num", dt_num}, {"byteorder", dt_byteorder}, {"names", dt_none}, {"fields", dt_none},
    {"shape", dt_empty_tuple}, {"subdtype", dt_none}, {"base", dt_name}, {"alignment", dt_itemsize},
};

bool np_init_dtypes(VM *vm, NpState *st);
bool np_init_dtypes(VM *vm, NpState *st)
{
    TypeObj *t = vm_new_builtin_type(vm, "numpy.dtype", vm->t_object, LAYOUT_NATIVE);
    if (!t) return false;
    st->t_dtype = t;
    vm_add_method(vm, t, "__new__", dt_new);
    if (!np_add_methods(vm, t, dtype_methods, sizeof dtype_methods / sizeof dtype_methods[0])) return false;
    for (size_t i = 0; i < sizeof dtype_props / sizeof dtype_props[0]; i++)
        vm_add_property(vm, t, dtype_props[i].name, dtype_props[i].fn, NULL);
    if (!mod_dict_put(vm, t->hdr.dict, "_state", v_obj(st))) return false;
    for (int i = 0; i < NP_NTYPES; i++) {
        st->dtypes[i] = np_new_dtype_obj(vm, st, i);
        if (st->dtypes[i] == V_EXC) return false;
    }
    /* the scalar type hierarchy */
    struct {
        TypeObj **slot;
        const char *name;
        TypeObj **base;
    } abstract[] = {
        {&st->t_generic, "numpy.generic", NULL},
        {&st->t_number, "numpy.number", &st->t_generic},
        {&st->t_integer, "numpy.integer", &st->t_number},
        {&st->t_signedinteger, "numpy.signedinteger", &st->t_integer},
        {&st->t_unsignedinteger, "numpy.unsignedinteger", &st->t_integer},
        {&st->t_inexact, "numpy.inexact", &st->t_number},
        {&st->t_floating, "numpy.floating", &st->t_inexact},
    };
    for (size_t i = 0; i < sizeof abstract / sizeof abstract[0]; i++) {
        TypeObj *base = abstract[i].base ? *abstract[i].base : vm->t_object;
        TypeObj *a = vm_new_builtin_type(vm, abstract[i].name, base, LAYOUT_NATIVE);
        if (!a) return false;
        *abstract[i].slot = a;
    }
    vm_add_method(vm, st->t_generic, "__new__", scalar_new);
    if (!mod_dict_put(vm, st->t_generic->hdr.dict, "_state", v_obj(st))) return false;
    for (int i = 0; i < NP_NTYPES; i++) {
        TypeObj *base = i == NP_BOOL ? st->t_generic
                        : np_is_signed(i) ? st->t_signedinteger
                        : np_is_unsigned(i) ? st->t_unsignedinteger
                                            : st->t_floating;
        char name[32];
        snprintf(name, sizeof name, "numpy.%s", i == NP_BOOL ? "bool" : np_types[i].name);
        TypeObj *s = vm_new_builtin_type(vm, name, base, LAYOUT_NATIVE);
        if (!s) return false;
        st->t_scalar[i] = s;
    }
    return true;
}
