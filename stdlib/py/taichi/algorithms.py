# taichi.algorithms: parallel_sort (Batcher's odd-even merge sort of a 1-D
# field, one kernel launch a merge stage, values following their keys) and
# PrefixSumExecutor, which Taichi runs on CUDA and Vulkan only: on the CPU it
# raises Taichi's error.
import taichi as _ti


@_ti.kernel
def _merge_stage(keys: _ti.template(), values: _ti.template(), has_values: _ti.template(), n: _ti.i32,
                 base: _ti.i32, p: _ti.i32, k: _ti.i32):
    # the stage (p, k) of the network compares a with a + k where a - k % p
    # falls in the first half of a block of 2k and both lie in one block of
    # 2p; every element is in at most one pair, so the pairs run in parallel
    for a in range(n - k):
        r = a - k % p
        if r >= 0 and r % (2 * k) < k and a // (2 * p) == (a + k) // (2 * p):
            i = base + a
            j = i + k
            if keys[j] < keys[i]:
                keys[i], keys[j] = keys[j], keys[i]
                if _ti.static(has_values):
                    values[i], values[j] = values[j], values[i]


def _one_dim(field, what):
    shape = field.shape
    if len(shape) != 1:
        raise ValueError("%s must be a 1-D field, not of shape %s" % (what, shape))
    offset = getattr(field, "_offset", None)
    return shape[0], (offset[0] if offset else 0)


def parallel_sort(keys, values=None):
    """Sorts the 1-D field `keys` ascending in place; `values` (a 1-D field
    of the same shape), when given, is permuted alike."""
    n, base = _one_dim(keys, "keys")
    if values is not None and _one_dim(values, "values") != (n, base):
        raise ValueError("keys and values must have the same shape and offset")
    p = 1
    while p < n:
        k = p
        while k >= 1:
            _merge_stage(keys, keys if values is None else values, values is not None, n, base, p, k)
            k //= 2
        p *= 2


class PrefixSumExecutor:
    """Inclusive prefix sums of 1-D fields on a GPU; on the CPU, Taichi's error."""

    def __init__(self, length):
        self.length = length

    def run(self, input_arr):
        raise RuntimeError("%s is not supported for prefix sum." % (_ti.lang.impl.current_cfg().arch,))
