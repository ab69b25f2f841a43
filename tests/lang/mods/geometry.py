"""Shapes and helpers (a helper module for tests/lang/mod_*.py)."""
print("geometry module executing, __name__ =", __name__)
__all__ = ["area", "Rect", "PI"]
PI = 3.14159
_private = "hidden"
unlisted = "not in __all__"
def area(r):
    return PI * r * r
class Rect:
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
    def __repr__(self):
        return f"Rect({self.w}, {self.h})"
def _helper():
    return "private helper"
