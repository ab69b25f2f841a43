/* The interpreter: frames, argument binding, the bytecode loop (computed
 * goto), exception unwinding through block stacks, generator frames, and
 * __build_class__, which runs a class body in a frame.
 * Python-to-Python calls do not recurse in C: the loop switches frames. */
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "opcodes.h"

const char *const vm_opcode_names[OP_COUNT] = {
#define X(n) #n,
    VM_OPCODES(X)
#undef X
};

enum { BLOCK_EXCEPT, BLOCK_FINALLY, BLOCK_WITH, BLOCK_HANDLER };

/* ---- frames ------------------------------------------------------------------- */

static Value *frame_extent(const Frame *f)
{
    return f->base + f->code->nlocals + f->code->ncells + f->code->nfree + f->code->stacksize;
}

/* Pushes an ordinary frame for `code` whose area starts at vm->stack_top. */
static Frame *push_frame(VM *vm, CodeObj *code, FuncObj *func, DictObj *globals, DictObj *locals)
{
    if (!vm_step(vm)) return NULL;
    if (vm->nframes >= vm->recursion_limit) {
        vm_raise(vm, vm->e_RecursionError, "maximum recursion depth exceeded");
        return NULL;
    }
    Value *base = vm->stack_top;
    size_t need = (size_t)code->nlocals + (size_t)code->ncells + (size_t)code->nfree + (size_t)code->stacksize;
    if (base + need >= vm->stack_end) {
        vm_raise(vm, vm->e_RecursionError, "maximum recursion depth exceeded (value stack exhausted)");
        return NULL;
    }
    Frame *f = vm->frame_pool[vm->nframes];
    if (!f) {
        f = malloc(sizeof *f);
        if (!f) {
            vm_raise(vm, vm->e_MemoryError, "out of memory for a frame");
            return NULL;
        }
        vm->frame_pool[vm->nframes] = f;
    }
    f->code = code;
    f->func = func;
    f->globals = globals;
    f->locals = locals;
    f->base = base;
    f->sp = base + code->nlocals + code->ncells + code->nfree;
    f->ip = 0;
    f->nblocks = 0;
    f->owned_stack = false;
    f->prev_top = vm->stack_top;
    for (Value *p = base; p < f->sp; p++) *p = V_UNBOUND;
    vm->frames[vm->nframes++] = f;
    vm->stack_top = frame_extent(f);
    return f;
}

static void pop_frame(VM *vm)
{
    Frame *f = vm->frames[--vm->nframes];
    if (!f->owned_stack) vm->stack_top = f->prev_top;
}

/* Creates the cells of a new frame: fresh ones for its cell variables
 * (filled from parameters where they are one), the closure's for free ones. */
static bool init_cells(VM *vm, Frame *f)
{
    CodeObj *co = f->code;
    Value *cells = f->base + co->nlocals;
    for (int i = 0; i < co->ncells; i++) {
        CellObj *c = vm_alloc(vm, vm->t_cell, sizeof *c);
        if (!c) return false;
        c->ref = co->cell2arg && co->cell2arg[i] >= 0 ? f->base[co->cell2arg[i]] : V_UNBOUND;
        cells[i] = v_obj(c);
    }
    for (int i = 0; i < co->nfree; i++) cells[co->ncells + i] = f->func->closure->items[i];
    return true;
}

/* ---- argument binding ------------------------------------------------------------ */

static const char *fname(FuncObj *fn) { return fn->qualname->data; }

static Value missing_args(VM *vm, FuncObj *fn, Value *locals, int from, int to, bool kwonly)
{
    CodeObj *co = fn->code;
    int n = 0;
    int idx[64];
    for (int i = from; i < to && n < 64; i++)
        if (locals[i] == V_UNBOUND) idx[n++] = i;
    char names[512];
    size_t len = 0;
    names[0] = 0;
    for (int k = 0; k < n; k++) {
        const char *sep = k == 0 ? "" : (n == 2 ? " and " : (k == n - 1 ? ", and " : ", "));
        len += (size_t)snprintf(names + len, len < sizeof names ? sizeof names - len : 0, "%s'%s'", sep,
                                co->varnames[idx[k]]->data);
        if (len >= sizeof names) len = sizeof names - 1;
    }
    return vm_raise(vm, vm->e_TypeError, "%s() missing %d required %s argument%s: %s", fname(fn), n,
                    kwonly ? "keyword-only" : "positional", n == 1 ? "" : "s", names);
}

/* Binds args (positional, then one value per kwnames entry) to the frame's locals. */
static bool bind_args(VM *vm, FuncObj *fn, Value *locals, Value *args, int nargs, TupleObj *kwnames)
{
    CodeObj *co = fn->code;
    int npos = co->nargs, nkwonly = co->nkwonly;
    int nkw = kwnames ? (int)kwnames->len : 0;
    int varargs_slot = npos + nkwonly, varkw_slot = varargs_slot + ((co->flags & CO_VARARGS) ? 1 : 0);
    int take = nargs < npos ? nargs : npos;
    for (int i = 0; i < take; i++) locals[i] = args[i];
    if (co->flags & CO_VARARGS) {
        int extra = nargs > npos ? nargs - npos : 0;
        Value t = vm_tuple_of(vm, args + take, (uint32_t)extra);
        if (t == V_EXC) return false;
        locals[varargs_slot] = t;
    } else if (nargs > npos) {
        int ndef = fn->defaults ? (int)fn->defaults->len : 0;
        int given_kwonly = 0;
        for (int k = 0; k < nkw; k++)
            for (int j = npos; j < npos + nkwonly; j++)
                if (co->varnames[j] == (StrObj *)v_as_obj(kwnames->items[k])) given_kwonly++;
        char extra[96] = "";
        if (given_kwonly)
            snprintf(extra, sizeof extra, " positional argument%s (and %d keyword-only argument%s)",
                     nargs == 1 ? "" : "s", given_kwonly, given_kwonly == 1 ? "" : "s");
        if (ndef)
            vm_raise(vm, vm->e_TypeError, "%s() takes from %d to %d positional arguments but %d %s given",
                     fname(fn), npos - ndef, npos, nargs, nargs == 1 ? "was" : "were");
        else
            vm_raise(vm, vm->e_TypeError, "%s() takes %d positional argument%s but %d%s %s given", fname(fn), npos,
                     npos == 1 ? "" : "s", nargs, given_kwonly ? extra : "",
                     (nargs == 1 && !given_kwonly) ? "was" : "were");
        return false;
    }
    DictObj *kwdict = NULL;
    if (co->flags & CO_VARKEYWORDS) {
        Value d = vm_new_dict(vm);
        if (d == V_EXC) return false;
        kwdict = AS_DICT(d);
        locals[varkw_slot] = d;
    }
    for (int k = 0; k < nkw; k++) {
        StrObj *name = (StrObj *)v_as_obj(kwnames->items[k]);
        Value v = args[nargs + k];
        int slot = -1;
        for (int j = co->nposonly; j < npos + nkwonly; j++)
            if (co->varnames[j] == name || vm_str_eq(co->varnames[j], name)) {
                slot = j;
                break;
            }
        if (slot < 0) {
            if (kwdict) {
                if (!vm_dict_set(vm, kwdict, v_obj(name), v)) return false;
                continue;
            }
            for (int j = 0; j < co->nposonly; j++)
                if (vm_str_eq(co->varnames[j], name)) {
                    vm_raise(vm, vm->e_TypeError,
                             "%s() got some positional-only arguments passed as keyword arguments: '%s'", fname(fn),
                             name->data);
                    return false;
                }
            vm_raise(vm, vm->e_TypeError, "%s() got an unexpected keyword argument '%s'", fname(fn), name->data);
            return false;
        }
        if (locals[slot] != V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "%s() got multiple values for argument '%s'", fname(fn), name->data);
            return false;
        }
        locals[slot] = v;
    }
    if (nargs < npos) {
        int ndef = fn->defaults ? (int)fn->defaults->len : 0;
        for (int i = nargs; i < npos; i++)
            if (locals[i] == V_UNBOUND && i >= npos - ndef) locals[i] = fn->defaults->items[i - (npos - ndef)];
        for (int i = nargs; i < npos; i++)
            if (locals[i] == V_UNBOUND) {
                missing_args(vm, fn, locals, 0, npos, false);
                return false;
            }
    }
    bool missing = false;
    for (int j = npos; j < npos + nkwonly; j++) {
        if (locals[j] != V_UNBOUND) continue;
        Value d = fn->kwdefaults ? vm_dict_get_str(fn->kwdefaults, co->varnames[j]) : V_UNBOUND;
        if (d == V_UNBOUND) missing = true;
        else locals[j] = d;
    }
    if (missing) {
        missing_args(vm, fn, locals, npos, npos + nkwonly, true);
        return false;
    }
    return true;
}

/* "f()" as CPython's errors about a call name the callee: the qualified name,
 * after its module unless that is builtins ("__main__.A.m()", "print()"). */
