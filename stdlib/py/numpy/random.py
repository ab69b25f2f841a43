"""np.random: the legacy global RandomState (MT19937, numpy's legacy streams
bit for bit; its draws are the C type _numpy._MT19937) and default_rng's
Generator (PCG64; _numpy._PCG64)."""
import _numpy
import numpy as _np

_MT19937 = _numpy._MT19937
_PCG64 = _numpy._PCG64


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
        _shuffle(self._mt, x)

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
        return _choice(self, a, size, replace, p)


def _shuffle(gen, x):
    """shuffle of both generators: arrays in C, other sequences here, with
    the same interval draws (for i from n-1 down to 1, swap x[i], x[j])."""
    if isinstance(x, _np.ndarray):
        gen._shuffle_array(x)
        return
    interval = gen._interval
    for i in range(len(x) - 1, 0, -1):
        j = interval(i)
        x[i], x[j] = x[j], x[i]


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


_LEGACY_P_MSGS = ("'p' must be 1-dimensional", "'a' and 'p' must have same size", "probabilities contain NaN",
                  "probabilities are not non-negative", "probabilities do not sum to 1")
_GEN_P_MSGS = ("p must be 1-dimensional", "a and p must have same size", "Probabilities contain NaN",
               "Probabilities are not non-negative",
               "Probabilities do not sum to 1. See Notes section of docstring for more information.")


def _check_p(p, pop_size, atol, msgs):
    """choice's checks of p (numpy's order and messages); p as a list of floats."""
    pa = _np.asarray(p, dtype=_np.float64)
    if pa.ndim != 1:
        raise ValueError(msgs[0])
    if pa.size != pop_size:
        raise ValueError(msgs[1])
    p = pa.tolist()
    p_sum = _kahan_sum(p)
    if p_sum != p_sum:
        raise ValueError(msgs[2])
    if any(x < 0 for x in p):
        raise ValueError(msgs[3])
    if abs(p_sum - 1.0) > atol:
        raise ValueError(msgs[4])
    return p


def _noreplace_p(draw, p, n):
    """n distinct indices weighted by p: rounds of draw(k) uniforms through the
    cdf of what is left, keeping each round's new values in first-seen order."""
    if sum(1 for x in p if x > 0) < n:
        raise ValueError("Fewer non-zero entries in p than size")
    found = []
    p = list(p)
    while len(found) < n:
        x = draw(n - len(found)).tolist()
        for f in found:
            p[f] = 0.0
        cdf = _cdf(p)
        seen = set()
        for v in (_search_right(cdf, u) for u in x):
            if v not in seen:
                seen.add(v)
                found.append(v)
    return found


def _choice(rs, a, size, replace, p):
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
        p = _check_p(p, pop_size, atol, _LEGACY_P_MSGS)
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
            found = _noreplace_p(rs.rand, p, n)
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



# ---- SeedSequence, PCG64, Generator ------------------------------------------------

_M32 = 0xFFFFFFFF
_INIT_A = 0x43B0D7E5
_MULT_A = 0x931E8875
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MIX_MULT_L = 0xCA01F9DD
_MIX_MULT_R = 0x4973F715


def _uint32_words(x):
    """numpy's _coerce_to_uint32_array, as a list."""
    if isinstance(x, _np.ndarray) and x.dtype == _np.uint32:
        return x.tolist()
    if isinstance(x, str):
        x = int(x, 16) if x.startswith("0x") else int(x)
    if isinstance(x, (int, _np.integer)):
        n = int(x)
        if n < 0:
            raise ValueError("expected non-negative integer")
        if n == 0:
            return [0]
        words = []
        while n > 0:
            words.append(n & _M32)
            n >>= 32
        return words
    if isinstance(x, (float, _np.floating)):
        raise TypeError("seed must be integer")
    out = []
    for v in (x.tolist() if isinstance(x, _np.ndarray) else x):
        if hasattr(v, "__len__") and not isinstance(v, str):
            raise TypeError("SeedSequence does not accept nested sequences.")
        out.extend(_uint32_words(v))
    return out


