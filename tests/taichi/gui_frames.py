# tirun-only: TIRUN_GUI_FRAMES=N ends `while gui.running:` after N shows (how
# tests/compat/examples stops Taichi's example programs); without it the
# program itself stops the loop. The window is off (TI_GUI_SHOW=0).
import posix

import taichi as ti

posix.environ["TI_GUI_SHOW"] = "0"
posix.environ["TIRUN_GUI_FRAMES"] = "3"
gui = ti.GUI("frames", res=(8, 8))
n = 0
while gui.running:
    gui.show()
    n += 1
print(n, gui.frame, gui.running)
gui.running = True
print(gui.running)

del posix.environ["TIRUN_GUI_FRAMES"]
gui = ti.GUI("no limit", res=(8, 8))
n = 0
while gui.running and n < 10:
    gui.show()
    n += 1
print(n, gui.running)
