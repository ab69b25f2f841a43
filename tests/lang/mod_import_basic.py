# import, import ... as, from ... import, and module attributes of a helper package module.
import mods.geometry
print(mods.geometry.PI, mods.geometry.area(2), mods.geometry.Rect(2, 3).area())
import mods.geometry as geo
from mods.geometry import area, Rect as R, PI
print(geo is mods.geometry, area(1), R(4, 5), PI, R is geo.Rect)
print(geo.__name__, geo.__doc__, mods.__name__, mods.PACKAGE_CONSTANT)
print(type(geo).__name__, sorted(n for n in vars(geo) if not n.startswith("__")))
print(geo._private, geo._helper(), hasattr(geo, "missing"), getattr(geo, "unlisted"))
geo.added = "set from outside"
print(mods.geometry.added)
import math, mods.counter as c
print(math.floor(2.5), c.bump(), c.bump(), c.count)
