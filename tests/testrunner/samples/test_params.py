# mark.parametrize: single and several names, stacked, ids, pytest.param.
import pytest


@pytest.mark.parametrize("n", [1, 2, 3])
def test_single(n):
    assert n < 3


@pytest.mark.parametrize("a, b, total", [(1, 2, 3), (2, 2, 4), (5, 5, 11)])
def test_several(a, b, total):
    assert a + b == total


@pytest.mark.parametrize("x", [0, 1])
@pytest.mark.parametrize("y", ["p", "q"])
def test_stacked(x, y):
    assert (x, y) != (1, "q")


@pytest.mark.parametrize(["value"], [(None,), (True,), (1.5,), ("é",), (object(),), (pytest,)])
def test_auto_ids(value):
    pass


@pytest.mark.parametrize("value", [10, 20], ids=["ten", "twenty"])
def test_explicit_ids(value):
    assert value != 20


@pytest.mark.parametrize("value", [4, 5], ids=lambda v: "v%d" % v)
def test_callable_ids(value):
    assert value == 4


@pytest.mark.parametrize("value", [
    1,
    pytest.param(2, id="two"),
    pytest.param(3, marks=pytest.mark.skip(reason="three")),
    pytest.param(4, marks=pytest.mark.xfail),
])
def test_param_objects(value):
    assert value < 4


@pytest.mark.parametrize("value", ["a", "a", "b"])
def test_duplicate_ids(value):
    assert value != "b"


@pytest.mark.parametrize("value", [])
def test_empty(value):
    pass


@pytest.mark.parametrize("n", [1, 2])
class TestParametrizedClass:
    def test_positive(self, n):
        assert n > 0

    @pytest.mark.parametrize("m", [3])
    def test_product(self, n, m):
        assert n * m != 6


@pytest.mark.parametrize("func", [len])
def test_param_named_func(func):
    # a parameter may have the name of the runner's own call(func, ...)
    assert func("ab") == 2
