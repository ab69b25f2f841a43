# An uncaught exception raised with `from` prints both tracebacks joined by the cause line.
class ConfigError(Exception):
    pass
def read_port(cfg):
    try:
        return int(cfg["port"])
    except KeyError as e:
        raise ConfigError("port is not configured") from e
print("reading")
read_port({"host": "localhost"})
