/* The numpy module written in C (no CPython): what its files share. An
 * array is a NATIVE object (vm/object.h): a header, then shape and strides;
 * its elements live in memory it owns (`alloc`) or that `base` owns (a view).
 * A numpy scalar (np.float32(1.5), what a.sum() returns) is the same object
 * with ndim 0 and NP_SCALAR set; its type is the scalar type (np.float32),
 * which is not a subclass of ndarray, as in numpy.
 *
 * The module's state (its types and dtype objects) is an NpState object,
 * reachable from the numpy module; every array points to it, and module
 * functions are bound to it (their args[0] is the state, as a method's is
 * self). No process globals: each VM has its own.
 *
 * Files: ndarray.c (the object, dtypes, conversions, creation, indexing,
 * shape methods, the module), then one file per part (ufunc.c, reduce.c,
 * format.c, random.c, linalg.c, npyio.c ...), each registering its functions
 * through np_register_* hooks called from np_module_open. */
#ifndef TIRUN_NP_H
#define TIRUN_NP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../modules.h"

enum { NP_MAXDIMS = 32 };

/* Element types, in numpy's type-number order where it matters (kind, then size). */
#define NP_DTYPES(X)                                                  \
    X(BOOL, bool_t, "bool", 'b', '?', 1)                              \
    X(INT8, int8_t, "int8", 'i', 'b', 1)                              \
    X(INT16, int16_t, "int16", 'i', 'h', 2)                           \
    X(INT32, int32_t, "int32", 'i', 'i', 4)                           \
    X(INT64, int64_t, "int64", 'i', 'l', 8)                           \
    X(UINT8, uint8_t, "uint8", 'u', 'B', 1)                           \
    X(UINT16, uint16_t, "uint16", 'u', 'H', 2)                        \
    X(UINT32, uint32_t, "uint32", 'u', 'I', 4)                        \
    X(UINT64, uint64_t, "uint64", 'u', 'L', 8)                        \
    X(FLOAT16, uint16_t, "float16", 'f', 'e', 2)                      \
    X(FLOAT32, float, "float32", 'f', 'f', 4)                         \
    X(FLOAT64, double, "float64", 'f', 'd', 8)

typedef uint8_t bool_t;   /* numpy's bool: one byte, 0 or 1 */

typedef enum {
#define X(e, ct, name, kind, ch, size) NP_##e,
    NP_DTYPES(X)
#undef X
    NP_NTYPES
} NpType;

typedef struct {
    const char *name;     /* "float32" */
    char kind;            /* 'b' 'i' 'u' 'f' */
    char ch;              /* the type character: 'f' */
    uint8_t size;         /* bytes */
} NpTypeInfo;

extern const NpTypeInfo np_types[NP_NTYPES];

static inline bool np_is_float(int t) { return t >= NP_FLOAT16; }
static inline bool np_is_signed(int t) { return t >= NP_INT8 && t <= NP_INT64; }
static inline bool np_is_unsigned(int t) { return t >= NP_UINT8 && t <= NP_UINT64; }
static inline bool np_is_integer(int t) { return t >= NP_INT8 && t <= NP_UINT64; }

/* IEEE half precision, as numpy converts (round to nearest even). */
float np_half_to_float(uint16_t h);
uint16_t np_float_to_half(float f);
uint16_t np_double_to_half(double d);

/* ---- the state ------------------------------------------------------------ */

typedef struct NpState {
    NativeObj nat;
    TypeObj *t_ndarray;
    TypeObj *t_dtype;
    TypeObj *t_flatiter;
    /* np.generic and its abstract subclasses, then one scalar type per dtype */
    TypeObj *t_generic, *t_number, *t_integer, *t_signedinteger, *t_unsignedinteger, *t_inexact, *t_floating;
    TypeObj *t_scalar[NP_NTYPES];
    Value dtypes[NP_NTYPES];     /* the np.dtype objects */
    Value module;                /* the _numpy module */
    Value extra[16];             /* Values other parts keep alive (printoptions ...); see np_extra_slots */
    void *part[8];               /* per-part C state, freed by part_free (random's generators ...) */
    void (*part_free[8])(void *);
} NpState;

/* The slots of NpState.extra and .part, one per part that needs them. */
enum { NP_EXTRA_PRINTOPTIONS = 0, NP_EXTRA_RANDOM = 1, NP_EXTRA_FREE = 2 };
enum { NP_PART_RANDOM = 0, NP_PART_FORMAT = 1, NP_PART_UFUNC = 2 };

/* ---- arrays --------------------------------------------------------------- */

enum {
    NP_WRITEABLE = 1,
    NP_SCALAR = 2,       /* a numpy scalar (ndim 0), immutable */
    NP_OWNDATA = 4,      /* alloc is this array's */
    NP_BIGBUF = 8,       /* alloc is a recycled big buffer (array.c), the data BIG_HDR bytes in */
};

