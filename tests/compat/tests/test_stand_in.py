# Checks our stand-in test_utils under `tirun test` (tests/testrunner/check
# runs it) and under CPython + Taichi + pytest alike: the decorator's ti.init
# and options, its skips, parameters and fixtures passed through, approx.
import pytest

import taichi as ti
from tests import test_utils


class Extension:
    """Stands in for a ti.extension member: only its name is read."""

    def __init__(self, name):
        self.name = name


def config():
    lang = getattr(ti, "lang", None)
    return lang.impl.current_cfg() if lang is not None else ti.cfg


@test_utils.test()
def test_initialized():
    x = ti.field(ti.i32, shape=4)
    x[1] = 3
    assert x[1] == 3 and config().arch == ti.cpu


@test_utils.test(debug=True)
def test_options_reach_init():
    assert config().debug


@test_utils.test(arch=ti.cuda)
def test_other_arch_only():
    raise AssertionError("runs only on CUDA: skipped")


@test_utils.test(exclude=[ti.cpu])
def test_cpu_excluded():
    raise AssertionError("the CPU is excluded: skipped")


@test_utils.test(exclude=[(ti.cpu, "Darwin"), (ti.cpu, "Windows")])
def test_other_systems_excluded():
    pass


@test_utils.test(require=Extension("bls"))
def test_unsupported_extension():
    raise AssertionError("bls is not a CPU extension: skipped")


@test_utils.test(require=[Extension("data64")])
def test_supported_extension():
    pass


@pytest.mark.parametrize("n", [1, 2])
@test_utils.test()
def test_parameters_and_capfd(capfd, n, request):
    # conftest's ti.init ran before capfd started: its banner is not seen
    print(n)
    assert capfd.readouterr().out == "%d\n" % n
    # Taichi's ids: the marks nearest the function first
    assert request.node.name == "test_parameters_and_capfd[arch=%s-%d]" % (ti.cpu.name, n)


@test_utils.test()
@pytest.mark.parametrize("n", [3])
def test_arch_id_last(n, request):
    assert request.node.name == "test_arch_id_last[3-arch=%s]" % ti.cpu.name


def test_undecorated_id(request):
    assert request.node.name == "test_undecorated_id[none]"


@pytest.mark.parametrize("n", [4])
def test_undecorated_parametrized_id(n, request):
    # conftest's pytest_generate_tests parametrizes before the marks
    assert request.node.name == "test_undecorated_parametrized_id[none-4]"


def test_approx():
    assert test_utils.approx(True) == 1 and test_utils.approx(False) == 0
    assert 0.1 + 0.2 == test_utils.approx(0.3)
    assert test_utils.allclose([1.0, 2.0 + 1e-9], [1.0, 2.0])
    assert not test_utils.allclose(1.0, 1.1)


@test_utils.test(debug=True)
@ti.kernel
def test_kernel_as_test():
    # Taichi's tests decorate kernels as tests; tirun's kernels are no functions
    x = 1
    assert x + 1 == 2
