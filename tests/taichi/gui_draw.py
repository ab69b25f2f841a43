# ti.GUI without a window: shapes drawn on the canvas, written by show(file)
# and read back by ti.tools.imread, compared pixel for pixel with Taichi's
# (numpy arrays there, taichi.tools.array arrays under tirun).
import os

import taichi as ti

try:
    import numpy as np
    array = np.array
except ImportError:
    from taichi.tools.array import array

ti.init(arch=ti.cpu)
path = "gui_draw_%d.png" % os.getpid()


def report(name, img):
    print(name, img.shape, [int(img[:, :, c].sum()) for c in range(3)],
          [int(v) for v in img[10, 20]], [int(v) for v in img[63, 40]])


gui = ti.GUI("draw", res=(96, 64), background_color=0x112233, show_gui=False)
gui.show(path)
report("background", ti.tools.imread(path))

gui.circle((0.5, 0.5), color=0xFF8000, radius=10)
gui.circle((0.1, 0.9), color=0x00FF00, radius=3.5)
gui.show(path)
report("circle", ti.tools.imread(path))

gui.circles(array([[0.2, 0.3], [0.7, 0.6], [0.95, 0.05]]), radius=4, color=0xABCDEF)
gui.circles(array([[0.4, 0.4], [0.6, 0.2]]), radius=array([2.0, 6.5]), color=array([0xFF0000, 0x0000FF]))
gui.circles(array([[0.3, 0.7], [0.8, 0.8]]), radius=5, palette=[0x123456, 0xFEDCBA], palette_indices=[1, 0])
gui.show(path)
report("circles", ti.tools.imread(path))

gui.line((0.1, 0.1), (0.9, 0.7), radius=2, color=0xFFFFFF)
gui.line((0.5, 0.9), (0.5, 0.1), radius=1.3, color=0x808080)
gui.lines(array([[0.0, 0.5], [0.2, 0.2]]), array([[1.0, 0.5], [0.3, 0.9]]), radius=1.5, color=0xFF00FF)
gui.show(path)
report("lines", ti.tools.imread(path))

gui.triangle((0.1, 0.1), (0.9, 0.2), (0.4, 0.8), color=0x00FFFF)
gui.triangles(array([[0.6, 0.6]]), array([[0.9, 0.95]]), array([[0.95, 0.5]]), color=0xFFFF00)
gui.show(path)
report("triangles", ti.tools.imread(path))

gui.rect((0.2, 0.8), (0.7, 0.3), radius=1, color=0xFF0000)
gui.arrow((0.1, 0.2), (0.5, 0.4), radius=1, color=0x00FF00)
gui.arrows(array([[0.5, 0.5], [0.2, 0.8]]), array([[0.3, -0.2], [0.1, 0.1]]), radius=1, color=0x0000FF)
gui.show(path)
report("rect and arrows", ti.tools.imread(path))

gui.point_field(array([[1.0, 2.0, 3.0], [4.0, 2.5, 1.5]]), color=0xFFFF00)
gui.arrow_field(array([[[0.1, 0.0], [0.0, 0.1]], [[-0.1, 0.05], [0.05, -0.1]]]), color=0x00FF88)
swirl = ti.Vector.field(2, ti.f32, shape=(24, 16))
for i in range(24):
    for j in range(16):
        swirl[i, j] = [-(j - 8) * 0.5, (i - 12) * 0.25]
gui.vector_field(swirl, arrow_spacing=4, color=0xFF8888)
gui.show(path)
report("fields", ti.tools.imread(path))

gui.clear(0xFFFFFF)
gui.circle((0.5, 0.5), color=0x000000, radius=30)
gui.show(path)
report("clear", ti.tools.imread(path))
print("frames", gui.frame, "running", gui.running, "events", gui.get_event(), gui.get_cursor_pos())
gui.running = False
print("running", gui.running, "fps", gui.fps_limit)
gui.fps_limit = 30
print("fps", gui.fps_limit, gui.PRESS, gui.RELEASE, gui.MOTION, gui.ESCAPE, ti.GUI.LMB, ti.GUI.EXIT)
os.remove(path)
