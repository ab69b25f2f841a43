# getattr, setattr, hasattr, delattr, vars and dir on simple objects.
class Config:
    debug = False
    def __init__(self):
        self.name = "app"
        self.port = 8080
    def url(self):
        return f"http://localhost:{self.port}"
c = Config()
print(getattr(c, "name"), getattr(c, "debug"), getattr(c, "missing", "fallback"), getattr(c, "url")())
setattr(c, "port", 9090)
setattr(c, "new_attr", [1])
print(c.port, c.new_attr, hasattr(c, "new_attr"), hasattr(c, "url"), hasattr(c, "nope"))
delattr(c, "new_attr")
print(hasattr(c, "new_attr"), vars(c))
try:
    getattr(c, "missing")
except AttributeError as e:
    print("AttributeError:", e)
try:
    delattr(c, "debug")
except AttributeError as e:
    print("AttributeError:", e)
print([n for n in dir(c) if not n.startswith("__")])
print([n for n in dir(Config) if not n.startswith("__")])
setattr(Config, "debug", True)
print(c.debug, Config.debug, vars(c) == c.__dict__)
for field in ("name", "port"):
    print(field, "=", getattr(c, field))
print(sorted(k for k in vars(Config) if not k.startswith("__")))
import math
print(getattr(math, "pi"), hasattr(math, "tau"), callable(getattr(math, "sqrt")))
try:
    vars(5)
except TypeError as e:
    print("TypeError:", e)
