# Error messages raised by list operations.
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)
a = [1, 2, 3]
attempt("index", lambda: a[5])
attempt("neg-index", lambda: a[-4])
attempt("str-index", lambda: a["1"])
attempt("float-index", lambda: a[1.5])
attempt("pop-empty", lambda: [].pop())
attempt("pop-range", lambda: a.pop(10))
attempt("remove", lambda: a.remove(9))
attempt("index-missing", lambda: a.index(9))
attempt("add-int", lambda: a + 1)
attempt("mul-float", lambda: a * 1.5)
attempt("sort-mixed", lambda: sorted([1, None]))
attempt("hash", lambda: hash(a))
attempt("dict-key", lambda: {a: 1})
attempt("set-elem", lambda: {a})
attempt("cmp", lambda: a < "abc")
attempt("not-iterable", lambda: list(5))
attempt("slice-ok", lambda: a[1:100])
attempt("too-many-args", lambda: a.append(1, 2))
attempt("no-attr", lambda: a.push(1))
attempt("insert-args", lambda: a.insert(1))
def assign():
    b = [1, 2]
    b[2] = 3
attempt("assign", assign)
def delete():
    b = [1, 2]
    del b[5]
attempt("delete", delete)
