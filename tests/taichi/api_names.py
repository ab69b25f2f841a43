# tirun-only: the public names of `taichi` are Taichi 1.7.4's (test_api): internals are
# private, the small functions work as Taichi's, and the features tirun lacks
# (textures, meshes, AOT, graphs, sparse SNodes, ...) raise when used.
import taichi as ti

names = [n for n in dir(ti) if not n.startswith("_")]
for n in ("Arch", "Axis", "DataType", "Expr", "TaichiIndexError", "cfg", "sys", "js", "opencl", "is_integral",
          "logical_and", "bit_sar", "is_extension_supported"):
    print(n, n in names)
for n in ("GUI", "math", "tools", "ui", "Texture", "aot", "graph", "sparse", "randn", "frexp", "rgb_to_hex",
          "experimental", "linalg", "simt"):
    print(n, n in names)
print(len(names))

ti.init(arch=ti.cpu)
print(ti.cfg.arch, ti.cfg.default_fp, ti.lang.exception.TaichiIndexError.__name__, ti.types.is_integral(ti.i8))
print(ti.rgb_to_hex((0.1, 0.5, 1.0)), ti.rgb_to_hex((2.0, -1.0, 0.999)), ti.hex_to_rgb(0x1A80FF))
m, e = ti.frexp(3.5)
print(float(m), int(e))
print(ti.experimental.real_func is ti.real_func, ti.lang.ops.logical_not(0))

x = ti.field(ti.f32, shape=4096)


@ti.kernel
def fill_normal():
    for i in x:
        x[i] = ti.randn() + ti.assume_in_range(i, 0, 0, 4096) * 0


fill_normal()
vals = [x[i] for i in range(4096)]
mean = sum(vals) / len(vals)
var = sum((v - mean) ** 2 for v in vals) / len(vals)
print(abs(mean) < 0.1, 0.9 < var < 1.1)

s = ti.Struct.field({"a": ti.f32, "b": ti.i32}, shape=2)
print(s.dtype, x.dtype, sorted(n for n in dir(ti.Field) if not n.startswith("_")))


def attempt(f):
    try:
        f()
        print("no error")
    except (NotImplementedError, ImportError, ti.TaichiRuntimeError, ti.TaichiSyntaxError) as e:
        print(type(e).__name__ + ":", e)


attempt(ti.randn)
attempt(lambda: ti.Texture(ti.Format.r32f, (4, 4), 2))
attempt(lambda: ti.Texture.from_field(None, x))
attempt(lambda: ti.Mesh.load_meta("m.json"))
attempt(lambda: ti.aot.Module())
attempt(lambda: ti.aot.Whatever())
attempt(lambda: ti.graph.GraphBuilder())
attempt(lambda: ti.sparse.usage())
attempt(lambda: ti.linalg.SparseMatrixBuilder(4, 4))
attempt(lambda: ti.simt.warp.shfl_sync_i32(0, 1, 2))
attempt(lambda: ti.activate(x, [0]))
attempt(lambda: ti.ArgPack(a=1))
attempt(lambda: ti.root.pointer(ti.i, 4))
attempt(lambda: ti.root.dense(ti.i, 4).bitmasked(ti.j, 4))
attempt(lambda: ti.FieldsBuilder().dynamic(ti.i, 16))
attempt(lambda: ti.root.lazy_grad())
attempt(lambda: x.to_torch())
attempt(lambda: s.from_paddle(None))
print(ti.lang.misc.is_extension_supported(ti.cpu, ti.extension.data64), ti.lang.misc.is_extension_supported(ti.cpu, ti.extension.sparse))
