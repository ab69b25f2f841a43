"""Our stand-in for Taichi's tests/test_utils.py, imported by their tests as
`from tests import test_utils` (tests/compat/compat.py stages it there). Owns the
@test_utils.test decorator, approx / allclose and the arch lists, for tirun and
for CPython + Taichi alike (so it avoids inspect, copy and platform).

As Taichi's, the decorator parametrizes a test over the archs wanted here
(only CPUs exist for tirun) and our conftest.py (staged as tests/python/conftest.py)
calls ti.init(arch, **options) before each item and ti.reset() after it, so
that an item's node id is the one pytest gives it under Taichi's own harness."""

import os

import pytest

import taichi as ti

# the extensions of Taichi's CPU backend (taichi/program/extension.cpp lists
# them for x64); TIRUN_COMPAT_EXTENSIONS narrows them to what is counted as
# supported, as tests/compat/compat.py does when it excludes tests
_CPU_EXTENSIONS = ("sparse", "quant", "quant_basic", "data64", "adstack", "assertion", "extfunc", "mesh")


def _name(value):
    """An arch's or extension's name: ti.x64 -> 'x64', ti.extension.data64 -> 'data64'."""
    name = getattr(value, "name", None)
    return name if isinstance(name, str) else str(value).split(".")[-1]


def _system():
    """'Linux', 'Darwin' or 'Windows', as platform.system() says."""
    if os.name == "nt":
        return "Windows"
    try:
        return os.uname().sysname
    except AttributeError:
        return "Linux"


def _supported_extensions():
    chosen = os.environ.get("TIRUN_COMPAT_EXTENSIONS")
    if chosen is None:
        return set(_CPU_EXTENSIONS)
    return {e.strip() for e in chosen.split(",") if e.strip()}


def get_rel_eps():
    """The relative tolerance approx() grants; CPUs need no more than pytest's."""
    return 1e-6


def approx(expected, **kwargs):
    """pytest.approx, with bools compared by truth (kernels return 0/1 for them)
    and the relative tolerance at least get_rel_eps()."""
    if isinstance(expected, bool):
        return _Truth(expected)
    kwargs["rel"] = max(kwargs.get("rel", 1e-6), get_rel_eps())
    return pytest.approx(expected, **kwargs)


class _Truth:
    __hash__ = None

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return bool(self.value) == bool(other)

    def __ne__(self, other):
        return bool(self.value) != bool(other)

    def __repr__(self):
        return "approx(%r)" % (self.value,)


def allclose(x, y, **kwargs):
    """x == approx(y, **kwargs)."""
    return x == approx(y, **kwargs)


def mkdir_p(path):
    os.makedirs(path, exist_ok=True)


def make_temp_file(suffix="", prefix="tmp", dir=None):
    """A new empty file's path (tempfile.mkstemp's, without tempfile: tirun has none)."""
    folder = dir or os.environ.get("TMPDIR") or "/tmp"
    while True:
        name = os.path.join(folder, "%s%s%s" % (prefix, os.urandom(6).hex(), suffix))
        try:
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return name
        except FileExistsError:
            continue


def expected_archs():
    """The archs to test on: the host CPU, unless TI_WANTED_ARCHS (Taichi's
    variable: 'cpu,cuda' to choose, '^cuda' to leave out) rules it out."""
    wanted = os.environ.get("TI_WANTED_ARCHS", "")
    negate = wanted.startswith("^")
    names = {n.strip() for n in wanted.lstrip("^").split(",") if n.strip()}
    cpu_named = bool(names & {"cpu", _name(ti.cpu)})
    if names and cpu_named == negate:
        return []
    return [ti.cpu]


def _excluded(arch, exclude):
    """Whether `exclude` (archs, or (arch, system) pairs) rules out arch here."""
    if exclude is None:
        return False
    entries = exclude if isinstance(exclude, (list, tuple)) and not _is_pair(exclude) else [exclude]
    for entry in entries:
        if _is_pair(entry):
            if len(entry) == 1 and entry[0] == arch:
                return True
            if len(entry) == 2 and entry[0] == arch and entry[1] == _system():
                return True
        elif entry == arch:
            return True
    return False


def _is_pair(value):
    return isinstance(value, tuple) and len(value) in (1, 2) and (len(value) == 1 or isinstance(value[1], str))


def _calling(kernel):
    def call():
        return kernel()

    call.__name__ = getattr(kernel, "__name__", "kernel")
    return call


def test(arch=None, exclude=None, require=None, **options):
    """Decorates a test to run on each wanted arch in `arch` (all by default),
    not ruled out by `exclude`, with every extension in `require`, after
    ti.init(arch=..., **options), which conftest.py's wanted_arch fixture
    calls; a skip when no arch is left. As in Taichi, the test is parametrized
    over (req_arch, req_options), so that its items carry Taichi's ids
    (test_x[arch=x64])."""
    if arch is None:
        arch = []
    if not isinstance(arch, (list, tuple)):
        arch = [arch]
    if require is None:
        require = []
    if not isinstance(require, (list, tuple)):
        require = [require]
    archs = [a for a in expected_archs() if not arch or a in arch]
    marks = []
    if not archs:
        marks.append(pytest.mark.skip(reason="No supported archs"))
    else:
        supported = _supported_extensions()
        parameters = [(a, dict(options)) for a in archs
                      if not _excluded(a, exclude) and all(_name(e) in supported for e in require)]
        if not parameters:
            marks.append(pytest.mark.skip(reason="No all required extensions are supported"))
        else:
            ids = ["arch=%s-%d" % (_name(a), i) if len(parameters) > 1 else "arch=%s" % _name(a)
                   for i, (a, _) in enumerate(parameters)]
            marks.append(pytest.mark.parametrize("req_arch,req_options", parameters, ids=ids))

    def decorate(func):
        try:
            func.__ti_test__ = True
        except AttributeError:
            # a @ti.kernel used as the test: tirun's kernels are not Python
            # functions (Taichi's are), so a function calls it
            func = _calling(func)
            func.__ti_test__ = True
        for mark in reversed(marks):
            func = mark(func)
        return func

    return decorate


__all__ = ["test"]