static const char *function_str(VM *vm, Value fn, char *buf, size_t size)
{
    Value q = vm_getattr_opt(vm, fn, vm->s___qualname__);
    if (q == V_EXC || !v_has_layout(q, LAYOUT_STR)) {
        vm->exc = V_NONE;
        snprintf(buf, size, "%s object", vm_type_of(vm, fn)->name->data);
        return buf;
    }
    Value m = vm_getattr_opt(vm, fn, vm->s___module__);
    if (m == V_EXC) vm->exc = V_NONE;
    if (v_has_layout(m, LAYOUT_STR) && strcmp(AS_STR(m)->data, "builtins"))
        snprintf(buf, size, "%s.%s()", AS_STR(m)->data, AS_STR(q)->data);
    else
        snprintf(buf, size, "%s()", AS_STR(q)->data);
    return buf;
}

/* Whether v can follow a * in a display or a call (it has __iter__ or
 * __getitem__); else TypeError, naming the callee fn of a call, or "Value"
 * when fn is V_UNBOUND. */
static bool star_iterable(VM *vm, Value fn, Value v)
{
    TypeObj *t = vm_type_of(vm, v);
    if (vm_type_lookup(t, vm->s___iter__) != V_UNBOUND || vm_type_lookup(t, vm->s___getitem__) != V_UNBOUND)
        return true;
    char fs[256];
    if (fn != V_UNBOUND)
        vm_raise(vm, vm->e_TypeError, "%s argument after * must be an iterable, not %s",
                 function_str(vm, fn, fs, sizeof fs), t->name->data);
    else
        vm_raise(vm, vm->e_TypeError, "Value after * must be an iterable, not %s", t->name->data);
    return false;
}

/* Reading or deleting cell `arg` of co, which holds no value: UnboundLocalError
 * for a cell of co's own, NameError for a free variable, as CPython words them. */
static void raise_empty_cell(VM *vm, const CodeObj *co, int arg)
{
    const char *nm = co->varnames[co->nlocals + arg]->data;
    if (arg < co->ncells)
        vm_raise(vm, vm->e_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                 nm);
    else
        vm_raise(vm, vm->e_NameError,
                 "cannot access free variable '%s' where it is not associated with a value in enclosing scope", nm);
}

/* ---- generators ------------------------------------------------------------------ */

/* PEP 479: a StopIteration leaving a generator's frame becomes a
 * RuntimeError caused by it; returns V_EXC (an exception is pending). */
static Value stop_to_runtime_error(VM *vm)
{
    if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_StopIteration))) {
        Value cause = vm->exc;
        vm->exc = V_NONE;
        vm_raise(vm, vm->e_RuntimeError, "generator raised StopIteration");
        ((ExcObj *)v_as_obj(vm->exc))->cause = cause;
        ((ExcObj *)v_as_obj(vm->exc))->context = cause;
        ((ExcObj *)v_as_obj(vm->exc))->suppress_context = true;
    }
    return V_EXC;
}

static Value make_generator(VM *vm, Frame *tmpl)
{
    CodeObj *co = tmpl->code;
    size_t n = (size_t)co->nlocals + (size_t)co->ncells + (size_t)co->nfree + (size_t)co->stacksize;
    Frame *f = malloc(sizeof *f);
    Value *area = malloc(n * sizeof *area);
    GenObj *g = f && area ? vm_alloc(vm, vm->t_generator, sizeof *g) : NULL;
    if (!g) {
        free(f);
        free(area);
        return vm_raise(vm, vm->e_MemoryError, "out of memory creating a generator");
    }
    *f = *tmpl;
    memcpy(area, tmpl->base, (size_t)(tmpl->sp - tmpl->base) * sizeof *area);
    f->sp = area + (tmpl->sp - tmpl->base);
    f->base = area;
    f->owned_stack = true;
    g->frame = f;
    g->name = tmpl->func->name;
    g->qualname = tmpl->func->qualname;
    return v_obj(g);
}

static Value run(VM *vm, int entry);

Value vm_gen_send(VM *vm, GenObj *g, Value sent, Value *retval)
{
    if (g->running) return vm_raise(vm, vm->e_ValueError, "generator already executing");
    Frame *f = g->frame;
    if (!f) return V_UNBOUND;
    if (f->ip == 0 && sent != V_NONE)
        return vm_raise(vm, vm->e_TypeError, "can't send non-None value to a just-started generator");
    if (vm->nframes >= vm->recursion_limit) return vm_raise(vm, vm->e_RecursionError, "maximum recursion depth exceeded");
    if (f->ip != 0) *f->sp++ = sent;
    vm->frames[vm->nframes++] = f;
    g->running = true;
    Value *top = vm->stack_top;
    Value r = run(vm, vm->nframes - 1);
    vm->stack_top = top;
    g->running = false;
    if (vm->yielded) {
        vm->yielded = false;
        return r;
    }
    /* returned or raised: the generator is finished */
    free(f->base);
    free(f);
    g->frame = NULL;
    if (r == V_EXC) return stop_to_runtime_error(vm);
    if (retval) *retval = r;
    return V_UNBOUND;
}

/* throw() into a generator suspended in `yield from` goes to the iterator it
 * delegates to (PEP 380): what that yields, g yields; when it returns, g
 * resumes with the value; GeneratorExit closes it and then g. The exception
 * is pending on entry (`thrown` is what throw() was given: a class or an
 * instance); V_UNBOUND means "raise it in g after all". */
static Value throw_to_delegate(VM *vm, GenObj *g, Value thrown)
{
    Frame *f = g->frame;
    Value it = f->sp[-1], pending = vm->exc;
    if (vm_exc_matches(vm, pending, v_obj(vm->e_GeneratorExit))) {
        vm->exc = V_NONE;
        Value close = vm_getattr_opt(vm, it, vm->s_close);
        Value r = close == V_EXC || close == V_UNBOUND ? close : vm_call(vm, close, NULL, 0, NULL);
        if (r != V_EXC) vm->exc = pending;
        return V_UNBOUND;
    }
    Value r;
    g->running = true;
    if (v_has_layout(it, LAYOUT_GEN)) {
        vm->exc = V_NONE;
        r = vm_gen_throw(vm, (GenObj *)v_as_obj(it), pending);
    } else {
        vm->exc = V_NONE;
        Value throw = vm_getattr_opt(vm, it, vm->s_throw);
        if (throw == V_UNBOUND) {
            g->running = false;
            vm->exc = pending;
            return V_UNBOUND;
        }
        r = throw == V_EXC ? V_EXC : vm_call(vm, throw, &thrown, 1, NULL);
    }
    g->running = false;
    if (r != V_EXC) return r;
    if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_StopIteration))) return V_UNBOUND;
    /* the delegate returned: g goes on after its yield from with the value */
    Value value = vm_getattr_opt(vm, vm->exc, vm_intern(vm, "value", 5));
    if (value == V_EXC) return V_EXC;
    vm->exc = V_NONE;
    f->sp--;
    f->ip++;
    Value ret = V_NONE;
    r = vm_gen_send(vm, g, value == V_UNBOUND ? V_NONE : value, &ret);
    if (r != V_UNBOUND) return r;
    Value stop = vm_new_exception(vm, vm->e_StopIteration, &ret, ret == V_NONE ? 0 : 1);
    return stop == V_EXC ? V_EXC : vm_raise_value(vm, stop);
}

Value vm_gen_throw(VM *vm, GenObj *g, Value exc)
{
    Frame *f = g->frame;
    if (!f) return vm_raise_thrown(vm, exc);
    if (g->running) return vm_raise(vm, vm->e_ValueError, "generator already executing");
    if (vm_raise_thrown(vm, exc) != V_EXC) return V_EXC;
    if (f->ip != 0 && INSN_OP(f->code->code[f->ip]) == OP_YIELD_FROM) {
        Value r = throw_to_delegate(vm, g, exc);
        if (r != V_UNBOUND) return r;
    }
    /* resume the frame in its error path: run() sees a pending exception */
    vm->frames[vm->nframes++] = f;
    g->running = true;
    f->ip |= 0x80000000u;   /* "raise on resume" */
    Value *top = vm->stack_top;
    Value r = run(vm, vm->nframes - 1);
    vm->stack_top = top;
    g->running = false;
    if (vm->yielded) {
        vm->yielded = false;
        return r;
    }
    free(f->base);
    free(f);
    g->frame = NULL;
    if (r == V_EXC) return stop_to_runtime_error(vm);
    Value args[1] = { r };
    Value stop = vm_new_exception(vm, vm->e_StopIteration, args, r == V_NONE ? 0 : 1);
    return stop == V_EXC ? V_EXC : vm_raise_value(vm, stop);
}

/* ---- calls -------------------------------------------------------------------------- */

/* Sets up the frame of a Python function call; NULL on error. For a
 * generator function, *gen receives the generator and no frame stays pushed. */
static Frame *enter_function(VM *vm, FuncObj *fn, Value *args, int nargs, TupleObj *kwnames, Value *gen)
{
    CodeObj *co = fn->code;
    Frame *f = push_frame(vm, co, fn, fn->globals, NULL);
    if (!f) return NULL;
    if (!bind_args(vm, fn, f->base, args, nargs, kwnames) || !init_cells(vm, f)) {
        pop_frame(vm);
        return NULL;
    }
    if (co->flags & CO_GENERATOR) {
        *gen = make_generator(vm, f);
        pop_frame(vm);
        return NULL;
    }
    return f;
}

