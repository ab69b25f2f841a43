# tirun-only: ti.gpu falls back to the CPU with one warning line on stderr
# (Taichi would pick Vulkan on a machine with a Vulkan device).
import taichi as ti

ti.init(arch=ti.gpu)
print(ti.cfg.arch)
x = ti.field(ti.f32, shape=3)
x[0] = 1.5
print(x[0])
