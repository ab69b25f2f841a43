# A file that fails to import: one E, its traceback, and no tests run.
import pytest

VALUE = 1 / 0


def test_never_runs():
    pass
