# taichi._kernels: the kernels behind Python-scope field operations, as in
# Taichi: field.fill(v) runs one of them, compiled once per field and value
# (both are template parameters), so programs see the same compiled-kernel
# count (impl.get_runtime().get_num_compiled_functions()) as under Taichi.
import taichi as ti


# val is (value,): a tuple matches an equal one of another type ((2,) and
# (2.0,)) as Taichi's template cache matches 2 and 2.0, where a bare number
# would compile again (tirun's template arguments must have the same type)
@ti.kernel
def fill_field(field: ti.template(), val: ti.template()):
    for I in ti.grouped(field):
        field[I] = val[0]


@ti.kernel
def field_fill_python_scope(F: ti.template(), val: ti.template()):
    for I in ti.grouped(F):
        F[I] = val


# field.copy_from(other), one scalar field at a time: shift is the source's
# offset minus the destination's, per index
@ti.kernel
def tensor_to_tensor(dst: ti.template(), src: ti.template(), shift: ti.template()):
    for I in ti.grouped(dst):
        dst[I] = src[I + ti.Vector(shift)]
