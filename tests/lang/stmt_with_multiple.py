# with statements: multiple managers, parenthesised form, as-targets that unpack.
class CM:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return (self.name, len(self.name))
    def __exit__(self, *exc):
        print("exit", self.name)
        return False
with CM("a") as x, CM("bb") as (name, size):
    print("body", x, name, size)
with (
    CM("p") as p,
    CM("q"),
):
    print("parenthesised", p)
def gen_cm():
    with CM("in-func") as v:
        return v
print(gen_cm())
holder = {}
with CM("target") as holder["value"]:
    pass
print(holder)
