# Failed asserts show what they compared, as pytest's rewriting does: each
# comparison of a chain, `not x`, a plain value, the assert's own message
# first, values shown by pytest's saferepr (the first items of a container,
# six levels deep, long ints and strings cut in the middle, a repr that
# raises, newlines escaped). Every test fails.


def double(x):
    return 2 * x


class BadRepr:
    def __repr__(self):
        raise ValueError("no repr")


def test_equal():
    assert double(2) == 5


def test_chain_reports_the_failing_pair():
    x = 5
    assert 1 < x < 3


def test_not():
    assert not [1]


def test_value():
    assert double(0)


def test_membership():
    assert 3 in [1, 2]


def test_identity():
    value = None
    assert value is not None


def test_with_message():
    assert double(2) == 5, "double(2) is not 5"


def test_long_list():
    assert list(range(100)) == []


def test_containers():
    assert [{"b": 1, "a": 2, "c": 3, "d": 4, "e": 5}, {3, 1, 2}, (1,), [[[[[[1]]]]]]] == [frozenset()]


def test_long_int_and_string():
    assert 10 ** 50 == "x" * 300


def test_newline_in_repr():
    class Lines:
        def __repr__(self):
            return "a\nb"

    assert Lines() is None


def test_repr_raises():
    assert BadRepr() == 1


def test_side_effects_once():
    calls = []

    def counted():
        calls.append(1)
        return len(calls)

    assert counted() == 2, "called %d time(s)" % len(calls)
