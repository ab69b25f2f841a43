/* The generator type: next(), send(), throw(), close() and repr on top of
 * the interpreter's vm_gen_send / vm_gen_throw (interp.c). */
#include <stdio.h>
#include <stdlib.h>

#include "vm.h"

static Value gen_iternext(VM *vm, Value g) { return vm_gen_send(vm, (GenObj *)v_as_obj(g), V_NONE, NULL); }

static GenObj *gen_self(VM *vm, Value *args, int nargs, const char *meth)
{
    if (nargs < 1 || !v_has_layout(args[0], LAYOUT_GEN)) {
        vm_raise(vm, vm->e_TypeError, "descriptor '%s' requires a 'generator' object", meth);
        return NULL;
    }
    return (GenObj *)v_as_obj(args[0]);
}

static Value gen_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return gen_self(vm, args, nargs, "__iter__") ? args[0] : V_EXC;
}

/* next() / send(): StopIteration(value) when the generator returns */
static Value gen_resume(VM *vm, GenObj *g, Value sent)
{
    Value ret = V_NONE;
    Value r = vm_gen_send(vm, g, sent, &ret);
    if (r != V_UNBOUND) return r;
    Value stop = vm_new_exception(vm, vm->e_StopIteration, &ret, ret == V_NONE ? 0 : 1);
    return stop == V_EXC ? V_EXC : vm_raise_value(vm, stop);
}

static Value gen_next(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GenObj *g = gen_self(vm, args, nargs, "__next__");
    return g ? gen_resume(vm, g, V_NONE) : V_EXC;
}

static Value gen_send_method(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GenObj *g = gen_self(vm, args, nargs, "send");
    if (!g) return V_EXC;
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "generator.send() takes exactly one argument (%d given)", nargs - 1);
    return gen_resume(vm, g, args[1]);
}

static Value gen_throw_method(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GenObj *g = gen_self(vm, args, nargs, "throw");
    if (!g) return V_EXC;
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "throw expected at least 1 argument, got 0");
    Value exc = args[1];
    if (nargs >= 3 && args[2] != V_NONE && v_has_layout(exc, LAYOUT_TYPE)) {
        /* throw(type, value) throws value itself when it is an instance of type */
        if (vm_is_subtype(vm_type_of(vm, args[2]), (TypeObj *)v_as_obj(exc))) return vm_gen_throw(vm, g, args[2]);
        exc = vm_call(vm, exc, &args[2], 1, NULL);
        if (exc == V_EXC) return V_EXC;
    }
    return vm_gen_throw(vm, g, exc);
}

static Value gen_close(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GenObj *g = gen_self(vm, args, nargs, "close");
    if (!g) return V_EXC;
    if (!g->frame || g->frame->ip == 0) {
        if (g->frame) {
            free(g->frame->base);
            free(g->frame);
            g->frame = NULL;
        }
        return V_NONE;
    }
    Value r = vm_gen_throw(vm, g, v_obj(vm->e_GeneratorExit));
    if (r == V_EXC) {
        if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_GeneratorExit)) ||
            vm_exc_matches(vm, vm->exc, v_obj(vm->e_StopIteration))) {
            vm->exc = V_NONE;
            return V_NONE;
        }
        return V_EXC;
    }
    return vm_raise(vm, vm->e_RuntimeError, "generator ignored GeneratorExit");
}

static Value gen_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    GenObj *g = gen_self(vm, args, nargs, "__repr__");
    if (!g) return V_EXC;
    char buf[512];
    snprintf(buf, sizeof buf, "<generator object %s at %p>", g->qualname->data, (void *)g);
    return vm_cstr(vm, buf);
}

void vm_init_gen(VM *vm)
{
    vm->t_generator->iternext = gen_iternext;
    static const struct {
        const char *name;
        NativeFn fn;
    } gen_methods[] = {
        { "__iter__", gen_iter }, { "__next__", gen_next }, { "send", gen_send_method },
        { "throw", gen_throw_method }, { "close", gen_close }, { "__repr__", gen_repr },
    };
    for (size_t i = 0; i < sizeof gen_methods / sizeof *gen_methods; i++)
        vm_add_method(vm, vm->t_generator, gen_methods[i].name, gen_methods[i].fn);
}
