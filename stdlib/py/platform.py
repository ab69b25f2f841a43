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
