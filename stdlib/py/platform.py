# platform: the few queries programs make about the machine, answered from
# posix.uname() (tirun runs on Linux; not os, whose import costs start-up time).
import posix


def system():
    return posix.uname().sysname


def machine():
    return posix.uname().machine


def node():
    return posix.uname().nodename


def release():
    return posix.uname().release


def python_implementation():
    return "tirun"


def python_version():
    import sys
    return "%d.%d.%d" % tuple(sys.version_info[:3])


def version():
    return posix.uname().version


def processor():
    return posix.uname().machine


def architecture():
    return ("64bit", "ELF")


def uname():
    u = posix.uname()
    return (u.sysname, u.nodename, u.release, u.version, u.machine)


def platform(aliased=False, terse=False):
    """'Linux-<release>-<machine>-with-glibc', as CPython's reads on Linux (the
    libc version is not looked up: glibc2.36, Debian 12's)."""
    u = posix.uname()
    if terse:
        return "%s-%s" % (u.sysname, u.release)
    return "%s-%s-%s-with-glibc2.36" % (u.sysname, u.release, u.machine)
