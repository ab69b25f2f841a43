"""np.random: the legacy global RandomState (MT19937, numpy's legacy streams
bit for bit; its draws are the C type _numpy._MT19937) and default_rng's
Generator (PCG64; _numpy._PCG64)."""
import _numpy
import numpy as _np

_MT19937 = _numpy._MT19937


class RandomState:
    def __init__(self, seed=None):
        self._mt = _MT19937()
        self._mt.seed(seed)

    def __repr__(self):
        return "RandomState(MT19937)"

    def seed(self, seed=None):
        self._mt.seed(seed)

    def get_state(self, legacy=True):
        st = self._mt.get_state()
        if legacy:
            return st
        return {"bit_generator": "MT19937", "state": {"key": st[1], "pos": st[2]},
                "has_gauss": st[3], "gauss": st[4]}

    def set_state(self, state):
        if isinstance(state, dict):
            state = ("MT19937", state["state"]["key"], state["state"]["pos"],
                     state.get("has_gauss", 0), state.get("gauss", 0.0))
        self._mt.set_state(state)

    def random_sample(self, size=None):
        return self._mt.random_sample(size)

    def random(self, size=None):
        return self._mt.random_sample(size)

    def rand(self, *args):
        return self._mt.random_sample(args if args else None)

    def randn(self, *args):
        return self._mt.standard_normal(args if args else None)

    def standard_normal(self, size=None):
        return self._mt.standard_normal(size)

    def standard_exponential(self, size=None):
        return self._mt.standard_exponential(size)

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._mt.uniform(low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._mt.normal(loc, scale, size)

    def exponential(self, scale=1.0, size=None):
        return self._mt.exponential(scale, size)

    def randint(self, low, high=None, size=None, dtype=int):
        return self._mt.randint(low, high, size, dtype)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            high = low
            low = 1
        return self._mt.randint(low, high + 1, size, int)

    def shuffle(self, x):
        if isinstance(x, _np.ndarray):
            self._mt._shuffle_array(x)
            return
        interval = self._mt._interval
        for i in range(len(x) - 1, 0, -1):
            j = interval(i)
            x[i], x[j] = x[j], x[i]

    def permutation(self, x):
        if isinstance(x, (int, _np.integer)):
            arr = _np.arange(x)
            self._mt._shuffle_array(arr)
            return arr
        arr = _np.asarray(x)
        if arr.ndim < 1:
            raise IndexError("x must be an integer or at least 1-dimensional")
        if arr.ndim == 1:
            arr = _np.array(arr)
            self._mt._shuffle_array(arr)
            return arr
        idx = _np.arange(arr.shape[0])
        self._mt._shuffle_array(idx)
        return arr[idx]

    def choice(self, a, size=None, replace=True, p=None):
        return _choice(self, a, size, replace, p, True)


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _kahan_sum(xs):
    if not xs:
        return 0.0
    s = xs[0]
    c = 0.0
    for x in xs[1:]:
        y = x - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


def _cdf(p):
    cdf = []
    acc = 0.0
    for x in p:
        acc += x
        cdf.append(acc)
    last = cdf[-1]
    return [c / last for c in cdf]


def _search_right(cdf, u):
    lo, hi = 0, len(cdf)
    while lo < hi:
        mid = (lo + hi) // 2
        if u < cdf[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _choice(rs, a, size, replace, p, legacy):
    """RandomState.choice as numpy's mtrand.pyx draws it."""
    a = _np.asarray(a)
    if size is None:
        shape = ()
    elif isinstance(size, int):
        shape = (size,)
    else:
        shape = tuple(size)
    n = _prod(shape)
    if a.ndim == 0:
        try:
            pop_size = a.item().__index__()
        except (TypeError, AttributeError):
            raise ValueError("a must be 1-dimensional or an integer")
        if pop_size <= 0 and n != 0:
            raise ValueError("a must be greater than 0 unless no samples are taken")
    elif a.ndim != 1:
        raise ValueError("a must be 1-dimensional")
    else:
        pop_size = a.shape[0]
        if pop_size == 0 and n != 0:
            raise ValueError("'a' cannot be empty unless no samples are taken")
    if p is not None:
        atol = 1.4901161193847656e-08
        if isinstance(p, _np.ndarray) and p.dtype.kind == "f":
            atol = max(atol, _np.finfo(p.dtype).eps ** 0.5)
        pa = _np.asarray(p, dtype=_np.float64)
        if pa.ndim != 1:
            raise ValueError("'p' must be 1-dimensional")
        if pa.size != pop_size:
            raise ValueError("'a' and 'p' must have same size")
        p = pa.tolist()
        p_sum = _kahan_sum(p)
        if p_sum != p_sum:
            raise ValueError("probabilities contain NaN")
        for x in p:
            if x < 0:
                raise ValueError("probabilities are not non-negative")
        if abs(p_sum - 1.0) > atol:
            raise ValueError("probabilities do not sum to 1")
    if replace:
        if p is not None:
            cdf = _cdf(p)
            u = rs.random_sample(shape)
            if size is None:
                idx = _search_right(cdf, u)
            else:
                flat = [_search_right(cdf, x) for x in _np.ravel(u).tolist()]
                idx = _np.array(flat, dtype=_np.int64).reshape(shape)
        else:
            idx = rs.randint(0, pop_size, size=shape if size is not None else None)
            if size is None:
                idx = int(idx)
    else:
        if n > pop_size:
            raise ValueError("Cannot take a larger sample than population when 'replace=False'")
        if p is not None:
            nz = 0
            for x in p:
                if x > 0:
                    nz += 1
            if nz < n:
                raise ValueError("Fewer non-zero entries in p than size")
            found = []
            p = list(p)
            while len(found) < n:
                x = rs.rand(n - len(found)).tolist()
                for f in found:
                    p[f] = 0.0
                cdf = _cdf(p)
                new = [_search_right(cdf, u) for u in x]
                seen = set()
                uniq = []
                for k, v in enumerate(new):
                    if v not in seen:
                        seen.add(v)
                        uniq.append((k, v))
                found.extend(v for k, v in sorted(uniq))
            idx = _np.array(found, dtype=_np.int64).reshape(shape)
        else:
            idx = rs.permutation(pop_size)[:n].reshape(shape)
        if size is None:
            idx = int(idx.item(0))
    if a.ndim == 0:
        return idx
    if size is not None and _np.ndim(idx) == 0:
        res = _np.empty((), dtype=a.dtype)
        res[()] = a[idx]
        return res
    return a[idx]


_rand = RandomState()
seed = _rand.seed
get_state = _rand.get_state
set_state = _rand.set_state
random_sample = _rand.random_sample
random = _rand.random
ranf = _rand.random_sample
sample = _rand.random_sample
rand = _rand.rand
randn = _rand.randn
standard_normal = _rand.standard_normal
standard_exponential = _rand.standard_exponential
uniform = _rand.uniform
normal = _rand.normal
exponential = _rand.exponential
randint = _rand.randint
random_integers = _rand.random_integers
shuffle = _rand.shuffle
permutation = _rand.permutation
choice = _rand.choice


def __getattr__(name):
    if name in ("default_rng", "Generator", "PCG64", "SeedSequence", "BitGenerator"):
        from numpy import _generator
        return getattr(_generator, name)
    raise AttributeError("module 'numpy.random' has no attribute '%s'" % name)
