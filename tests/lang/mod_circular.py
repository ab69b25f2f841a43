# A circular import between two modules of a package.
import mods.cyc_a
from mods import cyc_b
print(mods.cyc_a.use_b(), cyc_b.use_a())
