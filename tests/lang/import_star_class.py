# from M import * where sys.modules holds a class or an instance: names from
# __all__ or the public part of __dict__, values read through getattr
import sys


class M:
    x = "class attribute"
    _hidden = 1

    def __init__(self):
        self.x = "instance attribute"


sys.modules["fake"] = M
from fake import *
print(x)
sys.modules["fake"] = M()
from fake import *
print(x)


class WithAll:
    __all__ = ["y", "z"]
    y = 1

    @property
    def z(self):
        return "computed"


sys.modules["fake"] = WithAll()
from fake import *
print(y, z)
sys.modules["fake"] = 5
try:
    from fake import *
except ImportError as e:
    print("ImportError:", e)
