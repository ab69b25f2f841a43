/* What a failed assert reports under `tirun test`: the values it compared,
 * shown as pytest's assertion rewriting shows them (its saferepr: Python's
 * reprlib limits, 240 characters at most, a failing __repr__ reported). */
#include <string.h>

#include "opcodes.h"
#include "vm.h"

/* reprlib's limits as pytest sets them: containers show their first items,
 * six levels deep; long ints and strings are cut in the middle. */
enum { MAX_LEVEL = 6, MAX_ITEMS = 6, MAX_DICT = 4, MAX_LONG = 40, MAX_SIZE = 240 };

/* Where character `i` of s starts in its UTF-8 bytes. */
static size_t char_offset(const StrObj *s, uint32_t i)
{
    size_t at = 0;
    for (; i && at < s->len; i--)
        for (at++; at < s->len && ((unsigned char)s->data[at] & 0xC0) == 0x80; at++) {}
    return at;
}

/* s, or its first and last characters around "..." when it has more than
 * max (pytest's _ellipsize; reprlib's cut of ints and strings). */
static void put_cut(StrBuf *b, const StrObj *s, uint32_t max)
{
    if (s->nchars <= max) {
        sb_putn(b, s->data, s->len);
        return;
    }
    uint32_t head = (max - 3) / 2, tail = max - 3 - head;
    size_t h = char_offset(s, head), t = char_offset(s, s->nchars - tail);
    sb_putn(b, s->data, h);
    sb_puts(b, "...");
    sb_putn(b, s->data + t, s->len - t);
}

/* repr(v) cut to MAX_SIZE, or what its __repr__ raised instead (without
 * pytest's address, to keep reports the same from run to run). */
static void put_instance(VM *vm, StrBuf *b, Value v)
{
    Value r = vm_repr(vm, v);
    if (r != V_EXC) {
        put_cut(b, AS_STR(r), MAX_SIZE);
        return;
    }
    Value exc = vm->exc;
    vm->exc = V_NONE;
    vm_push_root(vm, exc);
    Value what = vm_repr(vm, exc);
    if (what == V_EXC) vm->exc = V_NONE;
    sb_printf(b, "<[%s raised in repr()] %s object>", what != V_EXC ? AS_STR(what)->data : vm_type_of(vm, exc)->name->data,
              vm_type_of(vm, v)->name->data);
    vm_pop_roots(vm, 1);
}

/* The items of a set as reprlib takes them: sorted when they sort, else in
 * their order. A list, or V_EXC. */
static Value possibly_sorted(VM *vm, Value v)
{
    Value items = vm_list_from(vm, v);
    if (items == V_EXC) return V_EXC;
    vm_push_root(vm, items);
    if (!vm_list_sort(vm, AS_LIST(items), V_NONE, false)) vm->exc = V_NONE;
    vm_pop_roots(vm, 1);
    return items;
}

static void put_value(VM *vm, StrBuf *b, Value v, int level);

/* reprlib's _repr_iterable: the first MAX_ITEMS items, then "...". */
static void put_items(VM *vm, StrBuf *b, Value list, int level, const char *left, const char *right, bool trail)
{
    uint32_t n;
    vm_seq_items(list, &n);
    sb_puts(b, left);
    if (level <= 0 && n) {
        sb_puts(b, "...");
    } else {
        for (uint32_t i = 0; i < n && i < MAX_ITEMS; i++) {
            if (i) sb_puts(b, ", ");
            uint32_t len;
            put_value(vm, b, vm_seq_items(list, &len)[i], level - 1);   /* afresh: a __repr__ may change it */
            if (len < n) n = len;
        }
        if (n > MAX_ITEMS) sb_puts(b, ", ...");
        if (n == 1 && trail) sb_putc(b, ',');
    }
    sb_puts(b, right);
}

