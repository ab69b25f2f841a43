# ti.GUI(fast_gui=True): gui.img holds the image as 0xRRGGBB words, rows from the top
# (Taichi's test_set_image_fast_gui_with_offset without numpy).
import taichi as ti
ti.init(arch=ti.cpu)
for dt in (ti.u8, ti.f32, ti.f64):
    for color in (0, 32, 255):
        img = ti.Vector.field(dtype=dt, n=3, shape=(4, 3), offset=(-2, -2))
        img.fill(color if dt is ti.u8 else color * 1.0 / 255)
        img[-2, 0] = [1, 2, 3] if dt is ti.u8 else [0.5, 0.25, 1.5]
        gui = ti.GUI(name="test", res=(4, 3), show_gui=False, fast_gui=True)
        gui.set_image(img)
        print(dt, color, [int(v) for v in gui.img])
