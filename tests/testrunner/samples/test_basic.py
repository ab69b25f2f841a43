# Plain test functions and classes: passing, failing, skipping.
import pytest

from helpers import double


def test_passes():
    assert double(2) == 4


def test_fails():
    values = [1, 2, 3]
    assert double(values[1]) == 5, "double(2) is not 5"


def test_error_in_a_helper():
    print("some output before the error")
    {}["missing"]


def test_skip_call():
    pytest.skip("not today")


@pytest.mark.skip(reason="never")
def test_skip_mark():
    raise AssertionError("unreachable")


@pytest.mark.skipif(1 + 1 == 2, reason="arithmetic works")
def test_skipif_true():
    raise AssertionError("unreachable")


@pytest.mark.skipif("sys.platform == 'no such platform'")
def test_skipif_false():
    pass


@pytest.mark.slow
def test_custom_mark():
    pass


def test_fail_call():
    pytest.fail("gave up")


def helper_is_not_a_test():
    raise AssertionError("collected by mistake")


class TestGroup:
    def setup_method(self, method):
        self.items = [method.__name__]

    def test_setup_ran(self):
        assert self.items == ["test_setup_ran"]

    def test_method_fails(self):
        assert self.items == []

    def not_a_test(self):
        raise AssertionError("collected by mistake")


class TestWithInit:
    # pytest does not collect a class that has __init__
    def __init__(self):
        pass

    def test_never(self):
        raise AssertionError("collected by mistake")
