# Unbounded recursion raises RecursionError, which can be caught; the program then continues normally.
def forever(n):
    return forever(n + 1)
try:
    forever(0)
except RecursionError as e:
    print("RecursionError:", e)
def mutual_a(n):
    return mutual_b(n + 1)
def mutual_b(n):
    return mutual_a(n + 1)
try:
    mutual_a(0)
except RecursionError as e:
    print("RecursionError:", e)
class Node:
    def __init__(self):
        self.child = self
    def depth(self):
        return 1 + self.child.depth()
try:
    Node().depth()
except RecursionError as e:
    print("RecursionError:", e)
class Loop:
    def __getattr__(self, name):
        return getattr(self, "x" + name)
try:
    Loop().a
except RecursionError as e:
    print("RecursionError from __getattr__")
deepest = 0
def probe(n):
    global deepest
    deepest = n
    probe(n + 1)
try:
    probe(1)
except RecursionError:
    print("probe reached at least 900 frames:", deepest >= 900, "and at most the limit:", deepest <= 1000)
print(isinstance(RecursionError(), RuntimeError))
def fine(n):
    return 0 if n == 0 else 1 + fine(n - 1)
print("recursion still works afterwards:", fine(800))
for i in range(3):
    try:
        forever(0)
    except RecursionError:
        print("caught again", i)
