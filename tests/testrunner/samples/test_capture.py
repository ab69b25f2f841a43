# The capsys and capfd fixtures, and a decorator that wraps a test with
# functools.wraps (as tests/compat's test_utils.test does): parameters and
# fixtures reach the wrapped function through the wrapper.
import functools
import sys

import pytest


def test_capsys(capsys):
    print("hello")
    sys.stderr.write("oops\n")
    out, err = capsys.readouterr()
    assert out == "hello\n" and err == "oops\n"
    print("again")
    captured = capsys.readouterr()
    assert captured.out == "again\n" and captured.err == ""
    assert capsys.readouterr() == ("", "")


def test_capfd(capfd):
    print("through fd 1")
    out, err = capfd.readouterr()
    assert out == "through fd 1\n" and err == ""


def around(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print("before")
        return func(*args, **kwargs)
    return wrapper


@pytest.mark.parametrize("n", [1, 2])
@around
def test_wrapped(capsys, n):
    assert capsys.readouterr().out == "before\n"
    assert n in (1, 2)



def test_capsys_result_and_disabled(capsys):
    print("kept")
    with capsys.disabled():
        pass
    result = capsys.readouterr()
    assert repr(result) == "CaptureResult(out='kept\\n', err='')"
