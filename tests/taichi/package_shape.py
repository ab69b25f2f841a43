# tirun-only: the modules of Taichi's package shape that programs import from
# (taichi.math as a module, taichi.lang.*), ti.Layout, and ti.ad's entry points,
# which raise NotImplementedError until autodiff exists (Taichi runs them).
import taichi as ti
import taichi.math as tm
from taichi.lang import enums, impl, ops
from taichi.lang.enums import AutodiffMode, SNodeGradType
from taichi.lang.kernel_arguments import KernelArgument
from taichi.lang.util import has_clangpp, has_paddle, has_pytorch, to_numpy_type
from taichi.math import inf, isinf, isnan, nan, pi, vdir

print(tm is ti.math, tm.vec3 is ti.math.vec3, pi == tm.pi, inf, nan != nan)
print(ti.Layout.AOS, ti.Layout.SOA, enums.Layout is ti.Layout, AutodiffMode.NONE, SNodeGradType.ADJOINT)
print(has_pytorch(), has_paddle(), has_clangpp(), ti.lang.ops is ops)
print(ops.add(2, 3), ops.logical_not(0), ops.atomic_add is ti.atomic_add)
arg = KernelArgument(ti.i32, "x")
print(arg.annotation, arg.name)
print(to_numpy_type(ti.f32).__name__, to_numpy_type(ti.u8).__name__)

for call in (lambda: ti.ad.Tape(loss=None), lambda: ti.ad.FwdMode(None, None), ti.ad.clear_all_gradients,
             lambda: ti.ad.grad_replaced(print), lambda: ti.ad.grad_for(print)):
    try:
        call()
    except NotImplementedError as e:
        print("NotImplementedError:", e)
print(ti.ad.no_grad(print) is print)
print(sorted(n for n in dir(ti.algorithms) if not n.startswith("_") and n not in ("ti",)))
swizzles = ti.lang.matrix._generate_swizzle_patterns("xyzw", required_length=4)
print(len(swizzles), swizzles[:6], swizzles[-1])   # as Taichi's (test_api reads them)
