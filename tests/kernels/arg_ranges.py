# Integer kernel arguments: Taichi converts them through int64 (signed types)
# or uint64 (unsigned types) and raises TypeError outside that range; inside
# it the value wraps to the type's width. A float for an integer parameter is
# a TaichiRuntimeTypeError.
import taichi as ti

ti.init(arch=ti.cpu)

values = [2**64, 2**64 - 1, 2**63, 2**63 - 1, -2**63, -2**63 - 1, -1, 300, -129, 256, 2**32, True]

for T in [ti.i8, ti.i16, ti.i32, ti.i64, ti.u8, ti.u16, ti.u32, ti.u64]:

    @ti.kernel
    def echo(x: T) -> T:
        return x

    for v in values:
        try:
            print(T, v, echo(v))
        except Exception as e:
            print(T, v, type(e).__name__, str(e).strip().splitlines()[0])


@ti.kernel
def take_i32(x: ti.i32) -> ti.i32:
    return x


@ti.kernel
def take_f32(x: ti.f32) -> ti.f32:
    return x


for f, v in [(take_i32, 1.5), (take_i32, "a"), (take_i32, None), (take_f32, "a"), (take_f32, 2**64)]:
    try:
        print(f(v))
    except ti.TaichiRuntimeTypeError as e:
        print("TaichiRuntimeTypeError", isinstance(e, TypeError), str(e).strip())
