/* What numpy's element-wise parts share (ufunc.c, loops.c, reduce.c, dot.c,
 * elementwise.c): the ufunc table, the typed inner loops, type resolution and
 * the executor that runs a loop over broadcast, cast operands. */
#ifndef TIRUN_NP_UFUNC_H
#define TIRUN_NP_UFUNC_H

#include "np.h"

/* An inner loop, numpy's shape: args are the inputs then the outputs, each
 * advanced by its step (bytes) n times. Elements are of the loop's types. */
typedef void (*NpLoop)(char **args, const int64_t *steps, int64_t n);
/* acc = acc op x[0] op x[1] ... (x strided): the reduction of a binary loop. */
typedef void (*NpReduceLoop)(char *acc, const char *x, int64_t stride, int64_t n);

/* The ufuncs: X(id, name, nin, nout). The loops and type rules are in loops.c. */
#define NP_UFUNCS(X)                                                                                        \
    X(ADD, "add", 2, 1) X(SUBTRACT, "subtract", 2, 1) X(MULTIPLY, "multiply", 2, 1)                          \
    X(TRUE_DIVIDE, "divide", 2, 1) X(FLOOR_DIVIDE, "floor_divide", 2, 1) X(REMAINDER, "remainder", 2, 1)    \
    X(FMOD, "fmod", 2, 1) X(POWER, "power", 2, 1) X(MAXIMUM, "maximum", 2, 1) X(MINIMUM, "minimum", 2, 1)   \
    X(FMAX, "fmax", 2, 1) X(FMIN, "fmin", 2, 1) X(ARCTAN2, "arctan2", 2, 1) X(HYPOT, "hypot", 2, 1)         \
    X(COPYSIGN, "copysign", 2, 1) X(LOGADDEXP, "logaddexp", 2, 1) X(NEXTAFTER, "nextafter", 2, 1)          \
    X(BITWISE_AND, "bitwise_and", 2, 1) X(BITWISE_OR, "bitwise_or", 2, 1)                                   \
    X(BITWISE_XOR, "bitwise_xor", 2, 1) X(LEFT_SHIFT, "left_shift", 2, 1)                                   \
    X(RIGHT_SHIFT, "right_shift", 2, 1) X(LOGICAL_AND, "logical_and", 2, 1)                                 \
    X(LOGICAL_OR, "logical_or", 2, 1) X(LOGICAL_XOR, "logical_xor", 2, 1) X(EQUAL, "equal", 2, 1)          \
    X(NOT_EQUAL, "not_equal", 2, 1) X(LESS, "less", 2, 1) X(LESS_EQUAL, "less_equal", 2, 1)                 \
    X(GREATER, "greater", 2, 1) X(GREATER_EQUAL, "greater_equal", 2, 1) X(DIVMOD, "divmod", 2, 2)           \
    X(NEGATIVE, "negative", 1, 1) X(POSITIVE, "positive", 1, 1) X(ABSOLUTE, "absolute", 1, 1)               \
    X(FABS, "fabs", 1, 1) X(SIGN, "sign", 1, 1) X(SQUARE, "square", 1, 1) X(RECIPROCAL, "reciprocal", 1, 1) \
    X(INVERT, "invert", 1, 1) X(LOGICAL_NOT, "logical_not", 1, 1) X(SQRT, "sqrt", 1, 1)                     \
    X(CBRT, "cbrt", 1, 1) X(EXP, "exp", 1, 1) X(EXP2, "exp2", 1, 1) X(EXPM1, "expm1", 1, 1)                 \
    X(LOG, "log", 1, 1) X(LOG2, "log2", 1, 1) X(LOG10, "log10", 1, 1) X(LOG1P, "log1p", 1, 1)               \
    X(SIN, "sin", 1, 1) X(COS, "cos", 1, 1) X(TAN, "tan", 1, 1) X(ARCSIN, "arcsin", 1, 1)                   \
    X(ARCCOS, "arccos", 1, 1) X(ARCTAN, "arctan", 1, 1) X(SINH, "sinh", 1, 1) X(COSH, "cosh", 1, 1)         \
    X(TANH, "tanh", 1, 1) X(ARCSINH, "arcsinh", 1, 1) X(ARCCOSH, "arccosh", 1, 1)                           \
    X(ARCTANH, "arctanh", 1, 1) X(DEGREES, "degrees", 1, 1) X(RADIANS, "radians", 1, 1)                     \
    X(FLOOR, "floor", 1, 1) X(CEIL, "ceil", 1, 1) X(TRUNC, "trunc", 1, 1) X(RINT, "rint", 1, 1)             \
    X(ISNAN, "isnan", 1, 1) X(ISINF, "isinf", 1, 1) X(ISFINITE, "isfinite", 1, 1)                           \
    X(SIGNBIT, "signbit", 1, 1) X(MODF, "modf", 1, 2)

