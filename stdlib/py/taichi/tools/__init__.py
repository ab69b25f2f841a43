# taichi.tools: Taichi's image helpers (imwrite, imread, imresize, imshow).
# Where Taichi hands back a numpy.ndarray they return a taichi.tools.array.Array.
from taichi.tools import array, image
from taichi.tools.image import imread, imresize, imshow, imwrite

__all__ = ["imread", "imresize", "imshow", "imwrite"]
