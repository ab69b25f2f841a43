# tirun-only: placing a field twice is an error (Taichi raises the same
# RuntimeError, but prints its C++ stack trace on stdout first).
import taichi as ti

ti.init()
z = ti.field(ti.i32)
ti.root.dense(ti.i, 3).place(z)
try:
    ti.root.dense(ti.i, 3).place(z)
except RuntimeError as e:
    print("RuntimeError:", e)
print(z.shape)
