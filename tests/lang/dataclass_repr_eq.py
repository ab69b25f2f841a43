# Generated methods can be disabled; custom methods take precedence; field metadata and kw_only.
from dataclasses import dataclass, field, fields, KW_ONLY
@dataclass(repr=False, eq=False)
class Plain:
    a: int
p = Plain(1)
print(p == Plain(1), repr(p).startswith("<__main__.Plain object"), p.a)
@dataclass
class Custom:
    a: int
    def __repr__(self):
        return f"Custom<{self.a}>"
print(Custom(5), Custom(5) == Custom(5))
@dataclass
class Meta:
    x: int = field(metadata={"unit": "m"})
print(fields(Meta)[0].metadata["unit"], fields(Meta)[0].type)
@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int = 1
print(Opts(level=3), Opts())
try:
    Opts(True)
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Mixed:
    a: int
    _: KW_ONLY
    b: int = 2
print(Mixed(1, b=5), Mixed(1))
@dataclass
class WithClassVar:
    count = 0
    name: str = "n"
print(WithClassVar(), [f.name for f in fields(WithClassVar)], WithClassVar.count)
