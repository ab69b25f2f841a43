/* The transformer: a @ti.kernel's AST to frontend IR, evaluating everything that
 * is a Python value at compile time with the VM itself (DESIGN.md: one evaluator).
 *
 * Every expression yields a VM Value: a Python value, or an Expr object (the
 * taichi module's Expr class, registered in TrEnv) wrapping the IrStmt that
 * computes a Taichi value. A name bound to an Expr of pointer type is a Taichi
 * variable (an alloca). Expr's Python operators call back into the transformer
 * of the kernel being compiled (TrEnv.current), so Python helpers called
 * at compile time build IR too, as in Taichi.
 *
 * Errors are raised as Taichi 1.7.4 does: one `File "F", line N, in f:` block
 * with the source line and carets per inlined call level, then the
 * message, as TaichiSyntaxError / TaichiNameError / TaichiTypeError, or a
 * TaichiCompilationError wrapping any other exception. */
#ifndef TIRUN_FRONTEND_TRANSFORM_H
#define TIRUN_FRONTEND_TRANSFORM_H

#include "../vm/vm.h"
#include "../ir/ir.h"
#include "../ir/snode.h"

/* What the transformer needs from the taichi module. */
typedef struct TrEnv {
    VM *vm;
    IrSNodeProgram *prog;
    /* classes of stdlib/py/taichi: Expr, DataType, ScalarField, the markers of
     * built-ins (_Builtin: slot 0 its name), ti.func (_Func: slot 0 the function),
     * ti.template() (_Template) and the kernel wrapper (_Kernel) */
    TypeObj *t_expr, *t_dtype, *t_field, *t_builtin, *t_func, *t_template, *t_kernel;
    TypeObj *t_ndrange, *t_grouped;   /* ti.ndrange / ti.grouped results in Python scope */
    /* ti.types.ndarray(...) annotations, and the host buffers (taichi._ExternalArray) that
     * such a parameter takes; while compiling, the parameter is one too, of Exprs */
    TypeObj *t_ndarray_type, *t_external;
    NativeFn kernel_fn;               /* what a @ti.kernel's callable runs: kernels calling kernels are errors */
    TypeObj *e_compile, *e_syntax, *e_name, *e_type;
    IrType default_fp, default_ip;
    bool debug, short_circuit;
    int unrolling_limit;              /* ti.init(unrolling_limit=): warn past it (0: never) */
    struct Tr *current;               /* the compilation in progress, for Expr's operators */
    /* the Python number (bool, int or float) a scalar of a module above holds
     * (a numpy scalar or 0-d array), which Taichi takes where it takes Python
     * numbers: constants, scalar arguments; V_NONE for an array of that module
     * that is no scalar; V_UNBOUND when v is neither (NULL: none are) */
    Value (*host_number)(VM *vm, Value v);
} TrEnv;

/* An ndarray parameter as one compiled instance takes it: the argument's
 * element type, its field dimensions (the argument slots after its address)
 * and the shape of its elements (scalars: nelem 0; vectors 1; matrices 2).
 * The argument decides them where the annotation leaves them out. */
typedef struct TrNdarrayArg {
    bool is_ndarray;
    IrType dtype;
    int ndim;
    int nelem;
    int elem[2];
} TrNdarrayArg;

/* One kernel to compile: its function and, per parameter, the template
 * argument (a Python value) or V_UNBOUND for a typed parameter.
 *
 * A compound parameter or return type (a vector, a matrix, a tuple of types)
 * is an object the taichi module makes of its annotation, which takes one
 * argument slot per scalar: c._ti_slot_dtypes() the slots' primitive types,
 * c._ti_from_slots(list) the value made of the slots' values (in the kernel:
 * Exprs; after a launch: the returned numbers), c._ti_to_slots(value) the
 * slots' values of a value (in the kernel: what a return stores; in Python
 * scope: what a launch passes). */
typedef struct TrKernelSpec {
    FuncObj *fn;
    const char *name;           /* the kernel's IR name */
    int nparams;
    const Value *template_args;
    const TrNdarrayArg *ndarrays;   /* per parameter (NULL: none); is_ndarray false for the others */
    const Value *compound;      /* compound parameters: their compound; else V_UNBOUND */
    const int *param_slot;      /* typed parameters: their first argument slot */
    const IrType *slot_types;   /* the argument slots' types (an ndarray: u64 address, i32 extents) */
    int nslots;
    const IrType *ret_types;    /* the return slots' types */
    int nrets;                  /* 0: no return value */
    Value ret_compound;         /* a compound return type, else V_UNBOUND */
} TrKernelSpec;

/* Builds the frontend IR of a kernel (before any pass). NULL with the Taichi
 * exception pending in the VM. */
IrKernel *tr_kernel(TrEnv *env, const TrKernelSpec *spec);

/* The compound type (TrKernelSpec) an annotation names, from taichi's
 * _taichi_core._compound(annotation); V_NONE when it names none. */
Value tr_compound_of(VM *vm, Value anno);

/* The primitive type a Python annotation names (ti.i32, int, float), or
 * IR_VOID (no exception) when it names none. */
IrType tr_dtype(const TrEnv *env, Value annotation);

/* For Expr's Python operators: the binary / unary / compare operation (AST
 * operator numbers) applied to values of which one is an Expr, in the kernel
 * being compiled; V_EXC with an exception pending. */
Value tr_op_binary(TrEnv *env, int op, Value a, Value b);
Value tr_op_compare(TrEnv *env, int op, Value a, Value b);
Value tr_op_unary(TrEnv *env, int op, Value a);
/* A built-in (ti.sin, ti.atomic_add ...) called from Python code that runs at
 * compile time: name and arguments. */
Value tr_op_builtin(TrEnv *env, const char *name, Value *args, int nargs);

#endif
