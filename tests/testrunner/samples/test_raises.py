# pytest.raises as a context manager and as a call, with match=.
import pytest

from helpers import divide


def test_raises_catches():
    with pytest.raises(ZeroDivisionError) as info:
        divide(1, 0)
    assert info.type is ZeroDivisionError
    assert str(info.value) == "division by zero"
    assert info.typename == "ZeroDivisionError"


def test_raises_tuple_and_subclass():
    with pytest.raises((KeyError, ValueError)):
        int("x")
    with pytest.raises(LookupError):
        [][1]


def test_raises_match():
    with pytest.raises(ValueError, match=r"invalid literal .* base 10: '\w+'$"):
        int("abc")
    with pytest.raises(KeyError, match="^'k(ey|ee)'"):
        {}["kee"]


def test_raises_info_match():
    with pytest.raises(ValueError) as info:
        raise ValueError("code 42 [retry]")
    assert info.match(r"code \d{2} \[re")
    assert info.match("retry")


def test_raises_call_form():
    info = pytest.raises(ZeroDivisionError, divide, 1, b=0)
    assert "division" in str(info.value)


def test_did_not_raise():
    with pytest.raises(ValueError):
        divide(4, 2)


def test_wrong_exception_propagates():
    with pytest.raises(TypeError):
        divide(1, 0)


def test_match_fails():
    with pytest.raises(ValueError, match="^abc$"):
        raise ValueError("abcd")
