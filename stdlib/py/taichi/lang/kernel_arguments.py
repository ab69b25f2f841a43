# taichi.lang.kernel_arguments: a kernel's parameter as Taichi describes it
# (its annotation, name and default), for code that inspects kernels.


class _Empty:
    def __repr__(self):
        return "<empty>"


_EMPTY = _Empty()


class KernelArgument:
    def __init__(self, _annotation, _name, _default=_EMPTY):
        self.annotation = _annotation
        self.name = _name
        self.default = _default