/* callable(self, *args, **kw): the receiver prepended to the argument vector. */
static Value call_with_self(VM *vm, Value callable, Value self, Value *args, int nargs, TupleObj *kwnames)
{
    int total = nargs + (kwnames ? (int)kwnames->len : 0);
    Value small[16], *buf = total + 1 <= 16 ? small : malloc((size_t)(total + 1) * sizeof *buf);
    if (!buf) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    buf[0] = self;
    if (total) memcpy(buf + 1, args, (size_t)total * sizeof *buf);
    Value r = v_has_layout(callable, LAYOUT_BUILTIN) ? ((BuiltinObj *)v_as_obj(callable))->fn(vm, buf, nargs + 1, kwnames)
                                                     : vm_call(vm, callable, buf, nargs + 1, kwnames);
    if (buf != small) free(buf);
    return r;
}

Value vm_call(VM *vm, Value callable, Value *args, int nargs, TupleObj *kwnames)
{
    if (v_is_obj(callable)) {
        Obj *o = v_as_obj(callable);
        switch (o->type->layout) {
        case LAYOUT_FUNC: {
            Value gen = V_UNBOUND;
            if (!vm_enter_recursion(vm, "")) return V_EXC;
            Frame *f = enter_function(vm, (FuncObj *)o, args, nargs, kwnames, &gen);
            Value r = f ? run(vm, vm->nframes - 1) : gen != V_UNBOUND ? gen : V_EXC;
            vm_leave_recursion(vm);
            return r;
        }
        case LAYOUT_BUILTIN: {
            BuiltinObj *b = (BuiltinObj *)o;
            if (b->self == V_UNBOUND) return b->fn(vm, args, nargs, kwnames);
            return call_with_self(vm, callable, b->self, args, nargs, kwnames);
        }
        case LAYOUT_METHOD:
            return call_with_self(vm, ((MethodObj *)o)->func, ((MethodObj *)o)->self, args, nargs, kwnames);
        case LAYOUT_TYPE:
            return vm_type_call(vm, (TypeObj *)o, args, nargs, kwnames);
        default:
            break;
        }
    }
    TypeObj *t = vm_type_of(vm, callable);
    Value call = vm_type_lookup(t, vm->s___call__);
    if (call == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "'%s' object is not callable", t->name->data);
    return call_with_self(vm, call, callable, args, nargs, kwnames);
}

Value vm_call_method(VM *vm, Value obj, StrObj *name, Value *args, int nargs)
{
    Value m = vm_getattr(vm, obj, name);
    if (m == V_EXC) return V_EXC;
    return vm_call(vm, m, args, nargs, NULL);
}

Value vm_run_code(VM *vm, CodeObj *code, DictObj *globals, DictObj *locals)
{
    Frame *f = push_frame(vm, code, NULL, globals, locals);
    if (!f) return V_EXC;
    return run(vm, vm->nframes - 1);
}

DictObj *vm_current_globals(VM *vm)
{
    return vm->nframes ? vm->frames[vm->nframes - 1]->globals : vm->main_module->hdr.dict;
}

Value vm_frame_locals(VM *vm, const Frame *f)
{
    if (f->locals) return v_obj(f->locals);
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    CodeObj *co = f->code;
    for (int i = 0; i < co->nlocals + co->ncells + co->nfree; i++) {
        Value v = f->base[i];
        if (i >= co->nlocals) v = ((CellObj *)v_as_obj(v))->ref;
        if (v != V_UNBOUND && !vm_dict_set_str(vm, AS_DICT(d), co->varnames[i], v)) return V_EXC;
    }
    return d;
}

Value vm_current_locals(VM *vm)
{
    if (!vm->nframes) return v_obj(vm->main_module->hdr.dict);
    return vm_frame_locals(vm, vm->frames[vm->nframes - 1]);
}

/* ---- helpers of the loop ----------------------------------------------------------- */

static void add_traceback(VM *vm, Frame *f, uint32_t ip)
{
    if (!v_is_obj(vm->exc) || v_as_obj(vm->exc)->type->layout != LAYOUT_EXC) return;
    ExcObj *e = (ExcObj *)v_as_obj(vm->exc);
    TracebackObj *tb = vm_alloc(vm, vm->t_traceback, sizeof *tb);
    if (!tb) return;
    tb->next = e->traceback;
    tb->code = f->code;
    uint32_t at = ip < f->code->ncode ? ip : f->code->ncode - 1;
    tb->lineno = f->code->lines[4 * at];
    tb->hdr.aux = at + 1;   /* the instruction, for the carets under the failing expression */
    e->traceback = v_obj(tb);
}

static bool push_handled(VM *vm, Value exc)
{
    if (vm->nhandled == vm->handledcap) {
        int cap = vm->handledcap ? vm->handledcap * 2 : 16;
        Value *h = realloc(vm->handled, (size_t)cap * sizeof *h);
        if (!h) return false;
        vm->handled = h;
        vm->handledcap = cap;
    }
    vm->handled[vm->nhandled++] = exc;
    return true;
}

/* The exception being raised gets the one being handled as __context__. */
static void chain_context(VM *vm)
{
    if (!vm->nhandled || !v_is_obj(vm->exc) || v_as_obj(vm->exc)->type->layout != LAYOUT_EXC) return;
    Value ctx = vm->handled[vm->nhandled - 1];
    if (ctx == vm->exc) return;
    ExcObj *e = (ExcObj *)v_as_obj(vm->exc);
    if (e->context != V_NONE && e->context != 0) return;
    /* no cycles: ctx must not already have e in its context chain */
    for (Value c = ctx; v_is_obj(c) && v_as_obj(c)->type->layout == LAYOUT_EXC;
         c = ((ExcObj *)v_as_obj(c))->context)
        if (c == vm->exc) return;
    e->context = ctx;
}

static Value load_global(VM *vm, DictObj *globals, StrObj *name)
{
    Value v = vm_dict_get_str(globals, name);
    if (v == V_UNBOUND) v = vm_dict_get_str(vm->builtins, name);
    return v == V_UNBOUND ? vm_raise_name_error(vm, name) : v;
}

static Value make_function(VM *vm, Frame *fr, Value **spp, int flags)
{
    Value *sp = *spp;
    StrObj *qualname = (StrObj *)v_as_obj(*--sp);
    CodeObj *co = (CodeObj *)v_as_obj(*--sp);
    FuncObj *fn = vm_alloc(vm, vm->t_function, sizeof *fn);
    if (!fn) return V_EXC;
    fn->code = co;
    fn->globals = fr->globals;
    fn->name = co->name;
    fn->qualname = qualname;
    fn->doc = (co->flags & CO_HAS_DOC) ? co->consts[0] : V_NONE;
    fn->module = vm_dict_get_str(fr->globals, vm->s___name__);
    if (fn->module == V_UNBOUND) fn->module = V_NONE;
    if (flags & 8) fn->closure = (TupleObj *)v_as_obj(*--sp);
    if (flags & 4) fn->annotations = (DictObj *)v_as_obj(*--sp);
    if (flags & 2) fn->kwdefaults = (DictObj *)v_as_obj(*--sp);
    if (flags & 1) fn->defaults = (TupleObj *)v_as_obj(*--sp);
    *spp = sp;
    return v_obj(fn);
}

static bool unpack(VM *vm, Value seq, int before, int after, bool star, Value *out)
{
    int want = before + after;
    Value *items = NULL;
    uint32_t n = 0;
    if (v_has_layout(seq, LAYOUT_TUPLE)) {
        items = AS_TUPLE(seq)->items;
        n = AS_TUPLE(seq)->len;
    } else if (v_has_layout(seq, LAYOUT_LIST)) {
        items = AS_LIST(seq)->items;
        n = AS_LIST(seq)->len;
    }
    Value list = V_NONE;
    if (!items) {
        Value it = vm_iter(vm, seq);
        if (it == V_EXC) {
            if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_TypeError))) {
                vm->exc = V_NONE;
                vm_raise(vm, vm->e_TypeError, "cannot unpack non-iterable %s object", vm_type_of(vm, seq)->name->data);
            }
            return false;
        }
        vm_push_root(vm, it);
        list = vm_new_list(vm, 8);
        if (list == V_EXC) {
            vm_pop_roots(vm, 1);
            return false;
        }
        vm_push_root(vm, list);
        for (;;) {
            Value x = vm_next(vm, it);
            if (x == V_EXC) {
                vm_pop_roots(vm, 2);
                return false;
            }
            if (x == V_UNBOUND) break;
            if (!vm_list_append(vm, AS_LIST(list), x)) {
                vm_pop_roots(vm, 2);
                return false;
            }
            if (!star && AS_LIST(list)->len > (uint32_t)want) break;
        }
        vm_pop_roots(vm, 2);
        items = AS_LIST(list)->items;
        n = AS_LIST(list)->len;
    }
    if (!star) {
        if (n < (uint32_t)want) {
            vm_raise(vm, vm->e_ValueError, "not enough values to unpack (expected %d, got %u)", want, n);
            return false;
        }
        if (n > (uint32_t)want) {
            vm_raise(vm, vm->e_ValueError, "too many values to unpack (expected %d)", want);
            return false;
        }
        /* pushed so that the first target is on top */
        for (int i = 0; i < want; i++) out[i] = items[want - 1 - i];
        return true;
    }
    if (n < (uint32_t)want) {
        vm_raise(vm, vm->e_ValueError, "not enough values to unpack (expected at least %d, got %u)", want, n);
        return false;
    }
    uint32_t mid = n - (uint32_t)want;
    Value rest = vm_new_list(vm, mid);
    if (rest == V_EXC) return false;
    for (uint32_t i = 0; i < mid; i++) AS_LIST(rest)->items[i] = items[before + i];
    AS_LIST(rest)->len = mid;
    int k = 0;
    for (int i = after - 1; i >= 0; i--) out[k++] = items[n - after + (uint32_t)i];
    out[k++] = rest;
    for (int i = before - 1; i >= 0; i--) out[k++] = items[i];
    return true;
}

