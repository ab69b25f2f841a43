# User-defined exception hierarchies with extra state and custom __str__.
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, reason):
        super().__init__(key, reason)
        self.key = key
        self.reason = reason
    def __str__(self):
        return f"config key {self.key!r}: {self.reason}"
class NetworkError(AppError):
    def __init__(self, code):
        self.code = code
class Retryable(NetworkError):
    pass
def fail(kind):
    if kind == "config":
        raise ConfigError("port", "must be an int")
    if kind == "net":
        raise NetworkError(503)
    if kind == "retry":
        raise Retryable(429)
    raise AppError("generic", kind)
for k in ("config", "net", "retry", "other"):
    try:
        fail(k)
    except Retryable as e:
        print("retry later", e.code, e.args, repr(str(e)))
    except NetworkError as e:
        print("network", e.code, repr(e))
    except AppError as e:
        print("app error", type(e).__name__, e, e.args)
print(ConfigError("a", "b").__class__.__mro__[1].__name__, issubclass(Retryable, AppError))
class WithRepr(Exception):
    def __repr__(self):
        return "WithRepr!"
print(repr(WithRepr("x")), str(WithRepr("x")))
class Empty(Exception):
    "Docstring only"
print(repr(Empty()), str(Empty()), Empty.__doc__)
try:
    raise ConfigError("x", "y") from KeyError("root")
except AppError as e:
    print(e, repr(e.__cause__))
