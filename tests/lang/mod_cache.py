# Modules execute once; later imports reuse the cached module from sys.modules.
import sys
print("mods.counter" in sys.modules)
import mods.counter
print("mods.counter" in sys.modules, sys.modules["mods.counter"] is mods.counter)
mods.counter.bump()
import mods.counter
from mods import counter
from mods.counter import bump, count
print(counter is mods.counter, counter.count, count)
bump()
bump()
print(counter.count, count)
def inner_import():
    import mods.counter as again
    return again.bump()
print(inner_import(), mods.counter.count)
print("mods" in sys.modules, "mods.geometry" in sys.modules)
import mods.geometry
print("mods.geometry" in sys.modules)
