# The monkeypatch fixture: each change is undone when the test ends (the
# test after it checks), last first.
import os
import sys

import pytest


class Box:
    size = 1


SETTINGS = {"mode": "fast"}


def test_patches(monkeypatch):
    monkeypatch.setattr(Box, "size", 5)
    monkeypatch.setattr("os.sep", "!")
    monkeypatch.setenv("TIRUN_MONKEYPATCH", "on")
    monkeypatch.setenv("TIRUN_MONKEYPATCH", "x", prepend=":")
    monkeypatch.delenv("TIRUN_NO_SUCH_VARIABLE", raising=False)
    monkeypatch.setitem(SETTINGS, "mode", "slow")
    monkeypatch.setitem(SETTINGS, "extra", 1)
    monkeypatch.delitem(SETTINGS, "extra")
    monkeypatch.syspath_prepend("/tirun/nowhere")
    assert Box.size == 5 and os.sep == "!"
    assert os.environ["TIRUN_MONKEYPATCH"] == "x:on"
    assert SETTINGS == {"mode": "slow"} and sys.path[0] == "/tirun/nowhere"


def test_patches_undone():
    assert Box.size == 1 and os.sep == "/"
    assert "TIRUN_MONKEYPATCH" not in os.environ
    assert SETTINGS == {"mode": "fast"} and "/tirun/nowhere" not in sys.path


def test_delattr_and_raising(monkeypatch):
    with pytest.raises(AttributeError):
        monkeypatch.setattr(Box, "missing", 1)
    with pytest.raises(KeyError):
        monkeypatch.delitem(SETTINGS, "missing")
    monkeypatch.setattr(Box, "missing", 1, raising=False)
    monkeypatch.delattr(Box, "size")
    assert not hasattr(Box, "size") and Box.missing == 1


def test_delattr_undone():
    assert Box.size == 1 and not hasattr(Box, "missing")


def test_chdir(monkeypatch, tmp_path):
    start = os.getcwd()
    monkeypatch.chdir(tmp_path)
    assert os.getcwd() == os.fspath(tmp_path) != start


def test_context():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Box, "size", 9)
        assert Box.size == 9
    assert Box.size == 1
