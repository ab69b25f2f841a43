# setup_module / setup_function / setup_class / teardown hooks, conftest
# fixtures, autouse and usefixtures, request.addfinalizer, a teardown error.
import pytest

log = []


def setup_module(module):
    log.append("setup_module")


def teardown_module():
    log.append("teardown_module")


def setup_function(function):
    log.append("setup " + function.__name__)


def teardown_function(function):
    log.append("teardown " + function.__name__)


@pytest.fixture(autouse=True)
def marker():
    log.append("autouse")


@pytest.fixture
def tracked(request):
    request.addfinalizer(lambda: log.append("finalized " + request.node.name))
    return request.node.name


def test_first(greeting, session_log):
    session_log.append(1)
    assert greeting == "hello"
    assert log == ["setup_module", "setup test_first", "autouse"]


def test_second(tracked, session_log):
    assert tracked == "test_second"
    assert session_log == [1]


def test_log_so_far():
    assert log[-3:] == ["teardown test_second", "setup test_log_so_far", "autouse"]
    assert "finalized test_second" in log


@pytest.fixture
def bad_teardown():
    yield 1
    raise OSError("cleanup failed")


def test_teardown_error(bad_teardown):
    assert bad_teardown == 1


@pytest.mark.usefixtures("tracked")
def test_usefixtures():
    assert log[-1] == "autouse"


class TestHooks:
    @classmethod
    def setup_class(cls):
        cls.shared = ["class"]

    @classmethod
    def teardown_class(cls):
        log.append("teardown_class")

    @pytest.fixture
    def own(self):
        return self.shared + ["own"]

    def test_shared(self, own):
        assert own == ["class", "own"]

    @staticmethod
    def test_static():
        assert log[-1] == "autouse"
