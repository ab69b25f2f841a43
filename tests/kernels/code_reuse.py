# tirun-only: Taichi has no such counter. A kernel instance whose IR after the
# passes, and the layout of the fields, are the same as an instance compiled
# before reuses that code: running a script again in one runtime (hot reload)
# or ti.init and the same kernels recompile nothing; a changed kernel or
# layout compiles again.
import taichi as ti
from taichi import _taichi_core as core


def program(scale, n=8):
    ti.init(arch=ti.cpu, offline_cache=False)
    x = ti.field(ti.i32, shape=n)

    @ti.kernel
    def fill(k: ti.i32):
        for i in x:
            x[i] = i * k

    @ti.kernel
    def total() -> ti.i32:
        s = 0
        for i in x:
            s += x[i] * scale
        return s

    fill(3)
    return total()


start = core.backend_compiles()
print(program(1), core.backend_compiles() - start)
print(program(1), core.backend_compiles() - start)   # the same kernels: nothing compiled
print(program(2), core.backend_compiles() - start)   # total's frozen scale changed
print(program(1, 16), core.backend_compiles() - start)   # another layout: both again
print(program(1), core.backend_compiles() - start)   # the first layout's code was dropped: compiled again
