# tirun-only: Taichi 1.7.4 prints the IR after every pass, with log lines;
# tirun prints each kernel's final IR once, in the format of
# internal-design.txt (the example there is this kernel).
import taichi as ti

ti.init(print_ir=True, cpu_max_num_threads=1)  # one thread: the prints come in order


@ti.kernel
def foo():
    for i in range(10):
        if i < 4:
            print(i)


foo()

# A struct-for over a dense field is lowered to a range over its cells before
# offloading (Taichi's demote_dense_struct_fors): one flat index, split by mod
# and div, the last index fastest.
x = ti.field(ti.i32, shape=(2, 3))


@ti.kernel
def fill():
    for i, j in x:
        x[i, j] = i * 10 + j


fill()
print(x[0, 1], x[1, 2])
