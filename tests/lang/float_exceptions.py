# Float errors and their messages.
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)
idx = 1.0
attempt("div", lambda: 1.5 / 0)
attempt("floordiv", lambda: 1.5 // 0)
attempt("mod", lambda: 1.5 % 0)
attempt("divmod", lambda: divmod(1.5, 0.0))
attempt("pow-overflow", lambda: 1e200 ** 2)
attempt("pow-neg", lambda: (-8.0) ** 0.5)
attempt("zero-neg-pow", lambda: 0.0 ** -2)
attempt("int-inf", lambda: int(float("-inf")))
attempt("int-nan", lambda: int(float("nan")))
attempt("float-str", lambda: float("one"))
attempt("float-list", lambda: float([]))
attempt("float-big", lambda: float(3 ** 1000))
attempt("big-div", lambda: 3 ** 1000 / 3 ** 999)
attempt("big-truediv", lambda: 10 ** 400 / 10 ** 100)
attempt("add-str", lambda: 1.0 + "x")
attempt("mul-seq", lambda: [1] * 2.0)
attempt("index", lambda: "abc"[idx])
attempt("range", lambda: range(2.0))
attempt("round-digits", lambda: round(1.5, 1.5))
