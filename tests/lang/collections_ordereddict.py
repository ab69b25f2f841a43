# collections.OrderedDict: move_to_end, popitem(last=False), order-sensitive equality, repr.
from collections import OrderedDict
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
print(od, list(od), list(od.items()))
od.move_to_end("b")
print(od)
od.move_to_end("c", last=False)
print(od)
print(od.popitem(), od.popitem(last=False), od)
x = OrderedDict([("a", 1), ("b", 2)])
y = OrderedDict([("b", 2), ("a", 1)])
print(x == y, dict(x) == dict(y), x == {"b": 2, "a": 1})
class LRU(OrderedDict):
    def __init__(self, cap):
        super().__init__()
        self.cap = cap
    def get_item(self, k):
        if k not in self:
            return None
        self.move_to_end(k)
        return self[k]
    def put(self, k, v):
        self[k] = v
        self.move_to_end(k)
        if len(self) > self.cap:
            self.popitem(last=False)
cache = LRU(2)
cache.put("a", 1)
cache.put("b", 2)
cache.get_item("a")
cache.put("c", 3)
print(list(cache), cache.get_item("b"), dict(cache))
print(OrderedDict.fromkeys("xyz", 0), list(reversed(OrderedDict(a=1, b=2))), OrderedDict())
try:
    od.move_to_end("missing")
except KeyError as e:
    print("KeyError:", e)
