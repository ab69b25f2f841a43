# Import failures: missing modules, missing names, and a package without the submodule.
try:
    import mods.nothing_here
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e, "| name:", e.name)
try:
    from mods.geometry import not_defined
except ImportError as e:
    print(type(e).__name__, e.name, str(e).startswith("cannot import name 'not_defined' from 'mods.geometry'"))
try:
    import totally_missing_module
except ImportError as e:
    print(type(e).__name__ + ":", e)
try:
    from totally.missing import x
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)
print(issubclass(ModuleNotFoundError, ImportError))
