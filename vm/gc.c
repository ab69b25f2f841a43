/* The garbage collector: size-class pages for small objects, and a precise,
 * non-moving mark & sweep (explicit gray stack) over every VM object; one
 * table row per layout says what an object references, owns and weighs. */
#include <stdlib.h>
#include <string.h>

#include "vm.h"

/* Never collect before this much has been allocated: small programs pay
 * nothing. Small enough that a loop of short-lived objects stays within a
 * few MB (and in cache: 2 MB ran a 10M-iteration churn 3x faster than 8 MB). */
#define GC_MIN_THRESHOLD ((size_t)2 << 20)

typedef struct {
    VM *vm;
    bool overflow;        /* an object was marked but found no room on the gray stack */
    size_t live;          /* weight of what was traced */
} Gc;

static bool is_leaf(const Obj *o);
static size_t weight(const Obj *o);

static void mark_obj(Gc *gc, Obj *o)
{
    if (!o || (o->flags & OBJ_MARKED)) return;
    o->flags |= OBJ_MARKED;
    /* strings, numbers...: done here, without a trip through the gray stack */
    if (is_leaf(o)) {
        gc->live += weight(o);
        mark_obj(gc, (Obj *)o->type);
        return;
    }
    VM *vm = gc->vm;
    if (vm->ngray == vm->graycap) {
        size_t cap = vm->graycap ? vm->graycap * 2 : 1024;
        Obj **g = realloc(vm->gray, cap * sizeof *g);
        if (!g) {
            /* traced later by rescanning the heap for marked objects */
            gc->overflow = true;
            return;
        }
        vm->gray = g;
        vm->graycap = cap;
    }
    vm->gray[vm->ngray++] = o;
}

static inline void mark_value(Gc *gc, Value v)
{
    if (v_is_obj(v)) mark_obj(gc, v_as_obj(v));
}

static void mark_values(Gc *gc, const Value *v, size_t n)
{
    for (size_t i = 0; i < n; i++) mark_value(gc, v[i]);
}

/* A frame's locals, cells and operands up to its saved sp: the slots above
 * it hold stale values that may name objects already freed. */
static void mark_frame(Gc *gc, const Frame *f)
{
    mark_obj(gc, (Obj *)f->code);
    mark_obj(gc, (Obj *)f->func);
    mark_obj(gc, (Obj *)f->globals);
    mark_obj(gc, (Obj *)f->locals);
    if (f->base && f->sp) mark_values(gc, f->base, (size_t)(f->sp - f->base));
}

/* ---- per layout: references ---------------------------------------------- */

/* instances of classes with __slots__ carry their values after the header */
static void trace_object(Gc *gc, Obj *o) { mark_values(gc, vm_slot_values(o), o->type->hdr.aux); }

static void trace_type(Gc *gc, Obj *o)
{
    TypeObj *t = (TypeObj *)o;
    mark_obj(gc, (Obj *)t->name);
    mark_obj(gc, (Obj *)t->qualname);
    mark_obj(gc, (Obj *)t->base);
    mark_obj(gc, (Obj *)t->bases);
    mark_obj(gc, (Obj *)t->mro);
}

static void trace_tuple(Gc *gc, Obj *o) { mark_values(gc, ((TupleObj *)o)->items, ((TupleObj *)o)->len); }
static void trace_list(Gc *gc, Obj *o) { mark_values(gc, ((ListObj *)o)->items, ((ListObj *)o)->len); }

static void trace_dict(Gc *gc, Obj *o)
{
    DictObj *d = (DictObj *)o;
    for (uint32_t i = 0; i < d->nentries; i++) {
        mark_value(gc, d->entries[i].key);
        mark_value(gc, d->entries[i].value);
    }
}

static void trace_slice(Gc *gc, Obj *o)
{
    SliceObj *s = (SliceObj *)o;
    mark_value(gc, s->start);
    mark_value(gc, s->stop);
    mark_value(gc, s->step);
}

static void trace_func(Gc *gc, Obj *o)
{
    FuncObj *f = (FuncObj *)o;
    mark_obj(gc, (Obj *)f->code);
    mark_obj(gc, (Obj *)f->globals);
    mark_obj(gc, (Obj *)f->defaults);
    mark_obj(gc, (Obj *)f->kwdefaults);
    mark_obj(gc, (Obj *)f->closure);
    mark_obj(gc, (Obj *)f->name);
    mark_obj(gc, (Obj *)f->qualname);
    mark_value(gc, f->doc);
    mark_obj(gc, (Obj *)f->annotations);
    mark_value(gc, f->module);
}

