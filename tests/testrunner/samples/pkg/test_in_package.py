# A test file inside a package: it is imported as pkg.test_in_package and
# may import its siblings relatively.
from .util import triple


def test_relative_import():
    assert triple(2) == 6
    assert __name__ == "pkg.test_in_package"
