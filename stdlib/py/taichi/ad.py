# taichi.ad: Taichi's automatic differentiation API. tirun does not
# differentiate kernels yet (a later issue): each entry point raises
# NotImplementedError saying so, except no_grad, which only tells autodiff to
# skip a kernel and so leaves it as it is.

_WHY = "tirun: automatic differentiation (ti.ad.%s) is not implemented yet"


def _missing(name):
    raise NotImplementedError(_WHY % name)


class Tape:
    def __init__(self, loss=None, clear_gradients=True, validation=False, grad_check=None):
        _missing("Tape")


class FwdMode:
    def __init__(self, loss, param, seed=None, clear_gradients=True):
        _missing("FwdMode")


def clear_all_gradients(gradient_type=None):
    _missing("clear_all_gradients")


def grad_replaced(func):
    _missing("grad_replaced")


def grad_for(primal):
    _missing("grad_for")


def no_grad(func):
    return func
