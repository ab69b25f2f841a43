/* range and slice objects, and the index arithmetic every sequence shares:
 * what a subscript is (vm_subscript) and which items a slice selects
 * (vm_slice_*). */
#include <string.h>

#include "../parser/ast.h"
#include "vm.h"

/* ---- index arithmetic -------------------------------------------------------------- */

/* An exact int (small or big) as int64, clamped to that range: a slice bound
 * past either end means that end, as PyNumber_AsSsize_t(v, NULL) has it. */
static int64_t clamp_i64(Value v)
{
    if (v_is_int(v)) return v_as_int(v);
    mpz_srcptr z = AS_BIGINT(v)->z;
    if (mpz_fits_slong_p(z)) return mpz_get_si(z);
    return mpz_sgn(z) < 0 ? INT64_MIN : INT64_MAX;
}

static bool has_index(VM *vm, Value v)
{
    return vm_is_int(vm, v) || vm_type_lookup(vm_type_of(vm, v), vm->s___index__) != V_UNBOUND;
}

/* _PyEval_SliceIndex: an int or __index__ clamped into int64; `none` tells
 * the message whether None was allowed in its place. */
static bool clamped(VM *vm, Value v, int64_t *out, const char *none)
{
    if (v_is_int(v)) {
        *out = v_as_int(v);
        return true;
    }
    if (!has_index(vm, v)) {
        vm_raise(vm, vm->e_TypeError, "slice indices must be integers%s or have an __index__ method", none);
        return false;
    }
    Value i = vm_number_index(vm, v);
    if (i == V_EXC) return false;
    *out = clamp_i64(i);
    return true;
}

bool vm_clamped_index(VM *vm, Value v, int64_t *out) { return clamped(vm, v, out, ""); }

static bool slice_bound(VM *vm, Value v, int64_t *out) { return clamped(vm, v, out, " or None"); }

bool vm_slice_unpack(VM *vm, Value slice, int64_t *start, int64_t *stop, int64_t *step)
{
    SliceObj *s = (SliceObj *)v_as_obj(slice);
    *step = 1;
    if (s->step != V_NONE) {
        if (!slice_bound(vm, s->step, step)) return false;
        if (*step == 0) {
            vm_raise(vm, vm->e_ValueError, "slice step cannot be zero");
            return false;
        }
        /* so that -step cannot overflow */
        if (*step < -INT64_MAX) *step = -INT64_MAX;
    }
    if (s->start == V_NONE) *start = *step < 0 ? INT64_MAX : 0;
    else if (!slice_bound(vm, s->start, start)) return false;
    if (s->stop == V_NONE) *stop = *step < 0 ? INT64_MIN : INT64_MAX;
    else if (!slice_bound(vm, s->stop, stop)) return false;
    return true;
}

static void adjust_bound(int64_t *i, int64_t len, int64_t step)
{
    if (*i < 0) {
        *i += len;
        if (*i < 0) *i = step < 0 ? -1 : 0;
    } else if (*i >= len) {
        *i = step < 0 ? len - 1 : len;
    }
}

int64_t vm_slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t step)
{
    adjust_bound(start, len, step);
    adjust_bound(stop, len, step);
    if (step < 0) return *stop < *start ? (*start - *stop - 1) / -step + 1 : 0;
    return *start < *stop ? (*stop - *start - 1) / step + 1 : 0;
}

bool vm_slice_indices(VM *vm, Value slice, int64_t len, int64_t *start, int64_t *stop,
                      int64_t *step, int64_t *slicelen)
{
    if (!vm_slice_unpack(vm, slice, start, stop, step)) return false;
    *slicelen = vm_slice_adjust(len, start, stop, *step);
    return true;
}

int vm_subscript(VM *vm, Value key, int64_t *index)
{
    if (v_is_int(key)) {
        *index = v_as_int(key);
        return 1;
    }
    if (v_has_layout(key, LAYOUT_SLICE)) return 2;
    if (!has_index(vm, key)) return 0;
    return vm_index(vm, key, index) ? 1 : -1;
}

