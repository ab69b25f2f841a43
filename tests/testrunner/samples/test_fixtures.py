# Function fixtures, yield fixtures, fixtures using fixtures, module scope,
# xfail, and a fixture that is missing.
import pytest

events = []


@pytest.fixture
def numbers():
    return [1, 2, 3]


@pytest.fixture
def resource():
    events.append("open")
    yield "handle"
    events.append("close")


@pytest.fixture
def total(numbers):
    return sum(numbers)


@pytest.fixture(scope="module")
def counter():
    return {"calls": 0}


def test_uses_fixture(numbers):
    assert numbers == [1, 2, 3]


def test_fixture_chain(total, numbers):
    assert total == 6 and len(numbers) == 3


def test_yield_fixture(resource):
    assert resource == "handle"
    assert events == ["open"]


def test_teardown_ran():
    assert events == ["open", "close"]


def test_module_scope_1(counter):
    counter["calls"] += 1


def test_module_scope_2(counter):
    assert counter["calls"] == 1


def test_missing_fixture(nosuch):
    pass


@pytest.fixture
def broken():
    raise RuntimeError("fixture broke")


def test_broken_fixture(broken):
    pass


@pytest.mark.xfail(reason="known bug")
def test_expected_failure():
    assert 1 == 2


@pytest.mark.xfail(strict=True)
def test_strict_xpass():
    pass


def test_xfail_call():
    pytest.xfail("not done")
