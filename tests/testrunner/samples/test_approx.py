# pytest.approx on numbers, sequences and dicts.
import pytest
from pytest import approx


def test_scalars():
    assert 0.1 + 0.2 == approx(0.3)
    assert 0.3 == approx(0.1 + 0.2)
    assert 1.0 + 1e-7 == approx(1.0)
    assert 1.0 + 1e-5 != approx(1.0)
    assert 1e-13 == approx(0.0)
    assert 100 == approx(101, rel=0.01)
    assert 100 != approx(101, abs=0.5)
    assert 100 == approx(101, rel=1e-9, abs=2)
    assert float("inf") == approx(float("inf"))
    assert float("nan") != approx(float("nan"))
    assert float("nan") == approx(float("nan"), nan_ok=True)
    assert "text" != approx(1.0)


def test_collections():
    assert [0.1 + 0.2, 0.2 + 0.4] == approx([0.3, 0.6])
    assert (0.1 + 0.2, 0.2 + 0.4) == approx((0.3, 0.6))
    assert {"a": 0.1 + 0.2, "b": 1.0} == approx({"a": 0.3, "b": 1.0})
    assert [1.0, 2.0] != approx([1.0, 2.0, 3.0])
    assert {"a": 1.0} != approx({"b": 1.0})


def test_reprs():
    assert repr(approx(1.0)) == "approx(1.0 ± 1.0e-06)"
    assert repr(approx(0)) == "approx(0 ± 1.0e-12)"
    assert repr(approx([1, 2.5])) == "approx([1 ± 1.0e-06, 2.5 ± 2.5e-06])"
    assert repr(approx((3,))) == "approx((3 ± 3.0e-06,))"
    assert repr(approx({"x": 2.0})) == "approx({'x': 2.0 ± 2.0e-06})"
    assert repr(approx(5.0, abs=0.1)) == "approx(5.0 ± 1.0e-01)"
    assert repr(approx(float("inf"))) == "approx(inf)"


def test_approx_fails():
    assert 0.31 == approx(0.3)


def test_nested_is_refused():
    with pytest.raises(TypeError):
        approx([[1.0]])
