# from module import * honours __all__.
from mods.geometry import *
print(sorted(n for n in dir() if not n.startswith("__")))
print(area(1), Rect(1, 2), PI)
for name in ("unlisted", "_private", "_helper"):
    print(name, name in globals())
