# Fixtures every test file in this folder and below may use.
import pytest


@pytest.fixture
def greeting():
    return "hello"


@pytest.fixture(scope="session")
def session_log():
    return []
