# taichi.lang.impl: the parts of Taichi's runtime object programs and tests
# reach for: the current config, the number of compiled kernel instances, the
# default integer type, and call_internal (a runtime helper called in a kernel).
import taichi as _ti


class _Runtime:
    def get_num_compiled_functions(self):
        return len(_ti._taichi_core.compile_times())

    def materialize(self):
        _ti._materialize_all()

    def set_default_ip(self, ip):
        _ti._cfg.default_ip = ip
        _ti._configure(_ti._cfg)

    def set_default_fp(self, fp):
        _ti._cfg.default_fp = fp
        _ti._configure(_ti._cfg)

    @property
    def default_ip(self):
        return _ti._cfg.default_ip

    @property
    def default_fp(self):
        return _ti._cfg.default_fp


_runtime = _Runtime()


def get_runtime():
    return _runtime


def current_cfg():
    return _ti._cfg


call_internal = _ti._Builtin("call_internal", None)
static = _ti.static



def _taichi_scope_only(name):
    if not _ti._taichi_core.compiling():
        raise AssertionError("%s cannot be called in Python-scope" % name)


def zero(x):
    """A value of x's type and shape, all zeros (in kernels)."""
    _taichi_scope_only("zero")
    return x * 0


def one(x):
    """A value of x's type and shape, all ones (in kernels)."""
    _taichi_scope_only("one")
    return x * 0 + 1