/* ---- range ------------------------------------------------------------------------- */

/* A range whose bounds and length fit int64 keeps them in its fields; a
 * larger one ("big") has len -1 and keeps them as ints in its private
 * hdr.dict, under the attribute names, so that any int bounds work as in
 * CPython. Big ranges compute with GMP and iterate through __getitem__. */
enum { START, STOP, STEP, LEN };
static const char *const field_names[] = {"start", "stop", "step", "len"};

static bool is_big(const RangeObj *r) { return r->len < 0; }

/* The i-th value of a small range; wrapping arithmetic is exact because the value is in range. */
static int64_t range_at(const RangeObj *r, int64_t i)
{
    return (int64_t)((uint64_t)r->start + (uint64_t)i * (uint64_t)r->step);
}

static Value field(VM *vm, const RangeObj *r, int f)
{
    if (is_big(r)) return vm_dict_get_str(r->hdr.dict, vm_intern(vm, field_names[f], strlen(field_names[f])));
    int64_t v = f == START ? r->start : f == STOP ? r->stop : f == STEP ? r->step : r->len;
    return vm_int_from_i64(vm, v);
}

/* A range's four numbers as GMP integers (initialized here; the caller clears them). */
typedef struct {
    mpz_t start, stop, step, len;
} Bounds;

static void load_bounds(VM *vm, const RangeObj *r, Bounds *b)
{
    mpz_inits(b->start, b->stop, b->step, b->len, NULL);
    mpz_ptr dst[4] = {b->start, b->stop, b->step, b->len};
    for (int f = START; f <= LEN; f++) {
        if (!is_big(r)) mpz_set_si(dst[f], f == START ? r->start : f == STOP ? r->stop : f == STEP ? r->step : r->len);
        else vm_int_to_mpz(field(vm, r, f), dst[f]);
    }
}

static void clear_bounds(Bounds *b) { mpz_clears(b->start, b->stop, b->step, b->len, NULL); }

/* start + i * step */
static void value_at(mpz_t out, const Bounds *b, const mpz_t i)
{
    mpz_mul(out, i, b->step);
    mpz_add(out, out, b->start);
}

/* The range of (start, stop, step); step is not zero. */
static Value make_range(VM *vm, const mpz_t start, const mpz_t stop, const mpz_t step)
{
    mpz_t n, size;
    mpz_inits(n, size, NULL);
    /* (hi - lo - 1) // |step| + 1 values when lo < hi */
    if (mpz_sgn(step) > 0) mpz_sub(n, stop, start);
    else mpz_sub(n, start, stop);
    if (mpz_sgn(n) > 0) {
        mpz_sub_ui(n, n, 1);
        mpz_abs(size, step);
        mpz_fdiv_q(n, n, size);
        mpz_add_ui(n, n, 1);
    } else {
        mpz_set_ui(n, 0);
    }
    RangeObj *r = vm_alloc(vm, vm->t_range, sizeof *r);
    Value result = r ? v_obj(r) : V_EXC;
    if (r && mpz_fits_slong_p(start) && mpz_fits_slong_p(stop) && mpz_fits_slong_p(step) && mpz_fits_slong_p(n)) {
        r->start = mpz_get_si(start);
        r->stop = mpz_get_si(stop);
        r->step = mpz_get_si(step);
        r->len = mpz_get_si(n);
    } else if (r) {
        r->len = -1;
        vm_push_root(vm, result);
        Value d = vm_new_dict(vm);
        const mpz_srcptr src[4] = {start, stop, step, n};
        if (d != V_EXC) r->hdr.dict = AS_DICT(d);
        for (int f = START; f <= LEN && d != V_EXC; f++) {
            Value v = vm_int_from_mpz(vm, src[f]);
            if (v == V_EXC || !vm_dict_set_str(vm, r->hdr.dict, vm_intern(vm, field_names[f], strlen(field_names[f])), v))
                d = V_EXC;
        }
        if (d == V_EXC) result = V_EXC;
        vm_pop_roots(vm, 1);
    }
    mpz_clears(n, size, NULL);
    return result;
}