static Value build_string(VM *vm, Value *items, int n)
{
    size_t len = 0;
    for (int i = 0; i < n; i++) len += AS_STR(items[i])->len;
    char small[256], *buf = len < sizeof small ? small : malloc(len + 1);
    if (!buf) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    size_t k = 0;
    for (int i = 0; i < n; i++) {
        memcpy(buf + k, AS_STR(items[i])->data, AS_STR(items[i])->len);
        k += AS_STR(items[i])->len;
    }
    Value s = vm_new_str(vm, buf, len);
    if (buf != small) free(buf);
    return s;
}

static Value format_value(VM *vm, Value v, int conv, Value spec)
{
    if (conv == 1) v = vm_str(vm, v);
    else if (conv == 2) v = vm_repr(vm, v);
    else if (conv == 3) v = vm_ascii(vm, v);
    if (v == V_EXC) return V_EXC;
    if (spec == V_UNBOUND && v_has_layout(v, LAYOUT_STR) && vm_type_of(vm, v) == vm->t_str) return v;
    if (spec == V_UNBOUND) {
        spec = vm_new_str(vm, "", 0);
        if (spec == V_EXC) return V_EXC;
    }
    return vm_format(vm, v, spec);
}

/* with-statement entry: returns the bound __exit__ and pushes nothing. */
static Value with_enter(VM *vm, Value ctx, Value *enter_result)
{
    TypeObj *t = vm_type_of(vm, ctx);
    Value enter = vm_type_lookup(t, vm->s___enter__), exit = vm_type_lookup(t, vm->s___exit__);
    if (enter == V_UNBOUND || exit == V_UNBOUND)
        return vm_raise(vm, vm->e_TypeError, "'%s' object does not support the context manager protocol",
                        t->name->data);
    Value bound_exit = vm_getattr(vm, ctx, vm->s___exit__);
    if (bound_exit == V_EXC) return V_EXC;
    vm_push_root(vm, bound_exit);
    Value r = vm_call_method(vm, ctx, vm->s___enter__, NULL, 0);
    vm_pop_roots(vm, 1);
    if (r == V_EXC) return V_EXC;
    *enter_result = r;
    return bound_exit;
}

/* ---- recovery from a failed allocation --------------------------------------------- */

/* After an allocation failed, the garbage that a collection would free may
 * be most of the heap (the program dropped its data; collections run only
 * when the heap has grown threefold): instruction `at` of f runs again after
 * a collection, at this safe point, when that cannot be told from running it
 * once. That is when it failed in native code of its own (no Python frame in
 * between), on built-in operands (a class's dunder may have done something
 * already), left its operands on the stack, and builds a new value or adds
 * an item to one. Once per failure: what fails again raises MemoryError. */
static bool retry_after_gc(VM *vm, Frame *f, uint32_t at)
{
    if (vm->oom_frames != vm->nframes || !vm_is_subtype(vm_type_of(vm, vm->exc), vm->e_MemoryError)) return false;
    vm->oom_frames = -1;
    int operands = 0;
    switch (INSN_OP(f->code->code[at])) {
    case OP_BINARY: case OP_COMPARE: case OP_BINARY_SUBSCR: operands = 2; break;
    case OP_UNARY: operands = 1; break;
    case OP_BUILD_TUPLE: case OP_BUILD_LIST: case OP_BUILD_SET: case OP_BUILD_MAP: case OP_BUILD_STRING:
    case OP_LIST_APPEND: case OP_SET_ADD: case OP_MAP_ADD: case OP_LIST_TO_TUPLE: break;
    default: return false;
    }
    for (int i = 1; i <= operands; i++)
        if (vm_type_of(vm, f->sp[-i])->flags & TF_HEAPTYPE) return false;
    if (vm->oom_retry_code == f->code && vm->oom_retry_ip == at) {
        vm->oom_retry_code = NULL;
        return false;
    }
    vm->oom_retry_code = f->code;
    vm->oom_retry_ip = at;
    vm->exc = V_NONE;
    vm_gc(vm);
    return true;
}

/* ---- the loop -------------------------------------------------------------------------- */

/* Runs frames from vm->frames[entry] (already pushed) until that frame
 * returns (its value), yields (vm->yielded set) or raises (V_EXC). */
