/* Shared by objtype.c (types and the attribute protocol) and objdescr.c (the
 * descriptor and callable types' natives): the protocol's helpers the natives
 * reuse, the registration tables, and objdescr.c's init hook. */
#ifndef TIRUN_OBJTYPE_INT_H
#define TIRUN_OBJTYPE_INT_H

#include "vm.h"

#define AS_BUILTIN(v) ((BuiltinObj *)v_as_obj(v))
#define AS_PROP(v) ((PropertyObj *)v_as_obj(v))
#define AS_WRAPPER(v) ((WrapperObj *)v_as_obj(v))
#define AS_SUPER(v) ((SuperObj *)v_as_obj(v))
#define AS_METHOD(v) ((MethodObj *)v_as_obj(v))
#define AS_MODULE(v) ((ModuleObj *)v_as_obj(v))

#define COUNT(a) (sizeof(a) / sizeof *(a))

static inline const char *vm_type_name(VM *vm, Value v) { return vm_type_of(vm, v)->name->data; }

/* CPython's _Py_HashPointer: the address rotated by 4 bits. */
static inline int64_t vm_pointer_hash(uint64_t p)
{
    int64_t h = (int64_t)((p >> 4) | (p << 60));
    return h == -1 ? -2 : h;
}

static inline uint64_t vm_identity(Value v) { return v_is_obj(v) ? (uint64_t)(uintptr_t)v_as_obj(v) : v; }

/* __slots__ members: a member descriptor is an OBJECT-layout object whose
 * two slot values are its name and owner class, its hdr.aux the index of the
 * value in instances. */
static inline StrObj *vm_member_name(Value d) { return AS_STR(vm_slot_values(v_as_obj(d))[0]); }
static inline TypeObj *vm_member_owner(Value d) { return AS_TYPE(vm_slot_values(v_as_obj(d))[1]); }

/* The module a type's repr names: __module__, or 'builtins' for built-in types. */
Value vm_type_module(VM *vm, TypeObj *t);
/* The live __dict__ of o, made on first use; NULL on failure. */
DictObj *vm_instance_dict(VM *vm, Obj *o);
/* The class whose MRO super(type, obj) walks; NULL with TypeError when obj fits neither way. */
TypeObj *vm_super_check(VM *vm, TypeObj *type, Value obj);

/* Descriptor operations; obj is V_UNBOUND for access through the class, and
 * v == V_UNBOUND deletes. */
Value vm_func_descr_get(VM *vm, Value d, Value obj, TypeObj *type);
Value vm_layout_descr_get(VM *vm, Value d, Value obj, TypeObj *type);   /* staticmethod, classmethod */
Value vm_member_get(VM *vm, Value d, Value obj, TypeObj *type);
bool vm_member_set(VM *vm, Value d, Value obj, Value v);
bool vm_descr_set(VM *vm, Value d, Value obj, Value v);
Value vm_property_get(VM *vm, PropertyObj *p, Value obj);
StrObj *vm_prop_name(VM *vm, PropertyObj *p);   /* its __set_name__ name, or NULL */

enum { DF_GET = 1, DF_SET = 2 };   /* a descriptor's __get__, __set__ or __delete__ */

/* For the inline caches (attrcache.c): whether instances of t go through
 * object.__getattribute__ / object.__setattr__ unchanged; whether they keep
 * any attribute in a __dict__; d's DF_GET / DF_SET; a bound method. */
bool vm_default_getattr(VM *vm, TypeObj *t);
bool vm_default_setattr(VM *vm, TypeObj *t);
bool vm_instances_keep_dict(TypeObj *t);
unsigned vm_descr_flags(VM *vm, Value d);
Value vm_bind_method(VM *vm, Value func, Value self);

/* Natives objtype.c defines and objdescr.c registers on other types. */
Value vm_super_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw);
Value vm_module_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw);
Value vm_instance_dict_get(VM *vm, Value *args, int nargs, TupleObj *kw);
Value vm_instance_dict_set(VM *vm, Value *args, int nargs, TupleObj *kw);

typedef struct {
    const char *name;
    NativeFn fn;
} MethodDef;

typedef struct {
    const char *name;
    NativeFn get, set;
} PropDef;

void vm_add_methods(VM *vm, TypeObj *t, const MethodDef *m, size_t n);
void vm_add_properties(VM *vm, TypeObj *t, const PropDef *p, size_t n);

/* Registers the natives of member descriptors, UnionType, functions, code,
 * methods, builtins, property, staticmethod, classmethod, super, modules,
 * cells and tracebacks; vm_init_type calls it. */
void vm_init_descr(VM *vm);

#endif
