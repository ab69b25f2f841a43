"""Our stand-in for Taichi's tests/python/conftest.py (tests/compat/compat.py
stages it there): ti.init before and ti.reset after each item that
test_utils.test parametrized with an arch, and the id `none` for the tests it
did not decorate, so that node ids are those of Taichi's own harness."""

import pytest

import taichi as ti


@pytest.fixture(autouse=True)
def wanted_arch(req_arch, req_options):
    if req_arch is not None:
        ti.init(arch=req_arch, enable_fallback=False, **req_options)
    yield
    if req_arch is not None:
        ti.reset()


def pytest_generate_tests(metafunc):
    if not getattr(metafunc.function, "__ti_test__", False):
        metafunc.parametrize("req_arch,req_options", [(None, None)], ids=["none"])
