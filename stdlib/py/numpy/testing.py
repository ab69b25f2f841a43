"""np.testing: numpy's assertion helpers with its semantics (scalars
broadcast, other shapes must match; nan and inf positions compared first)
and its failure messages. The comparisons run element by element in
Python over the flattened arrays."""
import numpy as _np

__all__ = ["assert_", "assert_equal", "assert_almost_equal", "assert_approx_equal", "assert_array_equal",
           "assert_array_almost_equal", "assert_array_less", "assert_allclose", "assert_raises",
           "assert_raises_regex", "assert_warns", "assert_no_warnings", "assert_string_equal", "build_err_msg"]

_inf = float("inf")


def assert_(val, msg=""):
    if not val:
        try:
            smsg = msg()
        except TypeError:
            smsg = msg
        raise AssertionError(smsg)


def build_err_msg(arrays, err_msg, header="Items are not equal:", verbose=True, names=("ACTUAL", "DESIRED"),
                  precision=8):
    msg = ["\n" + header]
    err_msg = str(err_msg)
    if err_msg:
        if err_msg.find("\n") == -1 and len(err_msg) < 79 - len(header):
            msg = [msg[0] + " " + err_msg]
        else:
            msg.append(err_msg)
    if verbose:
        for i, a in enumerate(arrays):
            try:
                r = _np.array_repr(a, precision=precision) if isinstance(a, _np.ndarray) else repr(a)
            except Exception as exc:
                r = "[repr failed for <%s>: %s]" % (type(a).__name__, exc)
            if r.count("\n") > 3:
                r = "\n".join(r.splitlines()[:3])
                r += "..."
            msg.append(" %s: %s" % (names[i], r))
    return "\n".join(msg)


def _isnan(v):
    return isinstance(v, float) and v != v


def _isinf(v):
    return isinstance(v, float) and (v == _inf or v == -_inf)


def _fmt(v, dt):
    """array2string of one number of dtype dt."""
    return _np.array2string(_np.asarray(v).astype(dt))


def _unravel(i, shape):
    idx = []
    for n in reversed(shape):
        idx.append(i % n)
        i //= n
    return list(reversed(idx))


def _flat(a):
    return a.ravel().tolist() if a.ndim else [a.item()]