static void trace_builtin(Gc *gc, Obj *o)
{
    mark_value(gc, ((BuiltinObj *)o)->self);
    mark_obj(gc, (Obj *)((BuiltinObj *)o)->owner);
}

static void trace_method(Gc *gc, Obj *o)
{
    mark_value(gc, ((MethodObj *)o)->func);
    mark_value(gc, ((MethodObj *)o)->self);
}

static void trace_cell(Gc *gc, Obj *o) { mark_value(gc, ((CellObj *)o)->ref); }

static void trace_code(Gc *gc, Obj *o)
{
    CodeObj *c = (CodeObj *)o;
    if (c->consts) mark_values(gc, c->consts, c->nconsts);
    if (c->names)
        for (uint32_t i = 0; i < c->nnames; i++) mark_obj(gc, (Obj *)c->names[i]);
    if (c->varnames)
        for (int i = 0; i < c->nlocals + c->ncells + c->nfree; i++) mark_obj(gc, (Obj *)c->varnames[i]);
    mark_obj(gc, (Obj *)c->name);
    mark_obj(gc, (Obj *)c->qualname);
    mark_obj(gc, (Obj *)c->filename);
}

static void trace_module(Gc *gc, Obj *o) { mark_obj(gc, (Obj *)((ModuleObj *)o)->name); }

static void trace_gen(Gc *gc, Obj *o)
{
    GenObj *g = (GenObj *)o;
    if (g->frame) mark_frame(gc, g->frame);
    mark_obj(gc, (Obj *)g->name);
    mark_obj(gc, (Obj *)g->qualname);
}

static void trace_exc(Gc *gc, Obj *o)
{
    ExcObj *e = (ExcObj *)o;
    mark_obj(gc, (Obj *)e->args);
    mark_value(gc, e->traceback);
    mark_value(gc, e->cause);
    mark_value(gc, e->context);
}

static void trace_traceback(Gc *gc, Obj *o)
{
    mark_value(gc, ((TracebackObj *)o)->next);
    mark_obj(gc, (Obj *)((TracebackObj *)o)->code);
}

static void trace_property(Gc *gc, Obj *o)
{
    PropertyObj *p = (PropertyObj *)o;
    mark_value(gc, p->fget);
    mark_value(gc, p->fset);
    mark_value(gc, p->fdel);
    mark_value(gc, p->doc);
}

static void trace_wrapper(Gc *gc, Obj *o) { mark_value(gc, ((WrapperObj *)o)->func); }

static void trace_super(Gc *gc, Obj *o)
{
    SuperObj *s = (SuperObj *)o;
    mark_obj(gc, (Obj *)s->type);
    mark_value(gc, s->obj);
    mark_obj(gc, (Obj *)s->obj_type);
}

static void trace_iter(Gc *gc, Obj *o)
{
    mark_value(gc, ((IterObj *)o)->seq);
    mark_value(gc, ((IterObj *)o)->extra);
}

static void mark_value_cb(void *gc, Value v) { mark_value(gc, v); }

static void trace_native(Gc *gc, Obj *o)
{
    const NativeOps *ops = ((NativeObj *)o)->ops;
    if (ops->trace) ops->trace(o, mark_value_cb, gc);
}

/* ---- per layout: memory owned besides the object ------------------------- */

static void release_bigint(VM *vm, Obj *o) { mpz_clear(((BigIntObj *)o)->z); }
static void release_bytearray(VM *vm, Obj *o) { free(((ByteArrayObj *)o)->data); }
static void release_list(VM *vm, Obj *o) { free(((ListObj *)o)->items); }

static void release_dict(VM *vm, Obj *o)
{
    vm_dict_free_table(vm, (DictObj *)o);
}

static void release_code(VM *vm, Obj *o)
{
    CodeObj *c = (CodeObj *)o;
    free(c->code);
    free(c->lines);
    free(c->consts);
    free(c->names);
    free(c->varnames);
    free(c->cell2arg);
    free(c->caches);
}

static void release_gen(VM *vm, Obj *o)
{
    Frame *f = ((GenObj *)o)->frame;
    if (!f) return;
    if (f->owned_stack) free(f->base);
    free(f);
}