/* range(stop) / range(start, stop[, step]) */
static Value range_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "range", nargs - 1, kw, 1, 3)) return V_EXC;
    mpz_t b[3];
    mpz_inits(b[0], b[1], b[2], NULL);
    mpz_set_ui(b[2], 1);
    Value r = V_NONE;
    for (int i = 1; i < nargs && r != V_EXC; i++) {
        Value n = vm_number_index(vm, args[i]);
        if (n == V_EXC) r = V_EXC;
        else vm_int_to_mpz(n, b[nargs == 2 ? 1 : i - 1]);
    }
    if (r != V_EXC && mpz_sgn(b[2]) == 0) r = vm_raise(vm, vm->e_ValueError, "range() arg 3 must not be zero");
    if (r != V_EXC) r = make_range(vm, b[0], b[1], b[2]);
    mpz_clears(b[0], b[1], b[2], NULL);
    return r;
}

static RangeObj *self_range(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_range, meth, n)) return NULL;
    RangeObj *r = (RangeObj *)v_as_obj(args[0]);
    if (is_big(r) && !r->hdr.dict) {
        vm_raise(vm, vm->e_TypeError, "uninitialized range object");
        return NULL;
    }
    return r;
}

static Value range_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__len__", 0);
    if (!r) return V_EXC;
    if (!is_big(r)) return vm_int_from_i64(vm, r->len);
    Value n = field(vm, r, LEN);
    if (v_is_int(n)) return n;
    return vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C ssize_t");
}

static Value range_bool(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__bool__", 0);
    return r ? v_bool(is_big(r) ? field(vm, r, LEN) != v_int(0) : r->len != 0) : V_EXC;
}

/* _PySlice_GetLongIndices then compute_slice: the values a slice selects
 * form another range. */
static Value range_slice(VM *vm, RangeObj *r, Value slice)
{
    SliceObj *s = (SliceObj *)v_as_obj(slice);
    Value idx[3] = {V_NONE, V_NONE, V_NONE};
    const Value given[3] = {s->start, s->stop, s->step};
    size_t mark = vm->nroots;
    for (int i = 0; i < 3; i++) {
        if (given[i] == V_NONE) continue;
        /* a later __index__ may run the GC: the converted bounds stay rooted */
        if (!has_index(vm, given[i]))
            idx[i] = vm_raise(vm, vm->e_TypeError, "slice indices must be integers or None or have an __index__ method");
        else
            idx[i] = vm_number_index(vm, given[i]);
        if (idx[i] == V_EXC) {
            vm_pop_roots(vm, vm->nroots - mark);
            return V_EXC;
        }
        vm_push_root(vm, idx[i]);
    }
    vm_pop_roots(vm, vm->nroots - mark);
    Bounds b;
    load_bounds(vm, r, &b);
    mpz_t start, stop, step, lower, upper;
    mpz_inits(start, stop, step, lower, upper, NULL);
    Value result = V_NONE;
    if (idx[2] == V_NONE) mpz_set_ui(step, 1);
    else vm_int_to_mpz(idx[2], step);
    if (mpz_sgn(step) == 0) result = vm_raise(vm, vm->e_ValueError, "slice step cannot be zero");
    bool back = mpz_sgn(step) < 0;
    mpz_set_si(lower, back ? -1 : 0);
    mpz_add(upper, b.len, lower);
    mpz_ptr ends[2] = {start, stop};
    for (int i = 0; i < 2 && result != V_EXC; i++) {
        /* start defaults to the upper end going backwards, stop to the lower */
        if (idx[i] == V_NONE) {
            mpz_set(ends[i], (i == 0) == back ? upper : lower);
            continue;
        }
        vm_int_to_mpz(idx[i], ends[i]);
        if (mpz_sgn(ends[i]) < 0) mpz_add(ends[i], ends[i], b.len);
        if (mpz_cmp(ends[i], lower) < 0) mpz_set(ends[i], lower);
        else if (mpz_cmp(ends[i], upper) > 0) mpz_set(ends[i], upper);
    }
    if (result != V_EXC) {
        value_at(start, &b, start);
        value_at(stop, &b, stop);
        mpz_mul(step, step, b.step);
        result = make_range(vm, start, stop, step);
    }
    mpz_clears(start, stop, step, lower, upper, NULL);
    clear_bounds(&b);
    return result;
}