def assert_array_compare(comparison, x, y, err_msg="", verbose=True, header="", precision=6, equal_nan=True,
                         equal_inf=True, *, strict=False, names=("ACTUAL", "DESIRED")):
    """comparison(a, b) -> bool on two Python numbers."""
    x = _np.asarray(x)
    y = _np.asarray(y)
    ox, oy = x, y
    if strict:
        cond = x.shape == y.shape and x.dtype == y.dtype
    else:
        cond = (x.shape == () or y.shape == ()) or x.shape == y.shape
    if not cond:
        if x.shape != y.shape:
            reason = "\n(shapes %s, %s mismatch)" % (x.shape, y.shape)
        else:
            reason = "\n(dtypes %s, %s mismatch)" % (x.dtype, y.dtype)
        raise AssertionError(build_err_msg([x, y], err_msg + reason, verbose=verbose, header=header, names=names,
                                           precision=precision))
    shape = x.shape if x.ndim else y.shape
    xs, ys = _flat(x), _flat(y)
    n = max(len(xs), len(ys)) if x.ndim and y.ndim else (len(ys) if not x.ndim else len(xs))
    if not x.ndim:
        xs = xs * n
    if not y.ndim:
        ys = ys * n
    numeric = x.dtype.kind in "biuf" and y.dtype.kind in "biuf"
    flagged = [False] * n
    if numeric:
        if equal_nan:
            xn = [_isnan(v) for v in xs]
            yn = [_isnan(v) for v in ys]
            if xn != yn:
                raise AssertionError(build_err_msg([x, y], err_msg + "\nnan location mismatch:", verbose=verbose,
                                                   header=header, names=names, precision=precision))
            flagged = xn
        if equal_inf:
            xi = [_isinf(v) and not f for v, f in zip(xs, flagged)]
            yi = [_isinf(v) and not f for v, f in zip(ys, flagged)]
            if xi != yi:
                raise AssertionError(build_err_msg([x, y], err_msg + "\ninf location mismatch:", verbose=verbose,
                                                   header=header, names=names, precision=precision))
            if any(a != b for a, b, m in zip(xs, ys, xi) if m):
                xv = _np.array([a for a, m in zip(xs, xi) if m]) if x.ndim and y.ndim else x
                yv = _np.array([b for b, m in zip(ys, xi) if m]) if x.ndim and y.ndim else y
                raise AssertionError(build_err_msg([xv, yv], err_msg + "\ninf values mismatch:", verbose=verbose,
                                                   header=header, names=names, precision=precision))
            flagged = [f or m for f, m in zip(flagged, xi)]
    keep = [i for i in range(n) if not flagged[i]]
    if not keep:
        return
    bad = [i for i in keep if not comparison(xs[i], ys[i])]
    if not bad:
        return
    n_elements = n if (x.ndim or y.ndim) else 1
    remarks = ["Mismatched elements: %d / %d (%s%%)" % (len(bad), n_elements, format(100 * len(bad) / n_elements, ".3g"))]
    if x.ndim or y.ndim:
        lines = []
        for i in bad[:5]:
            p = _unravel(i, shape)
            xa = ox if ox.ndim == 0 else ox[tuple(p)]
            ya = oy if oy.ndim == 0 else oy[tuple(p)]
            lines.append(" %s: %s (%s), %s (%s)" % (p, xa, names[0], ya, names[1]))
        s = "\n".join(lines)
        if len(bad) == 1:
            remarks.append("Mismatch at index:\n" + s)
        elif len(bad) <= 5:
            remarks.append("Mismatch at indices:\n" + s)
        else:
            remarks.append("First 5 mismatches are at indices:\n" + s)
    if numeric and "b" not in (x.dtype.kind, y.dtype.kind):
        edt = _np.promote_types(x.dtype, y.dtype)
        rdt = _np.promote_types(edt, _np.float64) if edt.kind in "iu" else edt
        errs = [abs(xs[i] - ys[i]) for i in bad]
        remarks.append("Max absolute difference among violations: " + _fmt(max(errs), edt))
        rel = [abs(xs[i] - ys[i]) / abs(ys[i]) for i in bad if ys[i] != 0]
        remarks.append("Max relative difference among violations: " + _fmt(max(rel) if rel else _inf, rdt))
    err_msg = str(err_msg) + "\n" + "\n".join(remarks)
    raise AssertionError(build_err_msg([ox, oy], err_msg, verbose=verbose, header=header, names=names,
                                       precision=precision))


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    assert_array_compare(lambda a, b: a == b, actual, desired, err_msg=err_msg, verbose=verbose,
                         header="Arrays are not equal", strict=strict)


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    tol = 1.5 * 10.0 ** (-decimal)
    assert_array_compare(lambda a, b: abs(a - b) < tol, actual, desired, err_msg=err_msg, verbose=verbose,
                         header="Arrays are not almost equal to %d decimals" % decimal, precision=decimal)


def assert_array_less(x, y, err_msg="", verbose=True, *, strict=False):
    assert_array_compare(lambda a, b: a < b, x, y, err_msg=err_msg, verbose=verbose,
                         header="Arrays are not strictly ordered `x < y`", equal_inf=False, strict=strict,
                         names=("x", "y"))


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True, *,
                    strict=False):
    def compare(a, b):
        if a != a or b != b:
            return equal_nan and a != a and b != b
        if a in (_inf, -_inf) or b in (_inf, -_inf):
            return a == b
        return abs(a - b) <= atol + rtol * abs(b)

    actual, desired = _np.asarray(actual), _np.asarray(desired)
    header = "Not equal to tolerance rtol=%s, atol=%s" % (format(rtol, "g"), format(atol, "g"))
    assert_array_compare(compare, actual, desired, err_msg=str(err_msg), verbose=verbose, header=header,
                         equal_nan=equal_nan, strict=strict)


