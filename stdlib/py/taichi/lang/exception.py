# taichi.lang.exception: Taichi's exception classes (taichi/__init__.py defines
# them; they carry this module's name, as in Taichi).
import taichi as _ti

TaichiCompilationError = _ti.TaichiCompilationError
TaichiSyntaxError = _ti.TaichiSyntaxError
TaichiNameError = _ti.TaichiNameError
TaichiIndexError = _ti._TaichiIndexError
TaichiTypeError = _ti.TaichiTypeError
TaichiRuntimeError = _ti.TaichiRuntimeError
TaichiRuntimeTypeError = _ti.TaichiRuntimeTypeError
TaichiAssertionError = _ti.TaichiAssertionError
