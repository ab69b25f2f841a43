# Class bodies execute like code: conditionals, loops, name resolution, nested classes.
DEBUG = True
class Config:
    print("executing class body")
    if DEBUG:
        level = "debug"
    else:
        level = "info"
    names = []
    for i in range(3):
        names.append(f"opt{i}")
    del i
    class Inner:
        value = "inner value"
    def method(self):
        return self.Inner.value
print(Config.level, Config.names, Config.Inner.value, Config().method(), Config.Inner.__qualname__)
print(hasattr(Config, "i"))
x = "module x"
class Scope:
    x = "class x"
    y = x
    def get_x(self):
        return x
print(Scope.y, Scope().get_x())
class Counted:
    instances = []
    def __init__(self):
        Counted.instances.append(self)
for _ in range(3):
    Counted()
print(len(Counted.instances))
def make_class(base, name):
    class Dynamic(base):
        label = name
    return Dynamic
K = make_class(object, "made")
print(K.label, K.__name__, K.__qualname__)
T = type("T", (object,), {"a": 1, "get": lambda self: self.a * 2})
print(T.a, T().get(), T.__name__, type(T).__name__)