def _is_number(v):
    return isinstance(v, (int, float, _np.generic)) and not isinstance(v, str)


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    def msg():
        return build_err_msg([actual, desired], err_msg, verbose=verbose,
                             header="Arrays are not almost equal to %d decimals" % decimal)

    if isinstance(actual, (_np.ndarray, tuple, list)) or isinstance(desired, (_np.ndarray, tuple, list)):
        return assert_array_almost_equal(actual, desired, decimal, err_msg)
    try:
        a, d = float(actual), float(desired)
    except (TypeError, ValueError):
        if not desired == actual:
            raise AssertionError(msg())
        return
    if a != a or d != d:
        if not (a != a and d != d):
            raise AssertionError(msg())
        return
    if a in (_inf, -_inf) or d in (_inf, -_inf):
        if not a == d:
            raise AssertionError(msg())
        return
    if abs(d - a) >= 1.5 * 10.0 ** (-decimal):
        raise AssertionError(msg())


def assert_approx_equal(actual, desired, significant=7, err_msg="", verbose=True):
    actual, desired = float(actual), float(desired)
    if desired == actual:
        return
    scale = 0.5 * (abs(desired) + abs(actual))
    scale = 10.0 ** int(_floor_log10(scale)) if scale else 1.0
    sc_desired = desired / scale if scale else 0.0
    sc_actual = actual / scale if scale else 0.0
    msg = build_err_msg([actual, desired], err_msg,
                        header="Items are not equal to %d significant digits:" % significant, verbose=verbose)
    if abs(sc_desired - sc_actual) >= 10.0 ** -(significant - 1):
        raise AssertionError(msg)


def _floor_log10(x):
    import math
    return math.floor(math.log10(abs(x)))


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    if isinstance(desired, dict):
        if not isinstance(actual, dict):
            raise AssertionError(repr(type(actual)))
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in desired:
            if k not in actual:
                raise AssertionError(repr(k))
            assert_equal(actual[k], desired[k], "key=%r\n%s" % (k, err_msg), verbose)
        return
    if isinstance(desired, (list, tuple)) and isinstance(actual, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in range(len(desired)):
            assert_equal(actual[k], desired[k], "item=%r\n%s" % (k, err_msg), verbose)
        return
    if isinstance(actual, _np.ndarray) or isinstance(desired, _np.ndarray):
        return assert_array_equal(actual, desired, err_msg, verbose, strict=strict)
    msg = build_err_msg([actual, desired], err_msg, verbose=verbose)
    if _np.isscalar(desired) != _np.isscalar(actual):
        raise AssertionError(msg)
    if _is_number(actual) and _is_number(desired):
        a, d = float(actual), float(desired)
        if a != a and d != d:
            return
        if a == 0 and d == 0 and (str(a)[0] == "-") != (str(d)[0] == "-"):
            raise AssertionError(msg)
    if not (desired == actual):
        raise AssertionError(msg)


def assert_string_equal(actual, desired):
    if not isinstance(actual, str):
        raise AssertionError(repr(type(actual)))
    if not isinstance(desired, str):
        raise AssertionError(repr(type(desired)))
    if desired != actual:
        raise AssertionError("Differences in strings:\n%r != %r" % (actual, desired))


class _AssertRaisesContext:
    def __init__(self, expected, regex=None):
        self.expected = expected
        self.regex = regex
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, tp, value, tb):
        name = getattr(self.expected, "__name__", None) or str(self.expected)
        if tp is None:
            raise AssertionError("%s not raised" % name)
        if not issubclass(tp, self.expected):
            return False
        self.exception = value
        if self.regex is not None:
            import re
            if not re.search(self.regex, str(value)):
                raise AssertionError('"%s" does not match "%s"' % (self.regex, value))
        return True


def assert_raises(exception_class, *args, **kwargs):
    if not args:
        return _AssertRaisesContext(exception_class)
    func = args[0]
    try:
        func(*args[1:], **kwargs)
    except exception_class:
        return None
    name = getattr(exception_class, "__name__", None) or str(exception_class)
    raise AssertionError("%s not raised by %s" % (name, getattr(func, "__name__", func)))


def assert_raises_regex(exception_class, expected_regexp, *args, **kwargs):
    if not args:
        return _AssertRaisesContext(exception_class, expected_regexp)
    with _AssertRaisesContext(exception_class, expected_regexp):
        args[0](*args[1:], **kwargs)


class _NullContext:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def assert_warns(warning_class, *args, **kwargs):
    if not args:
        return _NullContext()
    return args[0](*args[1:], **kwargs)


def assert_no_warnings(*args, **kwargs):
    if not args:
        return _NullContext()
    return args[0](*args[1:], **kwargs)