/* r[i] for an index that is not a small int into a small range */
static Value range_item_big(VM *vm, RangeObj *r, Value index)
{
    Value i = vm_number_index(vm, index);
    if (i == V_EXC) return V_EXC;
    Bounds b;
    load_bounds(vm, r, &b);
    mpz_t k;
    mpz_init(k);
    vm_int_to_mpz(i, k);
    if (mpz_sgn(k) < 0) mpz_add(k, k, b.len);
    Value v;
    if (mpz_sgn(k) < 0 || mpz_cmp(k, b.len) >= 0) {
        v = vm_raise(vm, vm->e_IndexError, "range object index out of range");
    } else {
        value_at(k, &b, k);
        v = vm_int_from_mpz(vm, k);
    }
    mpz_clear(k);
    clear_bounds(&b);
    return v;
}

static Value range_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__getitem__", 1);
    if (!r) return V_EXC;
    Value key = args[1];
    if (v_is_int(key) && !is_big(r)) {
        int64_t i = v_as_int(key);
        if (i < 0) i += r->len;
        if (i < 0 || i >= r->len) return vm_raise(vm, vm->e_IndexError, "range object index out of range");
        return vm_int_from_i64(vm, range_at(r, i));
    }
    if (v_has_layout(key, LAYOUT_SLICE)) return range_slice(vm, r, key);
    if (has_index(vm, key)) return range_item_big(vm, r, key);
    return vm_raise(vm, vm->e_TypeError, "range indices must be integers or slices, not %s",
                    vm_type_of(vm, key)->name->data);
}

/* ints (and bools) answer membership arithmetically; other values compare
 * with each element */
static bool exact_int(VM *vm, Value v)
{
    return v_is_int(v) || v_is_bool(v) || (v_is_obj(v) && v_as_obj(v)->type == vm->t_int);
}

/* The position of the int x in r (an int), or V_UNBOUND when x is not in it. */
static Value range_pos(VM *vm, RangeObj *r, Value x)
{
    if (!is_big(r) && v_is_int(x)) {
        int64_t v = v_as_int(x);
        if (r->len == 0 || (r->step > 0 ? (v < r->start || v >= r->stop) : (v > r->start || v <= r->stop)))
            return V_UNBOUND;
        uint64_t d = r->step > 0 ? (uint64_t)v - (uint64_t)r->start : (uint64_t)r->start - (uint64_t)v;
        uint64_t s = r->step > 0 ? (uint64_t)r->step : 0 - (uint64_t)r->step;
        return d % s == 0 ? vm_int_from_i64(vm, (int64_t)(d / s)) : V_UNBOUND;
    }
    Bounds b;
    load_bounds(vm, r, &b);
    mpz_t q, rem;
    mpz_inits(q, rem, NULL);
    vm_int_to_mpz(v_is_bool(x) ? v_int(x == V_TRUE) : x, q);
    mpz_sub(q, q, b.start);
    mpz_fdiv_qr(q, rem, q, b.step);
    Value pos = V_UNBOUND;
    if (mpz_sgn(rem) == 0 && mpz_sgn(q) >= 0 && mpz_cmp(q, b.len) < 0) pos = vm_int_from_mpz(vm, q);
    mpz_clears(q, rem, NULL);
    clear_bounds(&b);
    return pos;
}

