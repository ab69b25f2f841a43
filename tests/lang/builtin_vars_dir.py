# vars() and dir(): instance and class namespaces (dunder names filtered out).
class Base:
    kind = "base"
    def base_method(self):
        pass
class Child(Base):
    level = 2
    def __init__(self):
        self.a = 1
        self.b = 2
    def child_method(self):
        pass
c = Child()
print(vars(c))
print([n for n in dir(c) if not n.startswith("_")])
print([n for n in dir(Child) if not n.startswith("_")])
print([n for n in vars(Child) if not n.startswith("_")])
print("kind" in vars(Child), "kind" in dir(Child), "a" in dir(Child), "a" in dir(c))
c.z = 26
print(sorted(vars(c)), dir(c)[-1] if not dir(c)[-1].startswith("_") else "")
def f():
    local_one = 1
    local_two = 2
    return sorted(locals())
print(f())
print([n for n in dir([]) if not n.startswith("_")])
print([n for n in dir("") if not n.startswith("_")][:10])
print([n for n in dir({}) if not n.startswith("_")])