static void release_file(VM *vm, Obj *o) { vm_file_finalize(vm, o); }

static void release_native(VM *vm, Obj *o)
{
    const NativeOps *ops = ((NativeObj *)o)->ops;
    if (ops->release) ops->release(o);
}

/* ---- per layout: weight, for pacing --------------------------------------- */

/* variable parts inside the object's own allocation */
static size_t inline_object(const Obj *o) { return o->type->hdr.aux * sizeof(Value); }
static size_t inline_str(const Obj *o) { return ((const StrObj *)o)->len + 1; }
static size_t inline_bytes(const Obj *o) { return ((const BytesObj *)o)->len + 1; }
static size_t inline_tuple(const Obj *o) { return ((const TupleObj *)o)->len * sizeof(Value); }
static size_t inline_native(const Obj *o) { return ((const NativeObj *)o)->size - sizeof(NativeObj); }

/* memory owned outside it */
static size_t owned_bytearray(const Obj *o) { return ((const ByteArrayObj *)o)->cap; }
static size_t owned_list(const Obj *o) { return ((const ListObj *)o)->cap * sizeof(Value); }

static size_t owned_dict(const Obj *o)
{
    const DictObj *d = (const DictObj *)o;
    return d->cap * sizeof(DictEntry) + (d->index ? ((size_t)d->mask + 1) * sizeof(int32_t) : 0);
}

static size_t owned_native(const Obj *o)
{
    const NativeOps *ops = ((const NativeObj *)o)->ops;
    return ops->owned ? ops->owned(o) : 0;
}

static size_t owned_code(const Obj *o)
{
    const CodeObj *c = (const CodeObj *)o;
    return c->ncode * (sizeof(uint32_t) + 4 * sizeof(int32_t)) + c->nconsts * sizeof(Value) +
           c->nnames * sizeof(StrObj *);
}

typedef struct {
    void (*trace)(Gc *gc, Obj *o);           /* marks what the object references */
    void (*release)(VM *vm, Obj *o);         /* frees what it owns besides itself */
    size_t size;                             /* sizeof its struct */
    size_t (*inline_extra)(const Obj *o);    /* bytes allocated after the struct */
    size_t (*owned)(const Obj *o);           /* bytes of arrays it owns */
} LayoutOps;

/* One row per layout; a layout missing here fails to compile. */
#define OPS_OBJECT { trace_object, NULL, sizeof(Obj), inline_object, NULL }
#define OPS_TYPE { trace_type, NULL, sizeof(TypeObj), NULL, NULL }
#define OPS_STR { NULL, NULL, sizeof(StrObj), inline_str, NULL }
#define OPS_BYTES { NULL, NULL, sizeof(BytesObj), inline_bytes, NULL }
#define OPS_BYTEARRAY { NULL, release_bytearray, sizeof(ByteArrayObj), NULL, owned_bytearray }
#define OPS_BIGINT { NULL, release_bigint, sizeof(BigIntObj), NULL, NULL }
#define OPS_COMPLEX { NULL, NULL, sizeof(ComplexObj), NULL, NULL }
#define OPS_TUPLE { trace_tuple, NULL, sizeof(TupleObj), inline_tuple, NULL }
#define OPS_LIST { trace_list, release_list, sizeof(ListObj), NULL, owned_list }
#define OPS_DICT { trace_dict, release_dict, sizeof(DictObj), NULL, owned_dict }
#define OPS_SET { trace_dict, release_dict, sizeof(DictObj), NULL, owned_dict }
#define OPS_RANGE { NULL, NULL, sizeof(RangeObj), NULL, NULL }
#define OPS_SLICE { trace_slice, NULL, sizeof(SliceObj), NULL, NULL }
#define OPS_FUNC { trace_func, NULL, sizeof(FuncObj), NULL, NULL }
#define OPS_BUILTIN { trace_builtin, NULL, sizeof(BuiltinObj), NULL, NULL }
#define OPS_METHOD { trace_method, NULL, sizeof(MethodObj), NULL, NULL }
#define OPS_CELL { trace_cell, NULL, sizeof(CellObj), NULL, NULL }
#define OPS_CODE { trace_code, release_code, sizeof(CodeObj), NULL, owned_code }
#define OPS_MODULE { trace_module, NULL, sizeof(ModuleObj), NULL, NULL }
#define OPS_GEN { trace_gen, release_gen, sizeof(GenObj), NULL, NULL }
#define OPS_EXC { trace_exc, NULL, sizeof(ExcObj), NULL, NULL }
#define OPS_TRACEBACK { trace_traceback, NULL, sizeof(TracebackObj), NULL, NULL }
#define OPS_PROPERTY { trace_property, NULL, sizeof(PropertyObj), NULL, NULL }
#define OPS_STATICMETHOD { trace_wrapper, NULL, sizeof(WrapperObj), NULL, NULL }
#define OPS_CLASSMETHOD { trace_wrapper, NULL, sizeof(WrapperObj), NULL, NULL }
#define OPS_SUPER { trace_super, NULL, sizeof(SuperObj), NULL, NULL }
#define OPS_ITER { trace_iter, NULL, sizeof(IterObj), NULL, NULL }
#define OPS_FILE { NULL, release_file, sizeof(Obj), NULL, NULL }
#define OPS_NATIVE { trace_native, release_native, sizeof(NativeObj), inline_native, owned_native }

