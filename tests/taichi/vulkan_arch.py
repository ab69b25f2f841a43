# tirun-only: the Vulkan backend is not there yet (Taichi would start on Vulkan).
import taichi as ti

try:
    ti.init(arch=ti.vulkan)
except ti.TaichiRuntimeError as e:
    print("TaichiRuntimeError:", e)
ti.init(arch=ti.vulkan)