typedef enum {
#define X(id, name, nin, nout) NP_UF_##id,
    NP_UFUNCS(X)
#undef X
    NP_NUFUNCS
} NpUfuncId;

enum { NP_UF_MAXOP = 4 };

/* What kind of type rule a ufunc follows. */
enum {
    NP_UFK_BOOL_OUT = 1,    /* the outputs are bool (comparisons, predicates, logical ops) */
    NP_UFK_LOGICAL = 2,     /* the inputs are read as truth values */
    NP_UFK_TRUEDIV = 4,     /* integer inputs give float64 */
};

typedef struct {
    const char *name;
    uint8_t nin, nout, flags;
    int8_t identity;                  /* the reduction's start: 0, 1, -1 (all bits); NP_NO_IDENTITY: none */
    const NpLoop *loops;              /* [NP_NTYPES]: the loop for that type; NULL where none (float16 runs float32's) */
    const NpReduceLoop *reduce;       /* [NP_NTYPES] fast reductions, or NULL */
} NpUfuncInfo;

enum { NP_NO_IDENTITY = 99 };

extern const NpUfuncInfo np_ufuncs[NP_NUFUNCS];

/* The loop types chosen for a call. */
typedef struct {
    int in[NP_UF_MAXOP], out[2];      /* dtypes of the operands as numpy reports them */
} NpSig;

/* Resolves the loop of ufunc `uf` for common input type t (already promoted
 * with NEP 50); dtype >= 0 forces the loop type. False with numpy's TypeError pending. */
bool np_ufunc_resolve(VM *vm, int uf, int t, int dtype, NpSig *sig);
/* The native type a loop of dtype t runs on (float16 runs float32's loops). */
static inline int np_loop_type(int t) { return t == NP_FLOAT16 ? NP_FLOAT32 : t; }

/* numpy's casting rules between dtypes. */
bool np_can_cast_safe(int from, int to);
bool np_can_cast_same_kind(int from, int to);

/* Runs loop over ops[0..nin) (inputs) and ops[nin..nin+nout) (outputs,
 * already allocated with the broadcast shape), each cast on the fly from its
 * dtype to ltype[i] (and back for outputs). */
void np_run_loop(NpLoop loop, int nin, int nout, NdArray **ops, const int *ltype, int ndim, const int64_t *shape);

/* The ufunc applied to Python values (arrays, scalars, sequences) as
 * np.<name>(*args, out=out, dtype=dtype) does: out may be NULL or hold nout
 * entries (V_NONE for none). Returns the result (a tuple for two outputs). */
Value np_ufunc_apply(VM *vm, NpState *st, int uf, Value *args, Value *out, int dtype);
/* Shortcuts for C callers: uf(a) / uf(a, b). */
Value np_uf1(VM *vm, NpState *st, int uf, Value a);
Value np_uf2(VM *vm, NpState *st, int uf, Value a, Value b);

/* ufunc.reduce / accumulate (reduce.c): `axes` a bit mask of reduced axes
 * of a; dtype < 0: numpy's default; out NULL: a new array; initial
 * V_UNBOUND: the identity (or the first element). */
Value np_reduce(VM *vm, NpState *st, int uf, NdArray *a, uint64_t axes, int dtype, NdArray *out, bool keepdims,
                Value initial);
Value np_accumulate(VM *vm, NpState *st, int uf, NdArray *a, int axis, int dtype, NdArray *out);
/* An axis argument of a reduction (None, int or tuple of ints) as a bit mask. */
bool np_axes_arg(VM *vm, Value v, int ndim, uint64_t *mask);

/* Matrix products (dot.c), on C-contiguous operands of one float type. */
void np_gemm_f32(int64_t m, int64_t n, int64_t k, const float *a, const float *b, float *c);
void np_gemm_f64(int64_t m, int64_t n, int64_t k, const double *a, const double *b, double *c);
/* numpy's pairwise summation of n strided elements (loops.c). */
float np_pairwise_f32(const char *a, int64_t n, int64_t stride);
double np_pairwise_f64(const char *a, int64_t n, int64_t stride);
float np_pairwise_f16(const char *a, int64_t n, int64_t stride);   /* float16 elements, summed in float32 */

bool np_init_dot(VM *vm, NpState *st);
bool np_init_elementwise(VM *vm, NpState *st);

#endif