static const LayoutOps layout_ops[LAYOUT_COUNT] = {
#define X(n) [LAYOUT_##n] = OPS_##n,
    OBJ_LAYOUTS(X)
#undef X
};

/* Small objects (up to VM_SIZE_CLASSES * GC_CLASS_BYTES) live in pages of
 * one size class each, so the sweep walks memory in order instead of chasing
 * a list, and freed slots are reused without going back to malloc. A free
 * slot has no type. Large objects are malloc'd and listed in vm->objects. */
#define GC_CLASS_BYTES 16
#define GC_PAGE_BYTES ((size_t)64 << 10)

struct GcPage {
    struct GcPage *next;          /* pages of the same class */
    uint32_t nslots;
};

#define PAGE_FIRST(p) ((char *)(p) + ((sizeof(struct GcPage) + GC_CLASS_BYTES - 1) & ~(size_t)(GC_CLASS_BYTES - 1)))
#define SLOT(p, c, i) ((Obj *)(PAGE_FIRST(p) + (size_t)(i) * (c) * GC_CLASS_BYTES))

/* Under AddressSanitizer a free slot is poisoned past its type and link, so
 * a stale reference into recycled memory still reports as use-after-free. */
#if defined(__SANITIZE_ADDRESS__)
#define GC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GC_ASAN 1
#endif
#endif
#ifdef GC_ASAN
#include <sanitizer/asan_interface.h>
#define FREE_SLOT_KEPT 16   /* type and gc_next stay readable */
static void poison_slot(Obj *o, size_t c) { ASAN_POISON_MEMORY_REGION((char *)o + FREE_SLOT_KEPT, c * GC_CLASS_BYTES - FREE_SLOT_KEPT); }
static void unpoison_slot(Obj *o, size_t c) { ASAN_UNPOISON_MEMORY_REGION(o, c * GC_CLASS_BYTES); }
#else
static void poison_slot(Obj *o, size_t c) { (void)o, (void)c; }
static void unpoison_slot(Obj *o, size_t c) { (void)o, (void)c; }
#endif

/* Emptied pages wait here for reuse instead of going back to malloc at once:
 * a program that allocates in waves would otherwise return and fetch 64 KB
 * blocks every cycle, and each such free or malloc makes glibc consolidate
 * its small-block bins (a measurable share of a call-heavy program's time). */
enum { GC_SPARE_PAGES = 32 };

static bool new_page(VM *vm, size_t c)
{
    struct GcPage *p = vm->spare_pages;
    if (p) {
        vm->spare_pages = p->next;
        vm->nspare_pages--;
    } else if (!(p = malloc(GC_PAGE_BYTES))) {
        return false;
    }
    size_t slot = c * GC_CLASS_BYTES;
    p->nslots = (uint32_t)((GC_PAGE_BYTES - (size_t)(PAGE_FIRST(p) - (char *)p)) / slot);
    p->next = vm->pages[c];
    vm->pages[c] = p;
    /* threaded backwards so allocation runs forwards through the page */
    for (uint32_t i = p->nslots; i-- > 0;) {
        Obj *o = SLOT(p, c, i);
        o->type = NULL;
        o->gc_next = vm->free_objs[c];
        vm->free_objs[c] = o;
        poison_slot(o, c);
    }
    return true;
}

