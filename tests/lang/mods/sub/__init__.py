# A subpackage using relative imports.
from .leaf import leaf_name
print("mods.sub initialised")
