# Context managers: __enter__/__exit__, exception suppression, nesting, early exits.
class Tag:
    def __init__(self, name, suppress=False):
        self.name, self.suppress = name, suppress
    def __enter__(self):
        print(f"<{self.name}>")
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        print(f"</{self.name}> exc={exc_type.__name__ if exc_type else None} {exc!r}")
        return self.suppress
with Tag("a") as t:
    print("body", t)
with Tag("outer"), Tag("inner") as i:
    print("nested body", i)
with Tag("s", suppress=True):
    raise ValueError("suppressed")
print("after suppressed")
try:
    with Tag("p"):
        raise KeyError("propagates")
except KeyError as e:
    print("caught", e)
def early():
    with Tag("ret"):
        return "returned"
print(early())
for i in range(3):
    with Tag(f"loop{i}"):
        if i == 1:
            continue
        if i == 2:
            break
        print("loop body", i)
try:
    with 5:
        pass
except (TypeError, AttributeError) as e:
    print(type(e).__name__ + ":", e)
