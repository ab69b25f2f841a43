# Dataclass inheritance: field order and overriding, kw_only across bases, InitVar and __post_init__,
# init=False fields, a generated __init__ reused by plain subclasses, the generated docstring.
from dataclasses import dataclass, field, fields, InitVar, KW_ONLY, asdict, replace
@dataclass
class Base:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)
@dataclass
class Child(Base):
    y: int = 5          # overrides the default but keeps its place
    z: str = "z"
c = Child(1)
print(c, [f.name for f in fields(c)], Child.__match_args__)
print(Child(1, 2, ["t"], "zz"), Child(x=3, z="q"))
class Plain(Child):
    def total(self):
        return self.x + self.y
p = Plain(4)
print(p, p.total(), p == Plain(4), p == Child(4))
@dataclass
class KwBase:
    a: int
    _: KW_ONLY
    b: int = 1
@dataclass
class KwChild(KwBase):
    c: int = 2
print(KwChild(1, 3), KwChild(1, 3, b=9), KwChild.__match_args__)
try:
    KwChild(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Account:
    owner: str
    balance: float = 0.0
    secret: InitVar[str] = "pw"
    digest: int = field(init=False, repr=False)
    history: list = field(init=False, default_factory=list)
    def __post_init__(self, secret):
        self.digest = len(secret) * 7
        self.history.append(("open", self.balance))
a = Account("ann", 10.0, "hunter2")
print(a, a.digest, a.history, asdict(a))
print(replace(a, balance=5.5), replace(a, secret="x").digest)
try:
    replace(a, digest=1)
except ValueError as e:
    print("ValueError:", e)
@dataclass
class Savings(Account):
    rate: float = 0.01
    def __post_init__(self, secret):
        super().__post_init__(secret)
        self.history.append(("rate", self.rate))
s = Savings("bob", 1.0, "abc", 0.5)
print(s, s.digest, s.history)
print(Base.__doc__)
print(Child.__doc__)
print(KwChild.__doc__)
print(Account.__doc__)
@dataclass(init=False)
class Manual(Base):
    w: int = 1
print(Manual.__doc__)
@dataclass
class Custom:
    a: int
    def __init__(self, a, b=2):
        self.a = a + b
print(Custom(1), Custom.__doc__)
@dataclass
class Empty:
    pass
print(Empty(), Empty() == Empty(), Empty.__doc__, fields(Empty))
