# Helper package for the tests/lang module programs (never run as a test itself).
print("mods package initialised")
PACKAGE_CONSTANT = "from mods/__init__"