static void free_page(VM *vm, struct GcPage *p, size_t c, bool keep)
{
    for (uint32_t i = 0; i < p->nslots; i++) unpoison_slot(SLOT(p, c, i), c);
    if (keep && vm->nspare_pages < GC_SPARE_PAGES) {
        p->next = vm->spare_pages;
        vm->spare_pages = p;
        vm->nspare_pages++;
        return;
    }
    free(p);
}

/* ---- allocation ----------------------------------------------------------- */

void *vm_alloc(VM *vm, TypeObj *type, size_t size)
{
    size_t c = (size + GC_CLASS_BYTES - 1) / GC_CLASS_BYTES;
    Obj *o;
    if (c <= VM_SIZE_CLASSES) {
        if (!vm->free_objs[c] && !new_page(vm, c)) goto oom;
        o = vm->free_objs[c];
        vm->free_objs[c] = o->gc_next;
        unpoison_slot(o, c);
        memset(o, 0, c * GC_CLASS_BYTES);
        vm->bytes_allocated += c * GC_CLASS_BYTES;
    } else {
        if (!(o = calloc(1, size))) goto oom;
        o->gc_next = vm->objects;
        vm->objects = o;
        vm->bytes_allocated += size;
    }
    o->type = type;
    return o;
oom:
    vm->oom_frames = vm->nframes;
    if (v_is_obj(vm->memory_error)) vm->exc = vm->memory_error;
    return NULL;
}

void vm_push_root(VM *vm, Value v)
{
    if (vm->nroots == vm->rootcap) {
        size_t cap = vm->rootcap ? vm->rootcap * 2 : 64;
        Value *r = realloc(vm->roots, cap * sizeof *r);
        if (r) {
            vm->roots = r;
            vm->rootcap = cap;
        }
    }
    /* past rootcap (out of memory) the root is counted, not recorded, and
     * vm_gc stays off until the count is back in range */
    if (vm->nroots < vm->rootcap) vm->roots[vm->nroots] = v;
    vm->nroots++;
}

/* ---- collection ------------------------------------------------------------ */

/* Whether an object references nothing but its type. */
static bool is_leaf(const Obj *o) { return !o->dict && !layout_ops[o->type->layout].trace; }

/* The memory an object holds: its allocation and the arrays it owns. */
static size_t weight(const Obj *o)
{
    const LayoutOps *ops = &layout_ops[o->type->layout];
    size_t self = ops->size + (ops->inline_extra ? ops->inline_extra(o) : 0);
    return self + (ops->owned ? ops->owned(o) : 0);
}

static void trace(Gc *gc, Obj *o)
{
    gc->live += weight(o);
    mark_obj(gc, (Obj *)o->type);
    mark_obj(gc, (Obj *)o->dict);
    const LayoutOps *ops = &layout_ops[o->type->layout];
    if (ops->trace) ops->trace(gc, o);
}

/* Calls fn on every object, small and large. */
static void each_object(VM *vm, void (*fn)(void *ctx, Obj *o), void *ctx)
{
    for (size_t c = 1; c <= VM_SIZE_CLASSES; c++)
        for (struct GcPage *p = vm->pages[c]; p; p = p->next)
            for (uint32_t i = 0; i < p->nslots; i++)
                if (SLOT(p, c, i)->type) fn(ctx, SLOT(p, c, i));
    for (Obj *o = vm->objects; o; o = o->gc_next) fn(ctx, o);
}

static void retrace(void *ctx, Obj *o)
{
    if (o->flags & OBJ_MARKED) trace(ctx, o);
}

static void drain(Gc *gc)
{
    VM *vm = gc->vm;
    for (;;) {
        while (vm->ngray) trace(gc, vm->gray[--vm->ngray]);
        if (!gc->overflow) return;
        /* some marked objects never reached the gray stack: trace every marked
         * object again (marking is idempotent; the weight is recounted) */
        gc->overflow = false;
        gc->live = 0;
        each_object(vm, retrace, gc);
    }
}

