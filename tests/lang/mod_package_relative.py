# Subpackages, relative imports inside the package, and package attributes.
import mods.sub
from mods.sub import leaf
from mods.sub.leaf import leaf_area
print(mods.sub.leaf_name(), leaf.leaf_name(), leaf_area(), leaf.leaf_bump(), leaf.leaf_bump())
import mods.counter
print(mods.counter.count, hasattr(mods, "sub"), hasattr(mods.sub, "leaf"), mods.sub.__name__)
import mods.sub.leaf as L
print(L is leaf, L.geometry is mods.geometry)
