# tirun-only: Taichi 1.7.4 inlines a ti.func called in an operand of `and` / `or`
# before it builds the short-circuit branch, so the call's side effects happen
# even when the operand is skipped; tirun evaluates the operand, calls included,
# only when needed, as the language reference describes short_circuit_operators.
# Without the option every operand is evaluated (Taichi's default).
import taichi as ti

ti.init(arch=ti.cpu, short_circuit_operators=True)
hits = ti.field(ti.i32, shape=())


@ti.func
def touch() -> ti.i32:
    hits[None] += 1
    return 1


@ti.kernel
def short(a: ti.i32) -> ti.i32:
    r = 0
    if a > 0 and touch():
        r = 1
    if a > 0 or touch():
        r += 10
    return r


print(short(0), hits[None], short(1), hits[None])

ti.init(arch=ti.cpu)
hits = ti.field(ti.i32, shape=())


@ti.kernel
def eager(a: ti.i32) -> ti.i32:
    r = 0
    if a > 0 and touch():
        r = 1
    return r


print(eager(0), hits[None])