static void put_dict(VM *vm, StrBuf *b, Value d, int level)
{
    uint32_t n = AS_DICT(d)->used;
    if (!n) {
        sb_puts(b, "{}");
        return;
    }
    if (level <= 0) {
        sb_puts(b, "{...}");
        return;
    }
    Value keys = vm_list_from(vm, d);   /* in their order: pytest keeps it, unlike reprlib */
    if (keys == V_EXC) {
        vm->exc = V_NONE;
        put_instance(vm, b, d);
        return;
    }
    vm_push_root(vm, keys);
    sb_putc(b, '{');
    uint32_t count;
    vm_seq_items(keys, &count);
    for (uint32_t i = 0; i < count && i < MAX_DICT; i++) {
        Value key = vm_seq_items(keys, &count)[i];
        Value value = vm_dict_get(vm, AS_DICT(d), key);
        if (value == V_EXC) vm->exc = V_NONE;
        if (i) sb_puts(b, ", ");
        put_value(vm, b, key, level - 1);
        sb_puts(b, ": ");
        if (value == V_EXC || value == V_UNBOUND) sb_puts(b, "?");
        else put_value(vm, b, value, level - 1);
    }
    if (n > MAX_DICT) sb_puts(b, ", ...");
    sb_putc(b, '}');
    vm_pop_roots(vm, 1);
}

/* reprlib's repr1: by the exact type, as it dispatches on the type's name. */
static void put_value(VM *vm, StrBuf *b, Value v, int level)
{
    TypeObj *t = vm_type_of(vm, v);
    if (t == vm->t_list || t == vm->t_tuple) {
        put_items(vm, b, v, level, t == vm->t_list ? "[" : "(", t == vm->t_list ? "]" : ")", t == vm->t_tuple);
    } else if (t == vm->t_dict) {
        put_dict(vm, b, v, level);
    } else if (t == vm->t_set || t == vm->t_frozenset) {
        bool frozen = t == vm->t_frozenset;
        if (!AS_DICT(v)->used) {
            sb_puts(b, frozen ? "frozenset()" : "set()");
            return;
        }
        Value items = possibly_sorted(vm, v);
        if (items == V_EXC) {
            vm->exc = V_NONE;
            put_instance(vm, b, v);
            return;
        }
        vm_push_root(vm, items);
        put_items(vm, b, items, level, frozen ? "frozenset({" : "{", frozen ? "})" : "}", false);
        vm_pop_roots(vm, 1);
    } else if (t == vm->t_int || t == vm->t_str) {
        Value r = vm_repr(vm, v);
        if (r == V_EXC) put_instance(vm, b, v);
        else put_cut(b, AS_STR(r), t == vm->t_int ? MAX_LONG : MAX_SIZE);
    } else {
        put_instance(vm, b, v);
    }
}

/* pytest's saferepr of v, newlines escaped as its assertion messages have them. */
static void put_saferepr(VM *vm, StrBuf *b, Value v)
{
    StrBuf one;
    sb_init(&one);
    put_value(vm, &one, v, MAX_LEVEL);
    if (one.oom) {
        b->oom = true;
        sb_free(&one);
        return;
    }
    Value s = vm_new_str(vm, one.data, one.len);
    sb_free(&one);
    if (s == V_EXC) {
        vm->exc = V_NONE;
        b->oom = true;
        return;
    }
    const StrObj *str = AS_STR(s);
    size_t at = b->len;
    put_cut(b, str, MAX_SIZE);
    for (size_t i = at; !b->oom && i < b->len; i++)
        if (b->data[i] == '\n') {
            sb_putc(b, ' ');   /* room for the second character */
            memmove(b->data + i + 2, b->data + i + 1, b->len - i - 2);
            b->data[i] = '\\';
            b->data[++i] = 'n';
        }
}

Value vm_assert_failed(VM *vm, int what, const Value *vals, bool has_msg)
{
    static const char *const texts[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
    StrBuf b;
    sb_init(&b);
    int nvals = what < ASSERT_VALUE ? 2 : 1;
    if (has_msg) {
        Value m = vals[nvals];
        Value text = v_has_layout(m, LAYOUT_STR) ? m : vm_repr(vm, m);
        if (text == V_EXC) vm->exc = V_NONE;
        else sb_putn(&b, AS_STR(text)->data, AS_STR(text)->len);
        sb_putc(&b, '\n');
    }
    sb_puts(&b, what == ASSERT_NOT ? "assert not " : "assert ");
    put_saferepr(vm, &b, vals[0]);
    if (what < ASSERT_VALUE) {
        sb_printf(&b, " %s ", texts[what]);
        put_saferepr(vm, &b, vals[1]);
    }
    if (b.oom) {
        sb_free(&b);
        vm->exc = vm->memory_error;
        return V_EXC;
    }
    Value msg = vm_new_str(vm, b.data, b.len);
    sb_free(&b);
    Value exc = msg == V_EXC ? V_EXC : vm_new_exception(vm, vm->e_AssertionError, &msg, 1);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}
