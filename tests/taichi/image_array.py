# tirun-only: where tirun's images differ from Taichi's on purpose. imread
# returns a taichi.tools.array.Array (Taichi: a numpy.ndarray; tirun has no
# numpy), and imread(f, channels) converts to that many channels (Taichi 1.7.4
# returns the file's channel count with wrong pixels). Errors are RuntimeErrors
# with Taichi's messages, less its "[image_io.cpp:...]" prefix.
import os

import taichi as ti
from taichi.tools.array import Array, array

ti.init(arch=ti.cpu)
fn = "image_array_%d.png" % os.getpid()

rgb = ti.field(ti.u8, shape=(4, 3, 3))
for x in range(4):
    for y in range(3):
        for c in range(3):
            rgb[x, y, c] = x * 50 + y * 10 + c * 3
ti.tools.imwrite(rgb, fn)
for channels in (1, 2, 3, 4):
    back = ti.tools.imread(fn, channels)
    print(channels, type(back).__name__, back.shape, back[1, 2].tolist(), back[3, 0].tolist())

img = ti.tools.imread(fn)
print(isinstance(img, Array), img.dtype, img.ndim, img.size, len(img), img.nbytes)
print((img - 20).sum(), (img + 250)[0, 0].tolist(), (img * 2.5)[1, 1].tolist(), (img / 2).dtype)
print((img == 63).sum(), (img > 100).any(), (img >= 0).all(), img.min(), img.max(), img.mean())
print(img[:, 0, 0].tolist(), img[-1, ..., 1].tolist(), img[::2, 1:, 2].tolist())
print(img.reshape(4, 9).shape, img.reshape(-1).shape, img.astype(ti.f32)[1, 1, 1], img.astype("int32").dtype)
a = array([[1, 2], [3, 4]])
a[0, 1] = 7
a[1] = [5, 6]
print(a, a.dtype, -a, abs(-a).sum(), (a // 2).tolist(), (a % 3).tolist(), (10 - a).tolist())
print(array([0.5, 1.5]) * array([2.0, 4.0]), array([True, False]), str(array([1, 2], "u8").dtype))
print(ti.tools.imresize(img, 2, 2).tolist())

for call in (lambda: ti.tools.imwrite(rgb, "x.tif"), lambda: ti.tools.imread("no/such/file.png"),
             lambda: img[4, 0, 0], lambda: img + array([1, 2]), lambda: bool(img)):
    try:
        call()
    except Exception as e:
        print(type(e).__name__ + ":", e)
os.remove(fn)
