# Conditions on 64-bit integers test the whole value, not its low 32 bits.
import taichi as ti

ti.init(arch=ti.cpu, debug=True)
r = ti.field(ti.i32, shape=16)


@ti.kernel
def conds(a: ti.i64, u: ti.u64, u3: ti.u32, i8: ti.i8):
    if a:
        r[0] = 1
    if u:
        r[1] = 1
    w = u
    c = 0
    while w:
        c += 1
        w = 0
    r[2] = c
    v = ti.u64(2**33)
    if v:
        r[3] = 1
    if u3:
        r[4] = 1
    r[5] = not u
    r[6] = not a
    if i8:
        r[7] = 1
    x = ti.u16(256)
    if x:
        r[8] = 1
    if not a:
        r[9] = 1
    r[10] = ti.select(a, 7, 8)
    r[11] = 1 if u else 2
    r[12] = bool(a)
    assert a, "a is false"
    assert u


conds(2**32, 2**33, 2**31, -128)
print([r[i] for i in range(16)])
