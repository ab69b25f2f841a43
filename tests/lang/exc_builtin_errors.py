# Messages of common built-in errors, as str(e).
import math
import sys
pair, yes = (1,), True
def failing_assert():
    assert 1 == 2, "values differ"
cases = [
    ("1/0", lambda: 1 / 0),
    ("[]", lambda: [][0]),
    ("{}", lambda: {}["k"]),
    ("attr", lambda: (1).foo),
    ("type-attr", lambda: int.foo),
    ("name", lambda: undefined_thing),
    ("add", lambda: 1 + "a"),
    ("radd", lambda: "a" + 1),
    ("sub", lambda: [1] - [1]),
    ("neg", lambda: -"x"),
    ("call", lambda: pair(1)),
    ("sub-script", lambda: (1).__getitem__),
    ("int", lambda: int("1.5")),
    ("float", lambda: float("x")),
    ("unpack", lambda: [a for a, b in [(1, 2, 3)]]),
    ("iter", lambda: iter(5)),
    ("next", lambda: next(iter([]))),
    ("hash", lambda: hash([])),
    ("sqrt", lambda: math.sqrt(-1)),
    ("chr", lambda: chr(-1)),
    ("str-assign", lambda: "abc".__setitem__(0, "x")),
    ("tuple-assign", lambda: setattr((1,), "x", 1)),
    ("import", lambda: __import__("not_a_real_module")),
    ("assert", failing_assert),
    ("recursion-set", lambda: sys.setrecursionlimit(0)),
    ("index-str", lambda: "abc".index("z")),
    ("list-index", lambda: [1, 2].index(3)),
    ("dict-pop", lambda: {}.pop("x")),
    ("set-remove", lambda: set().remove(1)),
    ("bool-not-callable", lambda: yes()),
    ("min-empty", lambda: min([])),
    ("max-args", lambda: max()),
    ("divmod", lambda: divmod(1, 0)),
    ("ord", lambda: ord("")),
    ("getattr-int", lambda: getattr(1, 2)),
]
for label, fn in cases:
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(f"{label}: {type(e).__name__}: {e}")
