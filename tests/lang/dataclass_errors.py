# Errors of @dataclass, field(), fields(), asdict(), replace(), make_dataclass() and of generated __init__ calls.
from dataclasses import *
import dataclasses
print(repr(dataclasses._HAS_DEFAULT_FACTORY))
try: field(default=1, default_factory=list)
except ValueError as e: print(e)
for fn in (fields, asdict, astuple):
    try: fn(3)
    except TypeError as e: print(e)
try: replace(3)
except TypeError as e: print(e)
try:
    @dataclass
    class A:
        x: list = []
except ValueError as e: print(e)
try:
    @dataclass(order=True, eq=False)
    class A:
        x: int
except ValueError as e: print(e)
try:
    @dataclass(order=True)
    class A:
        x: int
        def __lt__(s, o): pass
except TypeError as e: print(e)
try:
    @dataclass(frozen=True)
    class A:
        x: int
        def __setattr__(s, n, v): pass
except TypeError as e: print(e)
try:
    @dataclass(unsafe_hash=True)
    class A:
        x: int
        def __hash__(s): pass
except TypeError as e: print(e)
try:
    @dataclass
    class A:
        x = field()
except TypeError as e: print(e)
try:
    @dataclass
    class A:
        x: InitVar[list] = field(default_factory=list)
except TypeError as e: print(e)
try:
    @dataclass
    class A:
        a: KW_ONLY
        b: KW_ONLY
except TypeError as e: print(e)
@dataclass(frozen=True)
class F: x: int
try:
    @dataclass
    class G(F): y: int
except TypeError as e: print(e)
@dataclass
class H: x: int
try:
    @dataclass(frozen=True)
    class I(H): y: int
except TypeError as e: print(e)
try:
    @dataclass(slots=True)
    class J:
        __slots__ = ()
        x: int
except TypeError as e: print(e)
try:
    @dataclass(weakref_slot=True)
    class J:
        x: int
except TypeError as e: print(e)
f = F(1)
try: del f.x
except FrozenInstanceError as e: print(e)
try: f.y = 2
except FrozenInstanceError as e: print(e)
@dataclass
class K:
    x: int
    y: int = field(init=False, default=3)
    z: InitVar[int] = 5
    def __post_init__(self, z): print('post', z)
try: replace(K(1), y=2)
except ValueError as e: print(e)
print(replace(K(1)))
@dataclass
class L:
    z: InitVar[int]
try: replace(L(1))
except ValueError as e: print(e)
print(is_dataclass(K), is_dataclass(K(1)), is_dataclass(3))
for spec in ([(3,)], ['for'], ['a b'], ['a', 'a'], [(1, 2, 3, 4)]):
    try:
        make_dataclass('X', spec)
    except TypeError as e: print(e)
print(H.__hash__, F(1).__hash__() == hash((1,)), hash(F(2)) == hash(F(2)))
@dataclass(unsafe_hash=True)
class U:
    a: int
    b: int = field(hash=False)
    c: int = field(compare=False)
    d: int = field(compare=False, hash=True)
print(hash(U(1, 2, 3, 4)) == hash((1, 4)), U(1, 2, 3, 4) == U(1, 2, 9, 9), U.__hash__.__qualname__)
@dataclass(eq=False)
class NoEq: a: int
print(NoEq.__hash__ is object.__hash__, NoEq(1) == NoEq(1))
@dataclass
class ExplicitHash:
    a: int
    def __hash__(self): return 42
print(hash(ExplicitHash(1)))
@dataclass(frozen=True, eq=False)
class FrozenNoEq: a: int
print(FrozenNoEq.__hash__ is object.__hash__)
print(repr(K.__dataclass_fields__["z"]).split(",default_factory")[0])
@dataclass
class B:
    x: int
    y: int
    z: int = 1
    _: KW_ONLY
    k: int
    m: int = 0
for args, kw in [((), {}), ((1,), {}), ((1,2,3,4), {}), ((1,2,3,4), {'k':1}), ((1,2,3,4), {'k':1, 'm':2}), ((1,2), {'q':1}), ((1,2), {'x':1}), ((1,2), {'self':1}), ((1,2,3,4), {'x': 1}), ((), {'k':1}), ((1,2), {})]:
    try: B(*args, **kw)
    except TypeError as e: print(e)
@dataclass
class C:
    x: int
try: C()
except TypeError as e: print(e)
try: C(1, 2)
except TypeError as e: print(e)
@dataclass
class D:
    pass
try: D(1)
except TypeError as e: print(e)
try: D(1, 2)
except TypeError as e: print(e)
try: D(a=1)
except TypeError as e: print(e)
@dataclass
class E:
    a: int; b: int; c: int; d: int
try: E()
except TypeError as e: print(e)
try: E(1)
except TypeError as e: print(e)
try: E(1, 2, 3)
except TypeError as e: print(e)
