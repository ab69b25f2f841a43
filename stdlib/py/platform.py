# platform: the few queries programs make about the machine, answered from
# os.uname() (tirun runs on Linux).
import os


def system():
    return os.uname().sysname


def machine():
    return os.uname().machine


def node():
    return os.uname().nodename


def release():
    return os.uname().release


def python_implementation():
    return "tirun"


def python_version():
    import sys
    return "%d.%d.%d" % tuple(sys.version_info[:3])