/* The i-th value for the element-wise search. */
static Value value_of(VM *vm, RangeObj *r, int64_t i)
{
    return is_big(r) ? range_item_big(vm, r, vm_int_from_i64(vm, i)) : vm_int_from_i64(vm, range_at(r, i));
}

/* Compares x with each element (1.0 in range(3)): counts matches, stopping
 * at the first when `first` is set, whose position goes to *pos. -1 on error. */
static int64_t range_search(VM *vm, RangeObj *r, Value x, bool first, int64_t *pos)
{
    Value len = field(vm, r, LEN);
    int64_t count = 0, n = v_is_int(len) ? v_as_int(len) : INT64_MAX;
    for (int64_t i = 0; i < n; i++) {
        Value v = value_of(vm, r, i);
        int eq = v == V_EXC ? -1 : vm_eq(vm, v, x);
        if (eq < 0) return -1;
        if (eq) {
            count++;
            *pos = i;
            if (first) return count;
        }
    }
    return count;
}

/* How many elements equal x (at most one for an int), stopping at the
 * first when `first` is set; -1 on error. */
static int64_t occurrences(VM *vm, RangeObj *r, Value x, bool first)
{
    if (exact_int(vm, x)) {
        Value pos = range_pos(vm, r, x);
        return pos == V_EXC ? -1 : pos != V_UNBOUND;
    }
    int64_t at;
    return range_search(vm, r, x, first, &at);
}

static Value range_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__contains__", 1);
    int64_t n = r ? occurrences(vm, r, args[1], true) : -1;
    return n < 0 ? V_EXC : v_bool(n > 0);
}

static Value range_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "count", 1);
    int64_t n = r ? occurrences(vm, r, args[1], false) : -1;
    return n < 0 ? V_EXC : vm_int_from_i64(vm, n);
}

static Value range_index(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "index", 1);
    if (!r) return V_EXC;
    Value pos = V_UNBOUND;
    int64_t at;
    if (exact_int(vm, args[1])) {
        pos = range_pos(vm, r, args[1]);
    } else {
        int64_t n = range_search(vm, r, args[1], true, &at);
        if (n < 0) return V_EXC;
        if (n > 0) pos = vm_int_from_i64(vm, at);
    }
    if (pos != V_UNBOUND) return pos;
    Value rep = vm_repr(vm, args[1]);
    if (rep == V_EXC) return V_EXC;
    return vm_raise(vm, vm->e_ValueError, "%s is not in range", AS_STR(rep)->data);
}

/* Small ranges iterate natively; big ones through __getitem__. */
static Value iterate(VM *vm, Value range)
{
    RangeObj *r = (RangeObj *)v_as_obj(range);
    return vm_new_iter(vm, is_big(r) ? vm->t_seq_iterator : vm->t_range_iterator, range);
}

static Value range_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return self_range(vm, args, nargs, kw, "__iter__", 0) ? iterate(vm, args[0]) : V_EXC;
}

/* Iterates the mirror range: from the last value, the step negated. */
static Value range_reversed(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__reversed__", 0);
    if (!r) return V_EXC;
    Bounds b;
    load_bounds(vm, r, &b);
    mpz_t last, stop, step;
    mpz_inits(last, stop, step, NULL);
    mpz_sub_ui(last, b.len, 1);
    value_at(last, &b, last);
    mpz_neg(step, b.step);
    mpz_add(stop, b.start, step);
    Value m = mpz_sgn(b.len) ? make_range(vm, last, stop, step) : make_range(vm, b.start, b.start, b.step);
    mpz_clears(last, stop, step, NULL);
    clear_bounds(&b);
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    Value it = iterate(vm, m);
    vm_pop_roots(vm, 1);
    return it;
}

static Value range_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__repr__", 0);
    if (!r) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "range(");
    bool ok = vm_sb_repr(vm, &b, field(vm, r, START));
    sb_puts(&b, ", ");
    ok = ok && vm_sb_repr(vm, &b, field(vm, r, STOP));
    Value step = field(vm, r, STEP);
    if (ok && step != v_int(1)) {
        sb_puts(&b, ", ");
        ok = vm_sb_repr(vm, &b, step);
    }
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

