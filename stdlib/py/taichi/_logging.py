# Taichi's logging levels and switches (ti.set_logging_level(ti.DEBUG),
# ti.is_logging_effective, ti.init's log_level), for the programs that ask;
# the level belongs to the running program, as Taichi's does.
TRACE = "trace"
DEBUG = "debug"
INFO = "info"
WARN = "warn"
ERROR = "error"
CRITICAL = "critical"

_ORDER = [TRACE, DEBUG, INFO, WARN, ERROR, CRITICAL, "off"]
_state = {"level": INFO}


def set_logging_level(level):
    """Makes `level` and the levels above it effective."""
    if level not in _ORDER:
        raise RuntimeError("Unknown logging level [%s]. Levels = %s" % (level, ", ".join(_ORDER)))
    _state["level"] = level


def is_logging_effective(level):
    """Whether messages at `level` are shown under the current level."""
    return _ORDER.index(level) >= _ORDER.index(_state["level"])
