# ti.tools.imwrite / imread / imresize on fields, read back as Taichi reads
# them (numpy arrays there, taichi.tools.array arrays under tirun): the
# orientation (x to the right, y up), channels, type conversions, BMP, errors.
import os

import taichi as ti

ti.init(arch=ti.cpu)
base = "image_io_%d" % os.getpid()

grey = ti.field(ti.u8, shape=(5, 3))
rgb = ti.field(ti.u8, shape=(4, 3, 3))
vec = ti.Vector.field(3, ti.f32, shape=(3, 2))
vec64 = ti.Vector.field(4, ti.f64, shape=(2, 2))
deep = ti.Vector.field(3, ti.u16, shape=(2, 2))
deep32 = ti.Vector.field(3, ti.u32, shape=(2, 2))
deep64 = ti.Vector.field(3, ti.u64, shape=(2, 2))
ints = ti.field(ti.i32, shape=(2, 2))
line = ti.field(ti.u8, shape=7)


@ti.kernel
def paint():
    for x, y in grey:
        grey[x, y] = x * 40 + y
    for x, y, c in rgb:
        rgb[x, y, c] = x * 50 + y * 10 + c
    for x, y in vec:
        vec[x, y] = ti.Vector([x * 0.4, y * 0.7, -0.5 + x + y])
    for x, y in vec64:
        vec64[x, y] = ti.Vector([x * 0.3333, y * 0.6667, 1.5, 0.25])
    for x, y in deep:
        deep[x, y] = ti.Vector([x * 30000, y * 65535, 257])


paint()
for x in range(2):
    for y in range(2):
        deep32[x, y] = [x * 16777215 * 200, y * 4294967295, 16777215 * 3]
        deep64[x, y] = [x * 72057594037927935 * 100, y * 18446744073709551615, 72057594037927935 * 7]
for name, img in (("grey", grey), ("rgb", rgb), ("vec", vec), ("vec64", vec64), ("deep", deep),
                  ("deep32", deep32), ("deep64", deep64)):
    for ext in ("png", "bmp"):
        fn = "%s.%s" % (base, ext)
        ti.tools.imwrite(img, fn)
        back = ti.tools.imread(fn)
        print(name, ext, back.shape, back.dtype, back.tolist())
        os.remove(fn)

fn = base + ".png"
ti.tools.imwrite(rgb, fn)
back = ti.tools.imread(fn, 3)
print("channels 3", back.shape, back[1, 2].tolist(), back[3, 0].tolist())
ti.tools.imwrite(grey, fn)
for channels in (0, 1):
    back = ti.tools.imread(fn, channels)
    print("grey channels", channels, back.shape, back[4, 1].tolist())

small = ti.tools.imresize(rgb, 8, 6)
print("imresize", small.shape, small.dtype, small[:, :, 0].tolist())
print("imresize same", ti.tools.imresize(rgb, 4, 3).shape)
square = ti.tools.imresize(grey, 3)
print("imresize square", square.shape, square.tolist())

for bad in (ints, line):
    try:
        ti.tools.imwrite(bad, fn)
    except (ValueError, AssertionError) as e:
        print(type(e).__name__, e)
os.remove(fn)