/* Ranges are equal when they hold the same values (range(0) == range(2, 2)). */
static bool range_same(VM *vm, RangeObj *x, RangeObj *y)
{
    Bounds a, b;
    load_bounds(vm, x, &a);
    load_bounds(vm, y, &b);
    bool same = mpz_cmp(a.len, b.len) == 0 &&
                (mpz_sgn(a.len) == 0 ||
                 (mpz_cmp(a.start, b.start) == 0 && (mpz_cmp_ui(a.len, 1) == 0 || mpz_cmp(a.step, b.step) == 0)));
    clear_bounds(&a);
    clear_bounds(&b);
    return same;
}

static Value range_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, bool eq)
{
    RangeObj *r = self_range(vm, args, nargs, kw, eq ? "__eq__" : "__ne__", 1);
    if (!r) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_RANGE)) return V_NOTIMPL;
    return v_bool(range_same(vm, r, (RangeObj *)v_as_obj(args[1])) == eq);
}

static Value range_eq(VM *vm, Value *args, int nargs, TupleObj *kw) { return range_cmp(vm, args, nargs, kw, true); }
static Value range_ne(VM *vm, Value *args, int nargs, TupleObj *kw) { return range_cmp(vm, args, nargs, kw, false); }

/* hash((len, start, step)) with start and step None where they do not
 * matter, so that equal ranges hash alike. */
static Value range_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RangeObj *r = self_range(vm, args, nargs, kw, "__hash__", 0);
    if (!r) return V_EXC;
    Value len = field(vm, r, LEN);
    Value t[3] = {len, V_NONE, V_NONE};
    if (len != v_int(0)) t[1] = field(vm, r, START);
    if (len != v_int(0) && len != v_int(1)) t[2] = field(vm, r, STEP);
    if (t[0] == V_EXC || t[1] == V_EXC || t[2] == V_EXC) return V_EXC;
    Value tup = vm_tuple_of(vm, t, 3);
    int64_t h;
    if (tup == V_EXC || !vm_hash(vm, tup, &h)) return V_EXC;
    return vm_int_from_i64(vm, h);
}

#define RANGE_FIELDS(X) X(start, START) X(stop, STOP) X(step, STEP)
#define X(f, k)                                                                \
    static Value range_get_##f(VM *vm, Value *args, int nargs, TupleObj *kw)   \
    {                                                                          \
        RangeObj *r = self_range(vm, args, nargs, kw, #f, 0);                  \
        return r ? field(vm, r, k) : V_EXC;                                    \
    }
RANGE_FIELDS(X)
#undef X

/* ---- slice ------------------------------------------------------------------------- */

Value vm_new_slice(VM *vm, Value start, Value stop, Value step)
{
    SliceObj *s = vm_alloc(vm, vm->t_slice, sizeof *s);
    if (!s) return V_EXC;
    s->start = start;
    s->stop = stop;
    s->step = step;
    return v_obj(s);
}

/* slice(stop) / slice(start, stop[, step]) */
static Value slice_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "slice", nargs - 1, kw, 1, 3)) return V_EXC;
    if (nargs == 2) return vm_new_slice(vm, V_NONE, args[1], V_NONE);
    return vm_new_slice(vm, args[1], args[2], nargs == 4 ? args[3] : V_NONE);
}

static SliceObj *self_slice(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_slice, meth, n)) return NULL;
    return (SliceObj *)v_as_obj(args[0]);
}

static Value slice_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    SliceObj *s = self_slice(vm, args, nargs, kw, "__repr__", 0);
    if (!s) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "slice(");
    bool ok = vm_sb_repr(vm, &b, s->start);
    if (ok) sb_puts(&b, ", ");
    ok = ok && vm_sb_repr(vm, &b, s->stop);
    if (ok) sb_puts(&b, ", ");
    ok = ok && vm_sb_repr(vm, &b, s->step);
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

