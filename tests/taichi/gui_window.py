# tirun-only: ti.GUI with a window, on SDL2's offscreen video driver (no
# display needed): widgets drawn into the frame at show(), no events, close()
# twice. Taichi has no SDL window to compare.
import os

os.putenv("SDL_VIDEODRIVER", "offscreen")
import taichi as ti

ti.init(arch=ti.cpu)
path = "gui_window_%d.png" % os.getpid()
gui = ti.GUI("window", res=(320, 200), background_color=0x102030)
print(gui.button("Go"), gui.button("Stop", "halt"))
speed = gui.slider("speed", 0, 10)
speed.value = 7.5
count = gui.label("count")
count.value = 3
gui.circle((0.25, 0.5), radius=12, color=0xFFAA00)
gui.show(path)
img = ti.tools.imread(path)
print("circle", img[80, 100].tolist(), "background", img[5, 5].tolist())
print("button", img[200, 180].tolist(), "bar", img[200, 91].tolist(), "knob", img[265, 91].tolist(),
      "label", img[310, 65].tolist())
print("slider", speed.value, "label", count.value, "frame", gui.frame)
print("events", gui.has_key_event(), gui.get_event(), list(gui.get_events()), gui.get_cursor_pos())
gui.close()
gui.close()
os.remove(path)
