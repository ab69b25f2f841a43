# A directory added to sys.path makes its modules importable by their bare names.
import sys
try:
    import plainmod
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e, e.name)
sys.path.insert(0, "mods/plain")
import plainmod
print(plainmod.GREETING, plainmod.shout("hey"), plainmod.__name__)
from plainmod import shout
print(shout("again"), "plainmod" in sys.modules)