static void mark_roots(Gc *gc)
{
    VM *vm = gc->vm;
    for (int i = 0; i < vm->nframes; i++) mark_frame(gc, vm->frames[i]);
    mark_value(gc, vm->exc);
    mark_values(gc, vm->handled, (size_t)vm->nhandled);
    mark_values(gc, vm->roots, vm->nroots);
    mark_obj(gc, (Obj *)vm->interned);
    mark_obj(gc, (Obj *)vm->builtins);
    mark_obj(gc, (Obj *)vm->modules);
    mark_obj(gc, (Obj *)vm->main_module);
    mark_value(gc, vm->sys_argv);
    mark_value(gc, vm->sys_path);
    mark_value(gc, vm->memory_error);
    mark_value(gc, vm->stop_exc);
    for (size_t i = vm->finalize_head; i < vm->nfinalize; i++) mark_obj(gc, vm->finalize[i]);
#define X(c, n, l) mark_obj(gc, (Obj *)vm->t_##c);
    VM_TYPES(X)
#undef X
#define X(n, parent) mark_obj(gc, (Obj *)vm->e_##n);
    VM_EXCEPTIONS(X)
#undef X
#define X(c, n) mark_obj(gc, (Obj *)vm->s_##c);
    VM_NAMES(X)
#undef X
    mark_value(gc, vm->empty_tuple);
    mark_values(gc, vm->small_strs, 128);
}

static void release(VM *vm, Obj *o)
{
    const LayoutOps *ops = &layout_ops[o->type->layout];
    if (ops->release) ops->release(vm, o);
}

/* Where the next collection starts: three times what survived, at least the
 * floor (twice made a string-heavy program with a large live set spend a
 * tenth more of its time marking). */
static size_t threshold(size_t live) { return live * 3 > GC_MIN_THRESHOLD ? live * 3 : GC_MIN_THRESHOLD; }

/* Releases the unmarked small objects. Dead objects only lose their header
 * here, and no page is freed yet, so an instance released after its (equally
 * dead) type still finds the type's layout. */
static size_t release_dead_small(VM *vm)
{
    size_t freed = 0;
    for (size_t c = 1; c <= VM_SIZE_CLASSES; c++)
        for (struct GcPage *p = vm->pages[c]; p; p = p->next)
            for (uint32_t i = 0; i < p->nslots; i++) {
                Obj *o = SLOT(p, c, i);
                if (!o->type) continue;
                if (o->flags & OBJ_MARKED) {
                    o->flags &= ~(uint32_t)OBJ_MARKED;
                } else {
                    release(vm, o);
                    o->type = NULL;
                    freed++;
                }
            }
    return freed;
}

/* Rebuilds the free lists in address order. Empty pages go back to malloc
 * once the free slots kept cover `budget` bytes: what the program can
 * allocate before the next collection. */
static void rebuild_free_lists(VM *vm, size_t budget)
{
    for (size_t c = 1; c <= VM_SIZE_CLASSES; c++) {
        Obj **tail = &vm->free_objs[c];
        struct GcPage **link = &vm->pages[c];
        while (*link) {
            struct GcPage *p = *link;
            Obj **page_tail = tail;
            uint32_t nfree = 0;
            for (uint32_t i = 0; i < p->nslots; i++) {
                Obj *o = SLOT(p, c, i);
                if (o->type) continue;
                poison_slot(o, c);
                *tail = o;
                tail = &o->gc_next;
                nfree++;
            }
            size_t bytes = (size_t)nfree * c * GC_CLASS_BYTES;
            if (nfree == p->nslots && budget < bytes) {
                tail = page_tail;
                *link = p->next;
                free_page(vm, p, c, true);
                continue;
            }
            budget = budget > bytes ? budget - bytes : 0;
            link = &p->next;
        }
        *tail = NULL;
    }
}

/* Large objects (never types, which are small, so no small object's
 * release reads one): released and freed. */
static size_t sweep_large(VM *vm)
{
    size_t freed = 0;
    Obj **link = &vm->objects;
    while (*link) {
        Obj *o = *link;
        if (o->flags & OBJ_MARKED) {
            o->flags &= ~(uint32_t)OBJ_MARKED;
            link = &o->gc_next;
            continue;
        }
        *link = o->gc_next;
        release(vm, o);
        free(o);
        freed++;
    }
    return freed;
}

/* Heap types are listed weakly (vm_type_modified walks them): forget the dead. */
static void forget_dead_types(VM *vm)
{
    size_t n = 0;
    for (size_t i = 0; i < vm->nheap_types; i++)
        if (vm->heap_types[i]->hdr.flags & OBJ_MARKED) vm->heap_types[n++] = vm->heap_types[i];
    vm->nheap_types = n;
}

/* ---- finalizers ------------------------------------------------------------ */