typedef struct {
    NativeObj nat;
    NpState *st;
    Value base;          /* what owns the data when this is a view (an array, bytes ...), else V_NONE */
    char *data;          /* the first element */
    void *alloc;         /* malloc'd block freed with the array (NP_OWNDATA) */
    int64_t size;        /* elements: the product of shape */
    uint8_t dtype, ndim, flags;
    /* shape[ndim] then strides[ndim] (bytes, may be negative or 0); shape
     * and strides point into `dims` */
    int64_t *shape, *strides;
    int64_t dims[];
} NdArray;

#define AS_ND(v) ((NdArray *)v_as_obj(v))

extern const NativeOps np_array_ops;

/* v is an ndarray or a numpy scalar (any NdArray-laid-out object). */
static inline bool np_is_nd(Value v)
{
    return v_has_layout(v, LAYOUT_NATIVE) && ((NativeObj *)v_as_obj(v))->ops == &np_array_ops;
}
/* v is an ndarray proper (not a numpy scalar). */
static inline bool np_is_array(Value v) { return np_is_nd(v) && !(AS_ND(v)->flags & NP_SCALAR); }
static inline int np_itemsize(const NdArray *a) { return np_types[a->dtype].size; }
static inline int64_t np_nbytes(const NdArray *a) { return a->size * np_types[a->dtype].size; }
bool np_is_c_contiguous(const NdArray *a);
bool np_is_f_contiguous(const NdArray *a);

/* A new C-contiguous array; elements zeroed when `zero`. NULL with MemoryError
 * (or ValueError for a negative dimension) pending. */
NdArray *np_new(VM *vm, NpState *st, int dtype, int ndim, const int64_t *shape, bool zero);
/* A view of base's memory (base: the array or object that owns it). */
NdArray *np_view(VM *vm, NpState *st, Value base, int dtype, char *data, int ndim, const int64_t *shape,
                 const int64_t *strides, bool writeable);
/* A numpy scalar of `dtype` holding the element at p. */
Value np_scalar(VM *vm, NpState *st, int dtype, const void *p);
Value np_scalar_f64(VM *vm, NpState *st, int dtype, double d);     /* converted to dtype */
Value np_scalar_i64(VM *vm, NpState *st, int dtype, int64_t i);
/* What an operation returning array r gives back: r itself, or, when r is
 * 0-d, the numpy scalar of its element (numpy's convention for results). */
Value np_result(VM *vm, NdArray *r);
/* A C-contiguous copy of a (same dtype, or cast to dtype when dtype >= 0). */
NdArray *np_copy(VM *vm, NdArray *a, int dtype);
/* a itself when C-contiguous (and of dtype if dtype >= 0), else a copy. */
NdArray *np_contiguous(VM *vm, NdArray *a, int dtype);

/* ---- elements ------------------------------------------------------------- */

/* Reads element p of type t as a double / int64 / uint64 (C's conversion). */
double np_get_f64(const void *p, int t);
int64_t np_get_i64(const void *p, int t);
uint64_t np_get_u64(const void *p, int t);
/* Writes d / i to element p of type t with C's conversion (numpy's astype,
 * 'unsafe' casting: floats to ints truncate). */
void np_set_f64(void *p, int t, double d);
void np_set_i64(void *p, int t, int64_t i);
void np_set_u64(void *p, int t, uint64_t u);
/* Copies one element, converting from type st to type dt. */
void np_cast_elem(void *dp, int dt, const void *sp, int stype);
/* The element as a Python object: bool, int or float (a.item(), tolist()). */
Value np_elem_to_py(VM *vm, const void *p, int t);
/* Stores a Python value (int, float, bool, numpy scalar, 0-d array) into
 * element p of type t as numpy does: a Python int out of the type's range is
 * OverflowError "Python integer 300 out of bounds for uint8"; a float
 * truncates; NaN to int is undefined in numpy (we store INT_MIN as the CPU does). */
bool np_py_to_elem(VM *vm, void *p, int t, Value v);

/* ---- dtypes --------------------------------------------------------------- */

/* The dtype a Python object names: np.float32, np.dtype('f4'), 'float32', 'f',
 * float, int, bool, a dtype object, ti.f32-like objects with a `to_numpy`-less
 * name are not accepted. -1 with TypeError pending when it names none; v None:
 * `dflt` (no error). */
int np_dtype_of(VM *vm, NpState *st, Value v, int dflt);
/* The dtype numpy infers for a Python scalar: bool -> bool, int -> int64 (uint64
 * or an OverflowError beyond), float -> float64; numpy scalars their own. -1 if none. */
int np_dtype_of_pyscalar(VM *vm, Value v);
/* numpy's promotion of two dtypes (np.promote_types). */
int np_promote(int a, int b);
/* NEP 50: the result type of array dtype `a` with a Python scalar of kind
 * 'b' (bool), 'i' (int) or 'f' (float) — the scalar is weak. */
int np_promote_weak(int a, char pykind);

/* ---- conversion from Python objects -------------------------------------- */

/* np.asarray(v, dtype): an array from an array (itself when the dtype matches),
 * a numpy scalar (a 0-d array), a Python scalar, or nested sequences (lists,
 * tuples, arrays; ragged ones are ValueError as numpy 2 says). dtype < 0: inferred. */
