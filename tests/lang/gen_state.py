# Generator objects keep their local state; generators as iterators in classes.
class Countdown:
    def __init__(self, start):
        self.start = start
    def __iter__(self):
        n = self.start
        while n > 0:
            yield n
            n -= 1
c = Countdown(3)
print(list(c), list(c), [x for x in c if x != 2])
def stateful():
    total = 0
    for i in range(5):
        total += i
        yield total, i
print(list(stateful()))
g1, g2 = stateful(), stateful()
print(next(g1), next(g1), next(g2))
def reverse_str(s):
    for i in range(len(s) - 1, -1, -1):
        yield s[i]
print("".join(reverse_str("generator")))
def gen_with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("finally in generator")
gw = gen_with_finally()
for v in gw:
    print("got", v)
    break
print("after loop")
gw.close()
print("after close")
gw.close()
print(list(gw))
def zip_longest_simple(a, b, fill=None):
    ia, ib = iter(a), iter(b)
    while True:
        va, vb = next(ia, fill), next(ib, fill)
        if va is fill and vb is fill:
            return
        yield va, vb
print(list(zip_longest_simple("abc", [1])))
