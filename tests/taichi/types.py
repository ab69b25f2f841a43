# Primitive types, aliases, ti.types, archs, default types from ti.init.
import taichi as ti

print(ti.i32 == ti.int32, ti.f32 != ti.f64, {ti.i32: 1}[ti.int32], ti.float64, ti.u1, ti.uint8, ti.int64, ti.f16)
print(str(ti.u16), format(ti.f64), f"{ti.i8}", ti.i32 == "i32", ti.i32 == int)
print(ti.types.f32 is ti.f32, ti.types.int16, ti.types.uint64, ti.types.float16)
print(repr(ti.cpu), str(ti.cpu), repr(ti.cuda), ti.vulkan, ti.x64 == ti.cpu, ti.arm64, ti.metal, ti.opengl)
print(len(ti.i), len(ti.ij), len(ti.ijk), len(ti.ijkl), len(ti.axes(0, 1, 2)))
try:
    ti.i32 < ti.i64
except TypeError as e:
    print("TypeError")
ti.init(default_fp=ti.f64, default_ip=ti.i64, random_seed=3, offline_cache=False, cpu_max_num_threads=2,
        short_circuit_operators=True, print_ir=False, debug=False)
x = ti.field(float, shape=2)
y = ti.field(int, shape=2)
print(x.dtype, y.dtype, ti.cfg.arch, ti.cfg.debug, ti.cfg.default_fp, ti.cfg.random_seed)
ti.init()
print(ti.field(float, shape=1).dtype, ti.field(int, shape=1).dtype)
try:
    ti.i32(3.7)
except Exception as e:
    print(type(e).__name__, e)