NdArray *np_from_py(VM *vm, NpState *st, Value v, int dtype);
/* The same but always a new array (np.array with copy=True). */
NdArray *np_array_copy(VM *vm, NpState *st, Value v, int dtype);
/* A Python int tuple (or int) as a shape; false with TypeError/ValueError pending. */
bool np_shape_arg(VM *vm, Value v, int *ndim, int64_t *shape);
/* The shape as a Python tuple. */
Value np_shape_tuple(VM *vm, int ndim, const int64_t *shape);
/* Nested lists of Python objects (a.tolist()); a 0-d array gives its item. */
Value np_tolist(VM *vm, NdArray *a);

/* ---- iteration with broadcasting ----------------------------------------- */

enum { NP_ITER_MAXOP = 8 };

/* Walks nop operands (already broadcast to one shape) in C order, handing
 * out the innermost dimension as one run: while (np_iter_next(&it)) { for (k
 * < it.n) use it.ptr[i] + k * it.stride[i] }. Dimensions of operands are
 * merged where memory allows, so contiguous arrays are one run. */
typedef struct {
    int nop, ndim;
    int64_t n;                           /* length of the current run */
    char *ptr[NP_ITER_MAXOP];            /* each operand's first element of the run */
    int64_t stride[NP_ITER_MAXOP];       /* each operand's stride along the run */
    /* private */
    int64_t shape[NP_MAXDIMS], idx[NP_MAXDIMS];
    int64_t strides[NP_ITER_MAXOP][NP_MAXDIMS];
    char *base[NP_ITER_MAXOP];
    bool started, done;
} NpIter;

/* The broadcast shape of n shapes; false with numpy's ValueError ("operands
 * could not be broadcast together with shapes (2,3) (4,) ") pending. */
bool np_broadcast_shapes(VM *vm, int n, const int *ndims, const int64_t *const *shapes, int *ndim_out,
                         int64_t *shape_out);
/* Sets up `it` over arrays ops[0..nop) broadcast to (ndim, shape) (which each
 * must broadcast to; the first is usually the output). */
void np_iter_init(NpIter *it, int nop, NdArray *const *ops, int ndim, const int64_t *shape);
bool np_iter_next(NpIter *it);

/* dst[...] = src with broadcasting and casting (src may be any Python value). */
bool np_assign(VM *vm, NdArray *dst, Value src);
bool np_assign_array(VM *vm, NdArray *dst, NdArray *src);

/* ---- registration of the parts -------------------------------------------- */

/* Each part adds its module functions (bound to the state: args[0] is the
 * NpState object) and its ndarray methods (args[0] is the array). */
typedef struct {
    const char *name;
    NativeFn fn;
} NpFunction;

bool np_add_functions(VM *vm, NpState *st, const NpFunction *fns, size_t n);
bool np_add_methods(VM *vm, TypeObj *t, const NpFunction *fns, size_t n);
/* A property on ndarray (and the scalar types when `scalars`). */
bool np_add_property(VM *vm, NpState *st, const char *name, NativeFn get, NativeFn set, bool scalars);

static inline const char *np_tname(VM *vm, Value v) { return vm_type_of(vm, v)->name->data; }
#define vm_type_name np_tname

/* The state behind a module function's args[0] (bound self) or an array. */
static inline NpState *np_state_of(Value v)
{
    if (np_is_nd(v)) return AS_ND(v)->st;
    return (NpState *)v_as_obj(v);
}

/* Hooks of the parts, called in this order by np_module_open; each false with
 * an exception pending on failure. A part not yet written has an empty hook. */
bool np_init_ufunc(VM *vm, NpState *st);     /* ufunc.c: operators, math ufuncs, comparisons */
bool np_init_reduce(VM *vm, NpState *st);    /* reduce.c: sum, max, mean ... dot, matmul */
bool np_init_format(VM *vm, NpState *st);    /* format.c: repr, str, printoptions */
bool np_init_random(VM *vm, NpState *st);    /* random.c: np.random's functions (as _numpy.random_*) */
bool np_init_linalg(VM *vm, NpState *st);    /* linalg.c */
bool np_init_manip(VM *vm, NpState *st);     /* manip.c: concatenate, stack, sort, unique ... */
bool np_init_npyio(VM *vm, NpState *st);     /* npyio.c: save, load, frombuffer, tobytes */

/* Argument parsing shortcuts. */
static inline bool np_parse(VM *vm, const char *fname, Value *args, int nargs, TupleObj *kw,
                            const char *const *names, int nparams, int maxpos, int minargs, Value *out)
{
    return vm_parse_args(vm, fname, args, nargs, kw, names, nparams, maxpos, minargs, out);
}
/* An `axis` argument: None -> *axis = -1 with *all = true; an int normalized
 * against ndim (numpy's AxisError "axis 2 is out of bounds for array of
 * dimension 2" otherwise). */
bool np_axis_arg(VM *vm, Value v, int ndim, int *axis, bool *all);

Value mod_numpy_open(VM *vm);

#endif
