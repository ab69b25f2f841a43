# print with str.format fields ({}, {N}, {name}, specs) and f-strings of vectors.
import taichi as ti
ti.init(arch=ti.cpu)
@ti.kernel
def func(k: ti.f32):
    print("{0} {1} {2}".format(1, 2, 3))
    print("{2} {1} {}".format(3, 2, 1))
    print("{2} {} {1} {k} {0} {k} {0} {k}".format(3, 2, 1, k=k))
    print("{0:d} {1:} {2:i}".format(1, 2, 3))
    print("{2:d} {1:.2} {:.10}".format(3, 2, 1))
    print("{2:.1} {:.2} {1:.3} {k:.4e} {0:.5} {k:.5f} {0:.5} {k:.4g}".format(3.0, 2.0, 1.0, k=k))
    v = ti.Vector([1.5, 2.5])
    print(f"v = {v:.2f} {k:.1f}")
func(233.3)