static Value run(VM *vm, int entry)
{
    static void *const dispatch[OP_COUNT] = {
#define X(n) &&op_##n,
        VM_OPCODES(X)
#undef X
    };
    Frame *f;
    CodeObj *co;
    uint32_t *code;
    Value *sp, *locals;
    uint32_t ip, w;
    int arg;
    bool reraise = false;
    Value call_fn, *call_args, *call_below;
    TupleObj *call_kw;
    int call_n;

#define LOAD_FRAME()                        \
    do {                                    \
        f = vm->frames[vm->nframes - 1];    \
        co = f->code;                       \
        code = co->code;                    \
        sp = f->sp;                         \
        locals = f->base;                   \
        ip = f->ip;                         \
    } while (0)
#define SYNC() (f->sp = sp, f->ip = ip)
#define NEXT()                             \
    do {                                   \
        w = code[ip++];                    \
        arg = (int)INSN_ARG(w);            \
        goto *dispatch[INSN_OP(w)];        \
    } while (0)
#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define CHECK(v)                           \
    do {                                   \
        if ((v) == V_EXC) goto error;      \
    } while (0)

    LOAD_FRAME();
    if (ip & 0x80000000u) {
        /* a generator resumed with throw(): raise at the yield */
        f->ip = ip &= 0x7FFFFFFFu;
        goto error;
    }
    NEXT();

op_NOP:
    NEXT();
op_POP_TOP:
    sp--;
    NEXT();
op_DUP_TOP:
    sp[0] = sp[-1];
    sp++;
    NEXT();
op_DUP_TOP_TWO:
    sp[0] = sp[-2];
    sp[1] = sp[-1];
    sp += 2;
    NEXT();
op_ROT_TWO: {
    Value t = sp[-1];
    sp[-1] = sp[-2];
    sp[-2] = t;
    NEXT();
}
op_ROT_THREE: {
    Value t = sp[-1];
    sp[-1] = sp[-2];
    sp[-2] = sp[-3];
    sp[-3] = t;
    NEXT();
}
op_ROT_FOUR: {
    Value t = sp[-1];
    sp[-1] = sp[-2];
    sp[-2] = sp[-3];
    sp[-3] = sp[-4];
    sp[-4] = t;
    NEXT();
}
op_LOAD_CONST:
    PUSH(co->consts[arg]);
    NEXT();
op_LOAD_FAST: {
    Value v = locals[arg];
    if (v == V_UNBOUND) {
        SYNC();
        vm_raise(vm, vm->e_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                 co->varnames[arg]->data);
        goto error;
    }
    PUSH(v);
    NEXT();
}
op_STORE_FAST:
    locals[arg] = POP();
    NEXT();
op_DELETE_FAST:
    if (locals[arg] == V_UNBOUND) {
        SYNC();
        vm_raise(vm, vm->e_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                 co->varnames[arg]->data);
        goto error;
    }
    locals[arg] = V_UNBOUND;
    NEXT();
op_LOAD_DEREF: {
    CellObj *c = (CellObj *)v_as_obj(locals[co->nlocals + arg]);
    if (c->ref == V_UNBOUND) {
        SYNC();
        raise_empty_cell(vm, co, arg);
        goto error;
    }
    PUSH(c->ref);
    NEXT();
}
op_STORE_DEREF:
    ((CellObj *)v_as_obj(locals[co->nlocals + arg]))->ref = POP();
    NEXT();
op_DELETE_DEREF: {
    CellObj *c = (CellObj *)v_as_obj(locals[co->nlocals + arg]);
    if (c->ref == V_UNBOUND) {
        SYNC();
        raise_empty_cell(vm, co, arg);
        goto error;
    }
    c->ref = V_UNBOUND;
    NEXT();
}
op_LOAD_CLOSURE:
    PUSH(locals[co->nlocals + arg]);
    NEXT();
op_LOAD_CLASSDEREF: {
    StrObj *nm = co->varnames[co->nlocals + arg];
    Value v = f->locals ? vm_dict_get_str(f->locals, nm) : V_UNBOUND;
    if (v == V_UNBOUND) v = ((CellObj *)v_as_obj(locals[co->nlocals + arg]))->ref;
    if (v == V_UNBOUND) {
        SYNC();
        vm_raise(vm, vm->e_NameError,
                 "cannot access free variable '%s' where it is not associated with a value in enclosing scope", nm->data);
        goto error;
    }
    PUSH(v);
    NEXT();
}
op_LOAD_GLOBAL: {
    InlineCache *c = (InlineCache *)co->caches + ip - 1;
    DictObj *g = f->globals;
    Value v;
    if (c->where == g && c->version == g->version && c->kind == IC_GLOBAL && c->index < g->nentries &&
        g->entries[c->index].key == v_obj(co->names[arg])) {
        v = g->entries[c->index].value;
    } else {
        SYNC();
        v = vm_load_global_ic(vm, g, co->names[arg], c);
        CHECK(v);
    }
    PUSH(v);
    NEXT();
}
op_STORE_GLOBAL:
    SYNC();
    if (!vm_dict_set_str(vm, f->globals, co->names[arg], sp[-1])) goto error;
    sp--;
    NEXT();
op_DELETE_GLOBAL: {
    SYNC();
    int r = vm_dict_del(vm, f->globals, v_obj(co->names[arg]));
    if (r < 0) goto error;
    if (r == 0) {
        vm_raise_name_error(vm, co->names[arg]);
        goto error;
    }
    NEXT();
}
op_LOAD_NAME: {
    Value v = f->locals ? vm_dict_get_str(f->locals, co->names[arg]) : V_UNBOUND;
    if (v == V_UNBOUND) {
        SYNC();
        v = load_global(vm, f->globals, co->names[arg]);
        CHECK(v);
    }
    PUSH(v);
    NEXT();
}
op_STORE_NAME:
    SYNC();
    if (!vm_dict_set_str(vm, f->locals ? f->locals : f->globals, co->names[arg], sp[-1])) goto error;
    sp--;
    NEXT();
op_DELETE_NAME: {
    SYNC();
    int r = vm_dict_del(vm, f->locals ? f->locals : f->globals, v_obj(co->names[arg]));
    if (r < 0) goto error;
    if (r == 0) {
        vm_raise_name_error(vm, co->names[arg]);
        goto error;
    }
    NEXT();
}
op_LOAD_ATTR: {
    SYNC();
    Value v = vm_getattr_ic(vm, sp[-1], co->names[arg], (InlineCache *)co->caches + ip - 1);
    CHECK(v);
    sp[-1] = v;
    NEXT();
}
op_STORE_ATTR:
    SYNC();
    if (!vm_setattr_ic(vm, sp[-1], co->names[arg], sp[-2], (InlineCache *)co->caches + ip - 1)) goto error;
    sp -= 2;
    NEXT();
op_DELETE_ATTR:
    SYNC();
    if (!vm_delattr(vm, sp[-1], co->names[arg])) goto error;
    sp--;
    NEXT();
op_LOAD_METHOD: {
    Value obj = sp[-1];
    StrObj *nm = co->names[arg];
    Value m = vm_method_ic(vm, obj, nm, (InlineCache *)co->caches + ip - 1);
    if (m != V_UNBOUND) {
        sp[-1] = m;
        PUSH(obj);
        NEXT();
    }
    SYNC();
    Value v = vm_getattr(vm, obj, nm);
    CHECK(v);
    sp[-1] = v;
    PUSH(V_UNBOUND);
    NEXT();
}
op_CALL_METHOD: {
    Value *args = sp - arg;
    Value self = args[-1];
    call_fn = args[-2];
    call_args = self == V_UNBOUND ? args : args - 1;
    call_n = self == V_UNBOUND ? arg : arg + 1;
    call_below = args - 2;
    call_kw = NULL;
    goto call;
}
op_BINARY: {
    Value b = sp[-1], a = sp[-2];
    if (v_is_int(a) && v_is_int(b)) {
        int64_t x = v_as_int(a), y = v_as_int(b), r;
        switch (arg) {
        case AST_Add: r = x + y; goto small_result;
        case AST_Sub: r = x - y; goto small_result;
        case AST_Mult:
            if (__builtin_mul_overflow(x, y, &r)) break;
            goto small_result;
        default: break;
        }
        goto binary_slow;
    small_result:
        if (v_int_fits(r)) {
            sp[-2] = v_int(r);
            sp--;
            NEXT();
        }
    } else if (v_is_double(a) && v_is_double(b)) {
        double x = v_as_double(a), y = v_as_double(b);
        switch (arg) {
        case AST_Add: sp[-2] = v_double(x + y); sp--; NEXT();
        case AST_Sub: sp[-2] = v_double(x - y); sp--; NEXT();
        case AST_Mult: sp[-2] = v_double(x * y); sp--; NEXT();
        case AST_Div:
            if (y != 0) {
                sp[-2] = v_double(x / y);
                sp--;
                NEXT();
            }
            break;
        default: break;
        }
    }
binary_slow:
    SYNC();
    Value r = vm_binary(vm, arg, a, b);
    CHECK(r);
    sp[-2] = r;
    sp--;
    if (!vm_check_signals(vm)) goto error;   /* a Ctrl-C during a long big-int operation */
    NEXT();
}
op_INPLACE: {
    Value b = sp[-1], a = sp[-2];
    if (v_is_int(a) && v_is_int(b) && (arg == AST_Add || arg == AST_Sub)) {
        int64_t r = arg == AST_Add ? v_as_int(a) + v_as_int(b) : v_as_int(a) - v_as_int(b);
        if (v_int_fits(r)) {
            sp[-2] = v_int(r);
            sp--;
            NEXT();
        }
    }
    SYNC();
    Value r = vm_inplace(vm, arg, a, b);
    CHECK(r);
    sp[-2] = r;
    sp--;
    if (!vm_check_signals(vm)) goto error;
    NEXT();
}
op_UNARY: {
    Value a = sp[-1];
    if (arg == AST_Not) {
        SYNC();
        int t = vm_truthy(vm, a);
        if (t < 0) goto error;
        sp[-1] = v_bool(!t);
        NEXT();
    }
    if (arg == AST_USub && v_is_int(a) && v_as_int(a) != V_INT_MIN) {
        sp[-1] = v_int(-v_as_int(a));
        NEXT();
    }
    SYNC();
    Value r = vm_unary(vm, arg, a);
    CHECK(r);
    sp[-1] = r;
    NEXT();
}
op_COMPARE: {
    Value b = sp[-1], a = sp[-2];
    if (v_is_int(a) && v_is_int(b)) {
        int64_t x = v_as_int(a), y = v_as_int(b);
        bool r;
        switch (arg) {
        case AST_Eq: r = x == y; break;
        case AST_NotEq: r = x != y; break;
        case AST_Lt: r = x < y; break;
        case AST_LtE: r = x <= y; break;
        case AST_Gt: r = x > y; break;
        default: r = x >= y; break;
        }
        sp[-2] = v_bool(r);
        sp--;
        NEXT();
    }
    SYNC();
    Value r = vm_compare(vm, arg, a, b);
    CHECK(r);
    sp[-2] = r;
    sp--;
    NEXT();
}
op_IS_OP: {
    bool same = sp[-2] == sp[-1];
    sp[-2] = v_bool(arg ? !same : same);
    sp--;
    NEXT();
}
op_CONTAINS_OP: {
    SYNC();
    int r = vm_contains(vm, sp[-1], sp[-2]);
    if (r < 0) goto error;
    sp[-2] = v_bool(arg ? !r : r);
    sp--;
    NEXT();
}
op_BINARY_SUBSCR: {
    Value key = sp[-1], obj = sp[-2];
    if (v_is_int(key) && v_has_layout(obj, LAYOUT_LIST) && vm_type_of(vm, obj) == vm->t_list) {
        int64_t i = v_as_int(key);
        ListObj *l = AS_LIST(obj);
        if (i < 0) i += l->len;
        if (i >= 0 && i < (int64_t)l->len) {
            sp[-2] = l->items[i];
            sp--;
            NEXT();
        }
    }
    SYNC();
    Value r = vm_getitem(vm, obj, key);
    CHECK(r);
    sp[-2] = r;
    sp--;
    NEXT();
}
op_STORE_SUBSCR: {
    Value key = sp[-1], obj = sp[-2], v = sp[-3];
    if (v_is_int(key) && v_has_layout(obj, LAYOUT_LIST) && vm_type_of(vm, obj) == vm->t_list) {
        int64_t i = v_as_int(key);
        ListObj *l = AS_LIST(obj);
        if (i < 0) i += l->len;
        if (i >= 0 && i < (int64_t)l->len) {
            l->items[i] = v;
            sp -= 3;
            NEXT();
        }
    }
    SYNC();
    if (!vm_setitem(vm, obj, key, v)) goto error;
    sp -= 3;
    NEXT();
}
op_DELETE_SUBSCR:
    SYNC();
    if (!vm_delitem(vm, sp[-2], sp[-1])) goto error;
    sp -= 2;
    NEXT();
op_BUILD_TUPLE: {
    SYNC();
    Value t = vm_tuple_of(vm, sp - arg, (uint32_t)arg);
    CHECK(t);
    sp -= arg;
    PUSH(t);
    NEXT();
}
op_BUILD_LIST: {
    SYNC();
    Value l = vm_new_list(vm, (uint32_t)arg);
    CHECK(l);
    if (arg) memcpy(AS_LIST(l)->items, sp - arg, (size_t)arg * sizeof(Value));
    AS_LIST(l)->len = (uint32_t)arg;
    sp -= arg;
    PUSH(l);
    NEXT();
}
op_BUILD_SET: {
    SYNC();
    Value s = vm_new_set(vm, vm->t_set);
    CHECK(s);
    for (int i = 0; i < arg; i++)
        if (!vm_dict_set(vm, AS_DICT(s), sp[i - arg], V_NONE)) goto error;
    sp -= arg;
    PUSH(s);
    NEXT();
}
op_BUILD_MAP: {
    SYNC();
    Value d = vm_new_dict(vm);
    CHECK(d);
    for (int i = 0; i < arg; i++)
        if (!vm_dict_set(vm, AS_DICT(d), sp[2 * (i - arg)], sp[2 * (i - arg) + 1])) goto error;
    sp -= 2 * arg;
    PUSH(d);
    NEXT();
}
op_BUILD_SLICE: {
    SYNC();
    SliceObj *s = vm_alloc(vm, vm->t_slice, sizeof *s);
    if (!s) goto error;
    s->step = arg == 3 ? POP() : V_NONE;
    s->stop = POP();
    s->start = POP();
    PUSH(v_obj(s));
    NEXT();
}
op_BUILD_STRING: {
    SYNC();
    Value s = build_string(vm, sp - arg, arg);
    CHECK(s);
    sp -= arg;
    PUSH(s);
    NEXT();
}
op_LIST_APPEND:
    SYNC();
    if (!vm_list_append(vm, AS_LIST(sp[-1 - arg]), sp[-1])) goto error;
    sp--;
    NEXT();
op_SET_ADD:
    SYNC();
    if (!vm_dict_set(vm, AS_DICT(sp[-1 - arg]), sp[-1], V_NONE)) goto error;
    sp--;
    NEXT();
op_MAP_ADD:
    SYNC();
    if (!vm_dict_set(vm, AS_DICT(sp[-2 - arg]), sp[-2], sp[-1])) goto error;
    sp -= 2;
    NEXT();
op_LIST_EXTEND:
op_SET_UPDATE: {
    SYNC();
    int depth = arg & 0xFF;
    Value target = sp[-1 - depth], src = sp[-1];
    if (INSN_OP(w) == OP_LIST_EXTEND &&
        !star_iterable(vm, (arg & LIST_EXTEND_CALL) ? sp[-2 - depth] : V_UNBOUND, src))
        goto error;
    Value it = vm_iter(vm, src);
    CHECK(it);
    PUSH(it);
    SYNC();
    for (;;) {
        Value x = vm_next(vm, it);
        CHECK(x);
        if (x == V_UNBOUND) break;
        bool ok = INSN_OP(w) == OP_LIST_EXTEND ? vm_list_append(vm, AS_LIST(target), x)
                                               : vm_dict_set(vm, AS_DICT(target), x, V_NONE);
        if (!ok) goto error;
    }
    sp -= 2;
    NEXT();
}
op_DICT_UPDATE:
op_DICT_MERGE: {
    SYNC();
    Value target = sp[-1 - arg], src = sp[-1];
    char fs[256];
    if (!v_has_layout(src, LAYOUT_DICT) && vm_type_lookup(vm_type_of(vm, src), vm_intern(vm, "keys", 4)) != V_UNBOUND) {
        /* a mapping that is no dict: its keys() and [key], gathered into one */
        Value copy = vm_new_dict(vm);
        CHECK(copy);
        PUSH(copy);
        SYNC();
        if (!vm_dict_update(vm, AS_DICT(copy), src)) goto error;
        sp--;
        sp[-1] = src = copy;
    }
    if (!v_has_layout(src, LAYOUT_DICT)) {
        if (INSN_OP(w) == OP_DICT_MERGE) {
            vm_raise(vm, vm->e_TypeError, "%s argument after ** must be a mapping, not %s",
                     function_str(vm, sp[-3 - arg], fs, sizeof fs), vm_type_of(vm, src)->name->data);
            goto error;
        }
        vm_raise(vm, vm->e_TypeError, "'%s' object is not a mapping", vm_type_of(vm, src)->name->data);
        goto error;
    }
    DictObj *d = AS_DICT(src);
    for (uint32_t i = 0; i < d->nentries; i++) {
        DictEntry *e = &d->entries[i];
        if (e->key == V_UNBOUND) continue;
        if (INSN_OP(w) == OP_DICT_MERGE && vm_dict_get(vm, AS_DICT(target), e->key) != V_UNBOUND) {
            if (!v_has_layout(e->key, LAYOUT_STR)) vm_raise(vm, vm->e_TypeError, "keywords must be strings");
            else
                vm_raise(vm, vm->e_TypeError, "%s got multiple values for keyword argument '%s'",
                         function_str(vm, sp[-3 - arg], fs, sizeof fs), AS_STR(e->key)->data);
            goto error;
        }
        if (!vm_dict_set(vm, AS_DICT(target), e->key, e->value)) goto error;
    }
    sp--;
    NEXT();
}
op_LIST_TO_TUPLE: {
    SYNC();
    ListObj *l = AS_LIST(sp[-1]);
    Value t = vm_tuple_of(vm, l->items, l->len);
    CHECK(t);
    sp[-1] = t;
    NEXT();
}
op_FORMAT_VALUE: {
    SYNC();
    Value spec = (arg & 4) ? POP() : V_UNBOUND;
    Value r = format_value(vm, sp[-1], arg & 3, spec);
    CHECK(r);
    sp[-1] = r;
    NEXT();
}
op_JUMP:
    if ((uint32_t)arg < ip) {
        SYNC();
        vm_maybe_gc(vm);
        vm_maybe_finalize(vm);
        if (!vm_check_signals(vm) || !vm_step(vm)) goto error;
    }
    ip = (uint32_t)arg;
    NEXT();
op_POP_JUMP_IF_FALSE:
op_POP_JUMP_IF_TRUE: {
    Value v = POP();
    int t;
    if (v == V_TRUE) t = 1;
    else if (v == V_FALSE || v == V_NONE) t = 0;
    else {
        SYNC();
        t = vm_truthy(vm, v);
        if (t < 0) goto error;
    }
    if (t == (INSN_OP(w) == OP_POP_JUMP_IF_TRUE)) ip = (uint32_t)arg;
    NEXT();
}
op_JUMP_IF_FALSE_OR_POP:
op_JUMP_IF_TRUE_OR_POP: {
    SYNC();
    int t = vm_truthy(vm, sp[-1]);
    if (t < 0) goto error;
    if (t == (INSN_OP(w) == OP_JUMP_IF_TRUE_OR_POP)) ip = (uint32_t)arg;
    else sp--;
    NEXT();
}
op_GET_ITER: {
    SYNC();
    Value it = vm_iter(vm, sp[-1]);
    CHECK(it);
    sp[-1] = it;
    NEXT();
}
op_FOR_ITER: {
    Value it = sp[-1];
    if (v_is_obj(it)) {
        Obj *o = v_as_obj(it);
        if (o->type == vm->t_range_iterator) {
            IterObj *r = (IterObj *)o;
            if (r->i < r->n) {
                RangeObj *rg = (RangeObj *)v_as_obj(r->seq);
                /* start + i*step stays within the range's int64 bounds; wrapping arithmetic avoids UB */
                int64_t x = (int64_t)((uint64_t)rg->start + (uint64_t)r->i++ * (uint64_t)rg->step);
                PUSH(v_int_fits(x) ? v_int(x) : vm_int_from_i64(vm, x));
                NEXT();
            }
            sp--;
            ip = (uint32_t)arg;
            NEXT();
        }
        if (o->type == vm->t_list_iterator) {
            IterObj *r = (IterObj *)o;
            ListObj *l = AS_LIST(r->seq);
            if (r->i < (int64_t)l->len) {
                PUSH(l->items[r->i++]);
                NEXT();
            }
            sp--;
            ip = (uint32_t)arg;
            NEXT();
        }
    }
    SYNC();
    Value v = vm_next(vm, it);
    CHECK(v);
    if (v == V_UNBOUND) {
        sp--;
        ip = (uint32_t)arg;
    } else {
        PUSH(v);
    }
    NEXT();
}
op_CALL:
    call_args = sp - arg;
    call_fn = call_args[-1];
    call_n = arg;
    call_below = call_args - 1;
    call_kw = NULL;
call:
    /* call_fn(call_args[0..call_n), keywords call_kw); the result replaces
     * everything from call_below up */
    if (v_has_layout(call_fn, LAYOUT_FUNC)) {
        /* a Python function: switch to its frame in this loop */
        f->sp = call_below;
        f->ip = ip;
        Value gen = V_UNBOUND;
        Frame *nf = enter_function(vm, (FuncObj *)v_as_obj(call_fn), call_args, call_n, call_kw, &gen);
        if (!nf) {
            sp = call_below;
            if (gen == V_UNBOUND) goto error;
            PUSH(gen);
            NEXT();
        }
        LOAD_FRAME();
        vm_maybe_gc(vm);
        vm_maybe_finalize(vm);
        NEXT();
    } else {
        SYNC();
        Value r = vm_call(vm, call_fn, call_args, call_n, call_kw);
        sp = call_below;
        CHECK(r);
        PUSH(r);
        /* a Ctrl-C during a long native call (a kernel, str() of a huge int)
         * raises as it returns, not at the next loop back-edge */
        if (!vm_check_signals(vm)) goto error;
        NEXT();
    }
op_CALL_KW: {
    call_kw = AS_TUPLE(sp[-1]);
    call_args = sp - 1 - arg;
    call_fn = call_args[-1];
    call_n = arg - (int)call_kw->len;
    call_below = call_args - 1;
    goto call;
}
op_CALL_EX: {
    SYNC();
    Value kw = (arg & 1) ? sp[-1] : V_NONE;
    Value *p = (arg & 1) ? sp - 2 : sp - 1;
    Value fn = p[-1];
    if (!v_has_layout(p[0], LAYOUT_TUPLE)) {
        /* f(*iterable) */
        if (!star_iterable(vm, fn, p[0])) goto error;
        Value tup = vm_call(vm, v_obj(vm->t_tuple), p, 1, NULL);
        CHECK(tup);
        p[0] = tup;
    }
    TupleObj *pos = AS_TUPLE(p[0]);
    uint32_t nkw = kw != V_NONE ? AS_DICT(kw)->used : 0;
    Value small[16];
    size_t nbuf = (size_t)pos->len + nkw + 1;
    Value *buf = nbuf <= 16 ? small : malloc(nbuf * sizeof *buf);
    Value names = nkw ? vm_new_tuple(vm, nkw) : V_NONE;
    if (!buf || names == V_EXC) {
        if (buf != small) free(buf);
        if (names != V_EXC) vm_raise(vm, vm->e_MemoryError, "out of memory");
        goto error;
    }
    memcpy(buf, pos->items, (size_t)pos->len * sizeof *buf);
    if (nkw) {
        DictObj *d = AS_DICT(kw);
        uint32_t k = 0;
        for (uint32_t i = 0; i < d->nentries; i++) {
            if (d->entries[i].key == V_UNBOUND) continue;
            if (!v_has_layout(d->entries[i].key, LAYOUT_STR)) {
                if (buf != small) free(buf);
                vm_raise(vm, vm->e_TypeError, "keywords must be strings");
                goto error;
            }
            StrObj *ks = AS_STR(d->entries[i].key);
            AS_TUPLE(names)->items[k] = v_obj(vm_intern(vm, ks->data, ks->len));
            buf[pos->len + k++] = d->entries[i].value;
        }
    }
    /* the tuple of names must survive a collection during the call */
    vm_push_root(vm, names);
    Value r = vm_call(vm, fn, buf, (int)pos->len, nkw ? AS_TUPLE(names) : NULL);
    vm_pop_roots(vm, 1);
    if (buf != small) free(buf);
    sp = p - 1;
    CHECK(r);
    PUSH(r);
    NEXT();
}
op_MAKE_FUNCTION: {
    SYNC();
    Value fn = make_function(vm, f, &sp, arg);
    CHECK(fn);
    PUSH(fn);
    NEXT();
}
op_RETURN_VALUE: {
    Value r = POP();
    if (vm->nframes - 1 == entry) {
        SYNC();
        pop_frame(vm);
        return r;
    }
    pop_frame(vm);
    LOAD_FRAME();
    PUSH(r);
    NEXT();
}
op_YIELD_VALUE: {
    Value r = POP();
    SYNC();
    vm->yielded = true;
    vm->nframes--;
    return r;
}
op_GET_YIELD_FROM_ITER: {
    SYNC();
    if (!v_has_layout(sp[-1], LAYOUT_GEN)) {
        Value it = vm_iter(vm, sp[-1]);
        CHECK(it);
        sp[-1] = it;
    }
    NEXT();
}
op_YIELD_FROM: {
    Value sent = sp[-1], it = sp[-2];
    SYNC();
    Value r, ret = V_NONE;
    if (v_has_layout(it, LAYOUT_GEN)) {
        r = vm_gen_send(vm, (GenObj *)v_as_obj(it), sent, &ret);
    } else {
        /* a StopIteration that ends the iterator (raised by its __next__ or
         * send, or passing through a native one such as map) carries the value */
        r = sent != V_NONE                  ? vm_call_method(vm, it, vm->s_send, &sent, 1)
            : vm_type_of(vm, it)->iternext ? vm_next(vm, it)
                                            : vm_call_method(vm, it, vm->s___next__, NULL, 0);
        if (r == V_EXC && vm_exc_matches(vm, vm->exc, v_obj(vm->e_StopIteration))) {
            TupleObj *stop_args = ((ExcObj *)v_as_obj(vm->exc))->args;
            ret = stop_args && stop_args->len ? stop_args->items[0] : V_NONE;
            vm->exc = V_NONE;
            r = V_UNBOUND;
        }
    }
    CHECK(r);
    sp--;
    if (r == V_UNBOUND) {
        sp[-1] = ret;
        NEXT();
    }
    /* yield r; on resume the sent value is pushed and YIELD_FROM runs again */
    ip--;
    SYNC();
    vm->yielded = true;
    vm->nframes--;
    return r;
}
op_RAISE: {
    SYNC();
    if (arg == 0) {
        if (!vm->nhandled) {
            vm_raise(vm, vm->e_RuntimeError, "No active exception to reraise");
            goto error;
        }
        vm->exc = vm->handled[vm->nhandled - 1];
        reraise = true;
        goto error;
    }
    Value cause = arg == 2 ? POP() : V_UNBOUND;
    Value exc = POP();
    SYNC();
    if (vm_raise_value(vm, exc) != V_EXC) goto error;
    if (cause != V_UNBOUND) {
        Value c = cause;
        if (v_has_layout(c, LAYOUT_TYPE)) {
            c = vm_call(vm, c, NULL, 0, NULL);
            CHECK(c);
        }
        if (c != V_NONE && !(v_is_obj(c) && v_as_obj(c)->type->layout == LAYOUT_EXC)) {
            vm->exc = V_NONE;
            vm_raise(vm, vm->e_TypeError, "exception causes must derive from BaseException");
            goto error;
        }
        ExcObj *e = (ExcObj *)v_as_obj(vm->exc);
        e->cause = c;
        e->suppress_context = true;
    }
    goto error;
}
op_SETUP_EXCEPT:
op_SETUP_FINALLY:
    if (f->nblocks == VM_MAXBLOCKS) {
        SYNC();
        vm_raise(vm, vm->e_SystemError, "too many nested blocks");
        goto error;
    }
    f->blocks[f->nblocks++] = (Block){ arg, (int)(sp - locals), INSN_OP(w) == OP_SETUP_EXCEPT ? BLOCK_EXCEPT : BLOCK_FINALLY };
    NEXT();
op_SETUP_WITH: {
    SYNC();
    Value res = V_NONE;
    Value exit = with_enter(vm, sp[-1], &res);
    CHECK(exit);
    sp[-1] = exit;
    if (f->nblocks == VM_MAXBLOCKS) {
        vm_raise(vm, vm->e_SystemError, "too many nested blocks");
        goto error;
    }
    f->blocks[f->nblocks++] = (Block){ arg, (int)(sp - locals), BLOCK_WITH };
    PUSH(res);
    NEXT();
}
op_POP_BLOCK:
    f->nblocks--;
    NEXT();
op_POP_EXCEPT:
    f->nblocks--;
    vm->nhandled--;
    NEXT();
op_JUMP_IF_NOT_EXC_MATCH: {
    Value type = sp[-1], exc = sp[-2];
    sp -= 2;
    SYNC();
    bool ok = vm_exc_matches(vm, exc, type);
    if (vm->exc != V_NONE) goto error;
    if (!ok) ip = (uint32_t)arg;
    NEXT();
}
op_RERAISE:
    vm->exc = POP();
    SYNC();
    reraise = true;
    goto error;
op_WITH_EXCEPT: {
    Value exc = sp[-1], exit = sp[-2];
    SYNC();
    Value args[3] = { v_obj(vm_type_of(vm, exc)), exc, V_NONE };
    if (v_is_obj(exc) && v_as_obj(exc)->type->layout == LAYOUT_EXC) args[2] = ((ExcObj *)v_as_obj(exc))->traceback;
    Value r = vm_call(vm, exit, args, 3, NULL);
    CHECK(r);
    int t = vm_truthy(vm, r);
    if (t < 0) goto error;
    PUSH(v_bool(t));
    NEXT();
}
op_UNPACK_SEQUENCE: {
    Value seq = POP();
    SYNC();
    PUSH(seq);
    SYNC();
    if (!unpack(vm, seq, arg, 0, false, sp - 1)) goto error;
    sp += arg - 1;
    NEXT();
}
op_UNPACK_EX: {
    int before = arg & 0xFF, after = arg >> 8;
    Value seq = sp[-1];
    SYNC();
    if (!unpack(vm, seq, before, after, true, sp - 1)) goto error;
    sp += before + after;
    NEXT();
}
op_IMPORT_NAME: {
    Value fromlist = sp[-1], level = sp[-2];
    SYNC();
    /* a Python function put in builtins.__import__ replaces the import system */
    Value hook = vm_dict_get_str(vm->builtins, vm_intern(vm, "__import__", 10));
    Value m;
    if (hook != V_UNBOUND && !v_has_layout(hook, LAYOUT_BUILTIN)) {
        Value hargs[5] = { v_obj(co->names[arg]), v_obj(f->globals), f->locals ? v_obj(f->locals) : V_NONE, fromlist,
                           level };
        m = vm_call(vm, hook, hargs, 5, NULL);
    } else {
        m = vm_import_name(vm, f->globals, co->names[arg], fromlist, (int)v_as_int(level));
    }
    CHECK(m);
    sp -= 2;
    PUSH(m);
    NEXT();
}
op_IMPORT_FROM: {
    SYNC();
    Value v = vm_getattr_opt(vm, sp[-1], co->names[arg]);
    if (v == V_UNBOUND || v == V_EXC) {
        if (v == V_EXC) vm->exc = V_NONE;
        Value mname = v_as_obj(sp[-1])->dict ? vm_dict_get_str(v_as_obj(sp[-1])->dict, vm->s___name__) : V_UNBOUND;
        Value file = v_as_obj(sp[-1])->dict ? vm_dict_get_str(v_as_obj(sp[-1])->dict, vm->s___file__) : V_UNBOUND;
        const char *mn = v_has_layout(mname, LAYOUT_STR) ? AS_STR(mname)->data : "?";
        if (v_has_layout(file, LAYOUT_STR))
            vm_raise(vm, vm->e_ImportError, "cannot import name '%s' from '%s' (%s)", co->names[arg]->data, mn,
                     AS_STR(file)->data);
        else
            vm_raise(vm, vm->e_ImportError, "cannot import name '%s' from '%s' (unknown location)",
                     co->names[arg]->data, mn);
        vm_import_error_attrs(vm, mn, v_has_layout(file, LAYOUT_STR) ? file : V_NONE);
        goto error;
    }
    PUSH(v);
    NEXT();
}
op_IMPORT_STAR: {
    /* names from __all__, else the public keys of __dict__; values by getattr,
     * so that a class or an instance in sys.modules works as a module does */
    SYNC();
    Value m = TOP();
    DictObj *dst = f->locals ? f->locals : f->globals;
    Value names = vm_getattr_opt(vm, m, vm_intern(vm, "__all__", 7));
    CHECK(names);
    bool public_only = names == V_UNBOUND;
    if (public_only) {
        Value d = vm_getattr_opt(vm, m, vm->s___dict__);
        CHECK(d);
        if (d == V_UNBOUND) {
            vm_raise(vm, vm->e_ImportError, "from-import-* object has no __dict__ and no __all__");
            goto error;
        }
        PUSH(d);
        SYNC();
        names = vm_list_from(vm, d);
        sp--;
        CHECK(names);
    }
    PUSH(names);
    SYNC();
    Value it = vm_iter(vm, names);
    CHECK(it);
    PUSH(it);
    SYNC();
    for (;;) {
        Value nm = vm_next(vm, it);
        CHECK(nm);
        if (nm == V_UNBOUND) break;
        if (!v_has_layout(nm, LAYOUT_STR)) {
            vm_raise(vm, vm->e_TypeError, "%s in %s must be str, not %s", public_only ? "Key" : "Item",
                     public_only ? "__dict__" : "__all__", vm_type_of(vm, nm)->name->data);
            goto error;
        }
        if (public_only && AS_STR(nm)->data[0] == '_') continue;
        Value v = vm_getattr(vm, m, AS_STR(nm));
        CHECK(v);
        if (!vm_dict_set(vm, dst, nm, v)) goto error;
    }
    sp -= 3;
    NEXT();
}
op_LOAD_BUILD_CLASS: {
    Value b = vm_dict_get_str(vm->builtins, vm_intern(vm, "__build_class__", 15));
    if (b == V_UNBOUND) {
        SYNC();
        vm_raise(vm, vm->e_NameError, "__build_class__ not found");
        goto error;
    }
    PUSH(b);
    NEXT();
}
op_LOAD_ASSERTION_ERROR:
    PUSH(v_obj(vm->e_AssertionError));
    NEXT();
op_SETUP_ANNOTATIONS: {
    SYNC();
    DictObj *ns = f->locals ? f->locals : f->globals;
    if (vm_dict_get_str(ns, vm->s___annotations__) == V_UNBOUND) {
        Value d = vm_new_dict(vm);
        CHECK(d);
        if (!vm_dict_set_str(vm, ns, vm->s___annotations__, d)) goto error;
    }
    NEXT();
}
op_PRINT_EXPR: {
    Value v = POP();
    SYNC();
    if (v != V_NONE) {
        Value r = vm_repr(vm, v);
        CHECK(r);
        fwrite(AS_STR(r)->data, 1, AS_STR(r)->len, vm->out);
        fputc('\n', vm->out);
        vm_dict_set_str(vm, vm->builtins, vm_intern(vm, "_", 1), v);
    }
    NEXT();
}
op_ASSERT_FAILED: {
    int what = (int)(arg >> 1), n = (what < ASSERT_VALUE ? 2 : 1) + (int)(arg & 1);
    SYNC();
    vm_assert_failed(vm, what, sp - n, arg & 1);
    sp -= n;
    goto error;
}

error:
    /* an exception is pending in vm->exc: find a handler in this frame or unwind */
    SYNC();
    if (!reraise && retry_after_gc(vm, f, ip - 1)) {
        ip--;
        NEXT();
    }
    if (!reraise) {
        chain_context(vm);
        add_traceback(vm, f, ip - 1);
    }
    reraise = false;
    for (;;) {
        while (f->nblocks) {
            Block b = f->blocks[--f->nblocks];
            if (b.kind == BLOCK_HANDLER) {
                vm->nhandled--;
                continue;
            }
            if (vm->halted) continue;   /* out of steps: nothing may catch it */
            Value exc = vm->exc;
            vm->exc = V_NONE;
            if (!push_handled(vm, exc)) {
                vm->exc = exc;
                continue;
            }
            sp = locals + b.level;
            f->blocks[f->nblocks++] = (Block){ 0, b.level, BLOCK_HANDLER };
            PUSH(exc);
            ip = (uint32_t)b.handler;
            NEXT();
        }
        if (vm->nframes - 1 == entry) {
            pop_frame(vm);
            return V_EXC;
        }
        pop_frame(vm);
        LOAD_FRAME();
        add_traceback(vm, f, ip - 1);
    }
#undef LOAD_FRAME
#undef SYNC
#undef NEXT
#undef PUSH
#undef POP
#undef TOP
#undef CHECK
}

