"""The helpers of Taichi's taichi._lib.utils that programs and tests import."""
import platform


def get_os_name():
    """'linux', 'osx', 'win' or 'unix', as Taichi names the host."""
    name = platform.platform().lower()
    if name.startswith(("darwin", "macos")):
        return "osx"
    if name.startswith("windows"):
        return "win"
    if name.startswith("linux"):
        return "linux"
    if "bsd" in name:
        return "unix"
    raise AssertionError("Unknown platform name %s" % name)