class SeedSequence:
    """numpy's SeedSequence: the entropy hashed into a pool of 32-bit words."""

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0):
        if pool_size < 4:
            raise ValueError("The size of the entropy pool should be at least 4")
        if entropy is None:
            import os
            entropy = int.from_bytes(os.urandom(pool_size * 4), "little")
        elif not isinstance(entropy, (int, _np.integer, list, tuple, range, _np.ndarray)):
            raise TypeError("SeedSequence expects int or sequence of ints for entropy not %s" % (entropy,))
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        self.pool_size = pool_size
        self.n_children_spawned = n_children_spawned
        run = _uint32_words(self.entropy)
        spawn = _uint32_words(self.spawn_key) if self.spawn_key else []
        if spawn and len(run) < pool_size:
            run = run + [0] * (pool_size - len(run))
        self._pool = self._mix(run + spawn)
        self.pool = _np.array(self._pool, dtype=_np.uint32)

    def _mix(self, entropy):
        h = [_INIT_A]

        def hashmix(value):
            value ^= h[0]
            h[0] = (h[0] * _MULT_A) & _M32
            value = (value * h[0]) & _M32
            return value ^ (value >> 16)

        def mix(x, y):
            r = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
            return r ^ (r >> 16)

        n = self.pool_size
        mixer = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(n)]
        for i_src in range(n):
            for i_dst in range(n):
                if i_src != i_dst:
                    mixer[i_dst] = mix(mixer[i_dst], hashmix(mixer[i_src]))
        for i_src in range(n, len(entropy)):
            for i_dst in range(n):
                mixer[i_dst] = mix(mixer[i_dst], hashmix(entropy[i_src]))
        return mixer

    def generate_state(self, n_words, dtype=_np.uint32):
        wide = _np.dtype(dtype) == _np.dtype(_np.uint64)
        if not wide and _np.dtype(dtype) != _np.dtype(_np.uint32):
            raise ValueError("only support uint32 or uint64")
        h = _INIT_B
        out = []
        for i in range(n_words * 2 if wide else n_words):
            v = self._pool[i % self.pool_size] ^ h
            h = (h * _MULT_B) & _M32
            v = (v * h) & _M32
            out.append(v ^ (v >> 16))
        if wide:
            out = [out[2 * i] | (out[2 * i + 1] << 32) for i in range(n_words)]
            return _np.array(out, dtype=_np.uint64)
        return _np.array(out, dtype=_np.uint32)

    def spawn(self, n_children):
        kids = [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,), pool_size=self.pool_size)
                for i in range(self.n_children_spawned, self.n_children_spawned + n_children)]
        self.n_children_spawned += n_children
        return kids

    def __repr__(self):
        return "SeedSequence(\n    entropy=%r,\n)" % (self.entropy,)


class BitGenerator:
    pass


class PCG64(BitGenerator):
    def __init__(self, seed=None):
        self.seed_seq = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
        self._pcg = _PCG64()
        self._pcg._seed(self.seed_seq.generate_state(4, _np.uint64))

    def spawn(self, n_children):
        return [PCG64(s) for s in self.seed_seq.spawn(n_children)]


class Generator:
    """numpy's Generator over PCG64: random, integers, uniform and choice,
    shuffle, permutation draw numpy's numbers exactly; normal and
    standard_normal use a ziggurat whose tables agree with numpy's to about
    2e-14, so their values agree to about that."""

    def __init__(self, bit_generator):
        self.bit_generator = bit_generator
        self._g = bit_generator._pcg

    def __repr__(self):
        return "Generator(PCG64)"

    def random(self, size=None, dtype=_np.float64, out=None):
        return self._g.random(size, dtype)

    def integers(self, low, high=None, size=None, dtype=_np.int64, endpoint=False):
        return self._g.integers(low, high, size, dtype, endpoint)

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._g.uniform(low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._g.normal(loc, scale, size)

    def standard_normal(self, size=None, dtype=_np.float64, out=None):
        r = self._g.standard_normal(size)
        if _np.dtype(dtype) == _np.dtype(_np.float32):
            return _np.asarray(r).astype(_np.float32) if size is not None else _np.float32(r)
        return r

    def shuffle(self, x, axis=0):
        if isinstance(x, _np.ndarray) and axis != 0:
            x = _np.swapaxes(x, 0, axis)
        _shuffle(self._g, x)

    def permutation(self, x, axis=0):
        if isinstance(x, (int, _np.integer)):
            arr = _np.arange(x)
            self._g._shuffle_array(arr)
            return arr
        arr = _np.asarray(x)
        if arr.ndim == 1:
            arr = _np.array(arr)
            self._g._shuffle_array(arr)
            return arr
        idx = _np.arange(arr.shape[axis])
        self._g._shuffle_array(idx)
        sl = [slice(None)] * arr.ndim
        sl[axis] = idx
        return arr[tuple(sl)]

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        a0 = a
        a = _np.asarray(a)
        shape = () if size is None else ((size,) if isinstance(size, int) else tuple(size))
        n = _prod(shape)
        if a.ndim == 0:
            try:
                pop_size = a.item().__index__()
            except (TypeError, AttributeError):
                raise ValueError("a must be a sequence or an integer, not %s" % type(a0))
            if pop_size <= 0 and n != 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
        else:
            pop_size = a.shape[axis]
            if pop_size == 0 and n != 0:
                raise ValueError("a cannot be empty unless no samples are taken")
        if p is not None:
            p = _check_p(p, pop_size, 1.4901161193847656e-08, _GEN_P_MSGS)
        if replace:
            if p is not None:
                cdf = _cdf(p)
                u = self.random(shape)
                flat = [_search_right(cdf, x) for x in _np.ravel(u).tolist()]
                idx = _np.array(flat, dtype=_np.int64).reshape(shape)
            else:
                idx = self.integers(0, pop_size, size=shape, dtype=_np.int64)
        else:
            if n > pop_size:
                raise ValueError("Cannot take a larger sample than population when replace is False")
            if p is not None:
                found = _noreplace_p(lambda k: self.random((k,)), p, n)
                idx = _np.array(found, dtype=_np.int64).reshape(shape)
            else:
                idx = self._g._choice_noreplace(pop_size, n, shuffle).reshape(shape)
        if size is None:
            idx = int(_np.asarray(idx).item(0))
        if a.ndim == 0:
            return idx
        if size is not None and _np.ndim(idx) == 0 and a.ndim == 1:
            res = _np.empty((), dtype=a.dtype)
            res[()] = a[idx]
            return res
        if axis == 0:
            return a[idx]
        sl = [slice(None)] * a.ndim
        sl[axis] = idx
        return a[tuple(sl)]


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(PCG64(seed))