/* ---- __build_class__ ------------------------------------------------------------------- */

static Value builtin_build_class(VM *vm, Value *args, int nargs, TupleObj *kwnames)
{
    if (nargs < 2 || !v_has_layout(args[0], LAYOUT_FUNC) || !v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "__build_class__: func and name required");
    FuncObj *body = (FuncObj *)v_as_obj(args[0]);
    Value ns = vm_new_dict(vm);
    if (ns == V_EXC) return V_EXC;
    vm_push_root(vm, ns);
    Value bases = vm_tuple_of(vm, args + 2, (uint32_t)(nargs - 2));
    if (bases == V_EXC) {
        vm_pop_roots(vm, 1);
        return V_EXC;
    }
    vm_push_root(vm, bases);
    Frame *f = push_frame(vm, body->code, body, body->globals, AS_DICT(ns));
    Value cell = V_EXC;
    if (f && init_cells(vm, f)) cell = run(vm, vm->nframes - 1);
    else if (f) pop_frame(vm);
    Value cls = V_EXC;
    if (cell != V_EXC) {
        Value meta = V_UNBOUND;
        int nkw = kwnames ? (int)kwnames->len : 0;
        for (int i = 0; i < nkw; i++)
            if (!strcmp(AS_STR(kwnames->items[i])->data, "metaclass")) meta = args[nargs + i];
        /* the class keywords other than metaclass= go to the metaclass (and __init_subclass__) */
        Value kwvals[16];
        Value names = V_NONE;
        int nother = 0;
        for (int i = 0; i < nkw; i++)
            if (strcmp(AS_STR(kwnames->items[i])->data, "metaclass")) nother++;
        if (nother > 16) {
            vm_pop_roots(vm, 2);
            return vm_raise(vm, vm->e_TypeError, "too many class keywords");
        }
        if (nother) {
            names = vm_new_tuple(vm, (uint32_t)nother);
            if (names == V_EXC) {
                vm_pop_roots(vm, 2);
                return V_EXC;
            }
            for (int i = 0, k = 0; i < nkw; i++)
                if (strcmp(AS_STR(kwnames->items[i])->data, "metaclass")) {
                    AS_TUPLE(names)->items[k] = kwnames->items[i];
                    kwvals[k++] = args[nargs + i];
                }
        }
        Value margs[3 + 16] = { args[1], bases, ns };
        for (int k = 0; k < nother; k++) margs[3 + k] = kwvals[k];
        vm_push_root(vm, names);
        cls = vm_call(vm, meta != V_UNBOUND ? meta : v_obj(vm->t_type), margs, 3, nother ? AS_TUPLE(names) : NULL);
        vm_pop_roots(vm, 1);
        if (cls != V_EXC && v_has_layout(cell, LAYOUT_CELL)) ((CellObj *)v_as_obj(cell))->ref = cls;
    }
    vm_pop_roots(vm, 2);
    return cls;
}

bool vm_reserve_frames(VM *vm, int n)
{
    if (n <= vm->framecap) return true;
    Frame **frames = realloc(vm->frames, (size_t)n * sizeof *frames);
    if (!frames) return false;
    vm->frames = frames;
    Frame **pool = realloc(vm->frame_pool, (size_t)n * sizeof *pool);
    if (!pool) return false;
    memset(pool + vm->framecap, 0, (size_t)(n - vm->framecap) * sizeof *pool);
    vm->frame_pool = pool;
    vm->framecap = n;
    return true;
}

void vm_init_interp(VM *vm)
{
    vm_init_gen(vm);
    vm_reserve_frames(vm, vm->recursion_limit + 1);
    vm_dict_set_str(vm, vm->builtins, vm_intern(vm, "__build_class__", 15),
                    vm_new_builtin(vm, "__build_class__", builtin_build_class, V_UNBOUND));
}
