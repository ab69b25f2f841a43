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
