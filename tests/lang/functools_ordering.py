# functools.cmp_to_key and functools.total_ordering.
import functools
cmp = functools.cmp_to_key(lambda a, b: (a > b) - (a < b))
print(sorted([3, 1, 2], key=cmp), sorted(["b", "A", "c"], key=functools.cmp_to_key(lambda a, b: -1 if a.lower() < b.lower() else 1)))
@functools.total_ordering
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __eq__(self, o):
        return self.cents == o.cents
    def __lt__(self, o):
        return self.cents < o.cents
print(Money(5) > Money(3), Money(5) <= Money(5), Money(1) >= Money(2))
print([m.cents for m in sorted([Money(3), Money(1), Money(2)])], max(Money(1), Money(9)).cents, min(Money(4), Money(2)).cents)
def by_length_then_reverse(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return (a < b) - (a > b)
print(sorted(["bb", "a", "ccc", "aa", "c"], key=functools.cmp_to_key(by_length_then_reverse)))