/* Appends o to the finalizer queue; false when the queue cannot grow. */
static bool queue_object(VM *vm, Obj *o)
{
    if (vm->finalize_head == vm->nfinalize) vm->finalize_head = vm->nfinalize = 0;
    if (vm->nfinalize == vm->finalizecap) {
        size_t cap = vm->finalizecap ? vm->finalizecap * 2 : 16;
        Obj **q = realloc(vm->finalize, cap * sizeof *q);
        if (!q) return false;
        vm->finalize = q;
        vm->finalizecap = cap;
    }
    vm->finalize[vm->nfinalize++] = o;
    return true;
}

/* Queues o's __del__ (once per object); false when the queue cannot grow. */
static bool queue_finalizer(VM *vm, Obj *o)
{
    if (!queue_object(vm, o)) return false;
    o->flags |= OBJ_FINALIZED;
    return true;
}

static bool finalizable(const Obj *o) { return (o->type->flags & TF_HAS_DEL) && !(o->flags & OBJ_FINALIZED); }

static void queue_if_dead(void *vm, Obj *o)
{
    if (!(o->flags & OBJ_MARKED) && finalizable(o)) queue_finalizer(vm, o);
}

static void queue_if_due(void *vm, Obj *o)
{
    if (finalizable(o)) queue_finalizer(vm, o);
}

/* After marking: every unreachable object with a __del__ not yet run is
 * queued, then it and what it references are marked, so that the __del__
 * finds them all (PEP 442). All are found before any is marked: one dead
 * object reachable from another gets its finalizer in the same collection. */
static void resurrect_finalizable(Gc *gc)
{
    VM *vm = gc->vm;
    if (vm->finalize_head == vm->nfinalize) vm->finalize_head = vm->nfinalize = 0;
    size_t from = vm->nfinalize;
    each_object(vm, queue_if_dead, vm);
    for (size_t i = from; i < vm->nfinalize; i++) mark_obj(gc, vm->finalize[i]);
    drain(gc);
}

void vm_note_finalizer(VM *vm, TypeObj *t)
{
    vm->has_finalizers = true;
    t->flags |= TF_HAS_DEL;
    for (size_t i = 0; i < vm->nheap_types; i++)
        if (vm_is_subtype(vm->heap_types[i], t)) vm->heap_types[i]->flags |= TF_HAS_DEL;
}

/* ---- weak references --------------------------------------------------- */

static void trace_weakref(Obj *o, void (*mark)(void *gc, Value v), void *gc) { mark(gc, ((WeakRefObj *)o)->callback); }

const NativeOps vm_weakref_ops = {"weakref", trace_weakref, NULL, NULL};

bool vm_track_weakref(VM *vm, WeakRefObj *w)
{
    if (vm->nweakrefs == vm->weakrefcap) {
        size_t cap = vm->weakrefcap ? vm->weakrefcap * 2 : 16;
        Obj **a = realloc(vm->weakrefs, cap * sizeof *a);
        if (!a) {
            if (v_is_obj(vm->memory_error)) vm->exc = vm->memory_error;
            return false;
        }
        vm->weakrefs = a;
        vm->weakrefcap = cap;
    }
    vm->weakrefs[vm->nweakrefs++] = (Obj *)w;
    return true;
}

/* After marking, before finalizers resurrect anything (CPython clears the
 * weak references to garbage first too): the refs to dead objects are
 * cleared, and the living ones with a callback queued, the newest first. */
static void clear_dead_referents(VM *vm)
{
    for (size_t i = vm->nweakrefs; i-- > 0;) {
        WeakRefObj *w = (WeakRefObj *)vm->weakrefs[i];
        if (!v_is_obj(w->referent) || (v_as_obj(w->referent)->flags & OBJ_MARKED)) continue;
        w->referent = V_NONE;
        if ((w->nat.hdr.flags & OBJ_MARKED) && w->callback != V_NONE) queue_object(vm, (Obj *)w);
    }
}

/* Before the sweep: the dead refs leave the list. */
static void forget_dead_weakrefs(VM *vm)
{
    size_t n = 0;
    for (size_t i = 0; i < vm->nweakrefs; i++)
        if (vm->weakrefs[i]->flags & OBJ_MARKED) vm->weakrefs[n++] = vm->weakrefs[i];
    vm->nweakrefs = n;
}

