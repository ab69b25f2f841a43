# taichi.ui: ti.GUI, the 2-D immediate-mode window (taichi.ui.gui). Taichi's
# GGUI (ti.ui.Window, Canvas, Scene: Vulkan rendering) is not in tirun.
from taichi.ui.gui import GUI, hex_to_rgb, rgb_to_hex

__all__ = ["GUI", "hex_to_rgb", "rgb_to_hex"]
