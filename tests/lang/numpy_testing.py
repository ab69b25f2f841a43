# np.testing: passing and failing assertions with numpy's failure messages
import numpy as np
from numpy.testing import (assert_allclose, assert_almost_equal, assert_array_almost_equal, assert_array_equal,
                           assert_array_less, assert_equal, assert_raises, assert_)


def check(f):
    try:
        f()
        print("pass")
    except AssertionError as e:
        print("FAIL", repr(str(e)))


check(lambda: assert_allclose([1, 2, 3.1], [1, 2, 3]))
check(lambda: assert_allclose([1.0, 2.0, 3.0], [1.0, 2.0, 3.0000001]))
check(lambda: assert_allclose(1.0, 1.1))
check(lambda: assert_allclose([1, 2], [1, 2, 3]))
check(lambda: assert_allclose([1.0, 2.0], [1.0, 2.0000001], rtol=0, atol=1e-9, err_msg="hello"))
check(lambda: assert_allclose(np.ones((2, 3)), 1.0))
check(lambda: assert_allclose(np.ones((2, 3), dtype=np.float32), np.ones((2, 3))))
check(lambda: assert_allclose([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.5], [3.5, 4.0]]))
check(lambda: assert_allclose(np.arange(10.0), np.zeros(10)))
check(lambda: assert_allclose([np.nan], [np.nan]))
check(lambda: assert_allclose([np.nan], [1.0]))
check(lambda: assert_allclose([np.nan], [np.nan], equal_nan=False))
check(lambda: assert_allclose([np.inf, 1.0], [np.inf, 1.0]))
check(lambda: assert_allclose([1e-10], [0.0], atol=1e-9))
check(lambda: assert_allclose([1e-5], [0.0]))
check(lambda: assert_allclose([5e8], [1.0]))
check(lambda: assert_allclose(np.array([1.0, 2.0], dtype=np.float32), np.array([1.0, 2.5], dtype=np.float32)))
check(lambda: assert_array_almost_equal(np.array([[1.123456789, 2.0], [3.0, 4.0]]), [[1.12, 2.0], [3.0, 4.0]]))
check(lambda: assert_array_equal(np.arange(40).reshape(8, 5), np.zeros((8, 5))))
check(lambda: assert_almost_equal(1.0, 1.1))
check(lambda: assert_almost_equal(1.0, 1.00000001))
check(lambda: assert_almost_equal([1.0, 2.0], [1.0, 2.1]))
check(lambda: assert_almost_equal(np.nan, np.nan))
check(lambda: assert_almost_equal(np.float32(0.5), 0.5))
check(lambda: assert_array_almost_equal([1.0, 2.0], [1.0, 2.1], decimal=3))
check(lambda: assert_array_almost_equal([1.0, 2.0], [1.0, 2.0001], decimal=3))
check(lambda: assert_array_equal([1, 2, 3], [1, 2, 4]))
check(lambda: assert_array_equal([1, 2, 3], [1, 2, 3]))
check(lambda: assert_array_equal([1, 2], [[1, 2], [1, 3]]))
check(lambda: assert_array_equal(np.array([1.0, np.inf]), [1.0, -np.inf]))
check(lambda: assert_array_equal(np.arange(8), [0, 9, 9, 9, 9, 9, 9, 7]))
check(lambda: assert_array_equal(np.array([1, 2], dtype=np.int32), np.array([1, 2], dtype=np.int64), strict=True))
check(lambda: assert_array_equal(np.array([True, False]), [True, True]))
check(lambda: assert_equal(1, 2))
check(lambda: assert_equal([1, 2], [1, 3]))
check(lambda: assert_equal({"a": 1}, {"a": 2}))
check(lambda: assert_equal((1, [2, 3]), (1, [2, 3])))
check(lambda: assert_equal(np.nan, np.nan))
check(lambda: assert_equal(0.0, -0.0))
check(lambda: assert_equal(np.array([1, 2]), [1, 2]))
check(lambda: assert_equal("a", "b"))
check(lambda: assert_array_less([1, 2], [2, 2]))
check(lambda: assert_array_less([1, 2], [2, 3]))
check(lambda: assert_array_less([1.0, 2.0], 5.0))
check(lambda: assert_raises(ValueError, int, "x"))
check(lambda: assert_raises(ValueError, int, "1"))
check(lambda: assert_(1 == 1))
check(lambda: assert_(1 == 2, "nope"))
with assert_raises(ZeroDivisionError):
    1 / 0
print("context ok")
try:
    with assert_raises(KeyError):
        pass
except AssertionError as e:
    print("FAIL", e)