/* callback(ref), once */
static void call_weak_callback(VM *vm, WeakRefObj *w)
{
    Value cb = w->callback, ref = v_obj(w);
    if (cb == V_NONE) return;
    w->callback = V_NONE;
    vm_push_root(vm, cb);
    if (vm_call(vm, cb, &ref, 1, NULL) == V_EXC) {
        Value exc = vm->exc;
        vm->exc = V_NONE;
        vm_write_unraisable(vm, exc, cb);
    }
    vm_pop_roots(vm, 1);
}

/* o.__del__(), looked up on the type as CPython's tp_finalize; an exception
 * goes to stderr ("Exception ignored in: <function C.__del__ ...>"). */
static void call_finalizer(VM *vm, Value obj)
{
    Value del = vm_type_lookup(vm_type_of(vm, obj), vm->s___del__);
    if (del == V_UNBOUND) return;   /* deleted from the class since */
    Value r = v_has_layout(del, LAYOUT_FUNC) ? vm_call(vm, del, &obj, 1, NULL)
                                             : vm_call_method(vm, obj, vm->s___del__, NULL, 0);
    if (r != V_EXC) return;
    Value exc = vm->exc;
    vm->exc = V_NONE;
    vm_write_unraisable(vm, exc, del);
}

void vm_run_finalizers(VM *vm)
{
    /* a collection in a __del__ queues more: this loop runs them too; out
     * of steps (vm->halted), no more Python code runs */
    if (vm->finalizing || vm->halted) return;
    vm->finalizing = true;
    Value saved = vm->exc;
    vm->exc = V_NONE;
    vm_push_root(vm, saved);
    while (vm->finalize_head < vm->nfinalize) {
        Obj *o = vm->finalize[vm->finalize_head++];
        Value obj = v_obj(o);
        vm_push_root(vm, obj);
        if (vm_is_weakref(o))
            call_weak_callback(vm, (WeakRefObj *)o);
        else
            call_finalizer(vm, obj);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    vm->exc = saved;
    vm->finalizing = false;
}

void vm_finalize_all(VM *vm)
{
    if (!vm->has_finalizers) return;
    vm_gc(vm);
    vm_run_finalizers(vm);
    if (vm->main_module) {
        DictObj *g = vm->main_module->hdr.dict;
        for (uint32_t i = 0; i < g->nentries; i++) {
            Value v = g->entries[i].value;
            if (g->entries[i].key != V_UNBOUND && v_is_obj(v) && finalizable(v_as_obj(v)))
                queue_finalizer(vm, v_as_obj(v));
        }
    }
    each_object(vm, queue_if_due, vm);
    vm_run_finalizers(vm);
}

/* ---- the collection ---------------------------------------------------------- */

size_t vm_gc(VM *vm)
{
    /* a root native code asked for could not be recorded (out of memory) */
    if (vm->nroots > vm->rootcap) return 0;
    Gc gc = { vm, false, 0 };
    mark_roots(&gc);
    drain(&gc);
    if (vm->nweakrefs) clear_dead_referents(vm);
    if (vm->has_finalizers) resurrect_finalizable(&gc);
    forget_dead_types(vm);
    forget_dead_weakrefs(vm);
    size_t freed = sweep_large(vm) + release_dead_small(vm);
    rebuild_free_lists(vm, threshold(gc.live) - gc.live);
    vm->bytes_allocated = gc.live;
    vm->next_gc = threshold(gc.live);
    return freed;
}

static void release_any(void *vm, Obj *o) { release(vm, o); }

void vm_gc_free_all(VM *vm)
{
    each_object(vm, release_any, vm);
    for (Obj *o = vm->objects; o;) {
        Obj *next = o->gc_next;
        free(o);
        o = next;
    }
    vm->objects = NULL;
    for (size_t c = 1; c <= VM_SIZE_CLASSES; c++) {
        while (vm->pages[c]) {
            struct GcPage *next = vm->pages[c]->next;
            free_page(vm, vm->pages[c], c, false);
            vm->pages[c] = next;
        }
        vm->free_objs[c] = NULL;
    }
    vm_dict_drop_spares(vm);
    while (vm->spare_pages) {
        struct GcPage *next = vm->spare_pages->next;
        free(vm->spare_pages);
        vm->spare_pages = next;
    }
    vm->nspare_pages = 0;
    vm->nheap_types = 0;
    vm->nweakrefs = 0;
    vm->bytes_allocated = 0;
}
