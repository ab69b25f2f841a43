# pytest.warns and deprecated_call over the warnings module: the recorder,
# match=, a failing check (pytest's Failed), the call form
import warnings

import pytest

with pytest.warns(UserWarning) as rec:
    warnings.warn("one")
    warnings.warn("two", UserWarning)
print(len(rec), str(rec[0].message), str(rec.pop(UserWarning).message), len(rec), [str(w.message) for w in rec])
with pytest.warns(DeprecationWarning, match=r"old \w+"):
    warnings.warn("old api is going", DeprecationWarning)
with pytest.warns((RuntimeWarning, FutureWarning)):
    warnings.warn("future", FutureWarning)
with pytest.deprecated_call():
    warnings.warn("pending", PendingDeprecationWarning)


def f(x):
    warnings.warn("called with %d" % x)
    return x * 2


print(pytest.warns(UserWarning, f, 21))
try:
    with pytest.warns(UserWarning):
        pass
except pytest.fail.Exception as e:
    print(type(e).__name__, str(e))
try:
    with pytest.warns(UserWarning, match="abc"):
        warnings.warn("xyz")
except pytest.fail.Exception as e:
    print(type(e).__name__, str(e))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    with pytest.warns(UserWarning):
        warnings.warn("taken")
        warnings.warn("issued again", RuntimeWarning)
    print([str(m.message) for m in w])
print(warnings.filters[0][0])
