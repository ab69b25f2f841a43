# argparse nargs forms, append/count/store_const actions, defaults and mutually exclusive groups.
import argparse
p = argparse.ArgumentParser(prog="nargs")
p.add_argument("first")
p.add_argument("rest", nargs="*")
p.add_argument("--pair", nargs=2, type=int)
p.add_argument("--opt", nargs="?", const="CONST", default="DEFAULT")
p.add_argument("--many", nargs="+")
p.add_argument("-v", action="count", default=0)
p.add_argument("--mode", action="store_const", const="special")
p.add_argument("--add", action="append", type=int)
for argv in (["a"], ["a", "b", "c"], ["a", "--pair", "1", "2"], ["a", "--opt"], ["a", "--opt", "X"],
             ["a", "--many", "1", "2", "3"], ["-vvv", "a"], ["a", "--mode", "--add", "1", "--add", "5"]):
    print(argv, "->", p.parse_args(argv))
g = argparse.ArgumentParser(prog="excl")
grp = g.add_mutually_exclusive_group()
grp.add_argument("--json", action="store_true")
grp.add_argument("--xml", action="store_true")
g.set_defaults(extra="set by set_defaults")
print(g.parse_args(["--json"]), g.parse_args([]))
print(g.format_usage(), end="")