/* Slices compare as the tuples (start, stop, step). */
static Value slice_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    SliceObj *a = self_slice(vm, args, nargs, kw, meth, 1);
    if (!a) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_SLICE)) return V_NOTIMPL;
    SliceObj *b = (SliceObj *)v_as_obj(args[1]);
    Value ia[3] = {a->start, a->stop, a->step}, ib[3] = {b->start, b->stop, b->step};
    Value ta = vm_tuple_of(vm, ia, 3);
    if (ta == V_EXC) return V_EXC;
    Value tb = vm_tuple_of(vm, ib, 3);
    if (tb == V_EXC) return V_EXC;
    vm_push_root(vm, ta);
    vm_push_root(vm, tb);
    Value r = vm_seq_compare(vm, ta, tb, op);
    vm_pop_roots(vm, 2);
    return r;
}

#define X(name, op)                                                             \
    static Value slice_##name(VM *vm, Value *args, int nargs, TupleObj *kw)     \
    {                                                                           \
        return slice_cmp(vm, args, nargs, kw, op, #name);                       \
    }
VM_RICH_COMPARES(X)
#undef X

/* slice.indices(len): the bounds a sequence of that length would use. */
static Value slice_indices(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_slice(vm, args, nargs, kw, "indices", 1)) return V_EXC;
    Value n = vm_number_index(vm, args[1]);
    if (n == V_EXC) return V_EXC;
    int64_t len = clamp_i64(n);
    if (len < 0) return vm_raise(vm, vm->e_ValueError, "length should not be negative");
    int64_t start, stop, step, count;
    if (!vm_slice_indices(vm, args[0], len, &start, &stop, &step, &count)) return V_EXC;
    Value t[3] = {vm_int_from_i64(vm, start), vm_int_from_i64(vm, stop), vm_int_from_i64(vm, step)};
    if (t[0] == V_EXC || t[1] == V_EXC || t[2] == V_EXC) return V_EXC;
    return vm_tuple_of(vm, t, 3);
}

#define SLICE_FIELDS(X) X(start) X(stop) X(step)
#define X(f)                                                                   \
    static Value slice_get_##f(VM *vm, Value *args, int nargs, TupleObj *kw)   \
    {                                                                          \
        SliceObj *s = self_slice(vm, args, nargs, kw, #f, 0);                  \
        return s ? s->f : V_EXC;                                               \
    }
SLICE_FIELDS(X)
#undef X

/* ---- registration ------------------------------------------------------------------ */

#define RANGE_METHODS(X)                                                       \
    X("__new__", range_new) X("__len__", range_len) X("__bool__", range_bool)  \
    X("__getitem__", range_getitem) X("__contains__", range_contains)          \
    X("__iter__", range_iter) X("__reversed__", range_reversed)                \
    X("__repr__", range_repr) X("__eq__", range_eq) X("__ne__", range_ne)      \
    X("__hash__", range_hash) X("count", range_count) X("index", range_index)

void vm_init_range(VM *vm)
{
#define X(name, fn) vm_add_method(vm, vm->t_range, name, fn);
    RANGE_METHODS(X)
#undef X
#define X(f, k) vm_add_property(vm, vm->t_range, #f, range_get_##f, NULL);
    RANGE_FIELDS(X)
#undef X
    vm_add_method(vm, vm->t_slice, "__new__", slice_new);
    vm_add_method(vm, vm->t_slice, "__repr__", slice_repr);
    vm_add_method(vm, vm->t_slice, "indices", slice_indices);
#define X(name, op) vm_add_method(vm, vm->t_slice, #name, slice_##name);
    VM_RICH_COMPARES(X)
#undef X
    /* slices are unhashable in 3.11 */
    vm_dict_set_str(vm, vm->t_slice->hdr.dict, vm->s___hash__, V_NONE);
#define X(f) vm_add_property(vm, vm->t_slice, #f, slice_get_##f, NULL);
    SLICE_FIELDS(X)
#undef X
}
