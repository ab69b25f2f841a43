# Frozen dataclasses, ordering, hashing rules, slots, recursive reprs and match statements.
from dataclasses import dataclass, field, FrozenInstanceError, astuple, replace
@dataclass(frozen=True, order=True)
class Card:
    rank: int
    suit: str = field(compare=False)
cards = [Card(10, "h"), Card(2, "s"), Card(14, "d"), Card(10, "c")]
print(sorted(cards), min(cards), Card(10, "h") == Card(10, "c"), Card(3, "x") <= Card(3, "y"))
print(len({Card(10, "h"), Card(10, "c"), Card(2, "s")}))
for action in ("set", "del", "new"):
    c = Card(5, "h")
    try:
        if action == "set":
            c.rank = 6
        elif action == "del":
            del c.suit
        else:
            c.extra = 1
    except FrozenInstanceError as e:
        print(type(e).__name__, isinstance(e, AttributeError), e)
print(Card(1, "s") < Card(2, "s"), Card(2, "s") > Card(1, "s"), Card(1, "s") >= Card(1, "h"))
try:
    Card(1, "s") < 3
except TypeError as e:
    print("TypeError:", e)
@dataclass(order=True)
class Other:
    rank: int
try:
    Card(1, "s") < Other(2)
except TypeError as e:
    print("TypeError:", e)
@dataclass(unsafe_hash=True)
class Key:
    a: int
    b: list = field(hash=False, default_factory=list)
print(hash(Key(3)) == hash((3,)), Key(3) == Key(3, []), Key.__hash__.__qualname__)
@dataclass
class Mutable:
    a: int
print(Mutable.__hash__)
try:
    hash(Mutable(1))
except TypeError as e:
    print("TypeError:", e)
@dataclass(eq=False)
class Identity:
    a: int
print(Identity(1) == Identity(1), Identity.__hash__ is object.__hash__)
@dataclass(slots=True)
class Slotted:
    x: int
    y: int = 2
s = Slotted(1)
print(s, Slotted.__slots__, hasattr(s, "__dict__"), Slotted.__qualname__)
try:
    s.z = 3
except AttributeError as e:
    print("AttributeError:", e)
@dataclass(frozen=True, slots=True)
class FrozenSlots:
    x: int
f = FrozenSlots(4)
try:
    f.x = 5
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(f, f.__getstate__(), hash(f) == hash((4,)), replace(f, x=6))
@dataclass
class Node:
    name: str
    children: list = field(default_factory=list)
root = Node("root")
root.children.append(root)
root.children.append(Node("leaf"))
print(root)
print(astuple(Node("a", [Node("b")])))
print(Card.__match_args__, Node.__match_args__, Slotted.__match_args__)
