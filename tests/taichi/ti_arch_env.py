# TI_ARCH in the environment overrides ti.init's arch; unsupported GPU archs
# fall back to the CPU (a warning on stderr).
import os
import taichi as ti

os.environ["TI_ARCH"] = "x64"
ti.init(arch=ti.cuda)
x = ti.field(ti.i32, shape=2)
x[1] = 3
print(x[1])
os.environ["TI_ARCH"] = "cuda"
ti.init(arch=ti.cpu)
print(ti.cfg.arch)
del os.environ["TI_ARCH"]
ti.init(arch=ti.cuda)
print(ti.cfg.arch)
