# An uncaught exception raised inside an imported module: its frames name that module's file.
import mods.errors
print("calling into the helper")
mods.errors.explode(2)
