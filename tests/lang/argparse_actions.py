# argparse actions: append, append_const, extend, count, store_const, store_true/false, version,
# BooleanOptionalAction, custom Action subclasses and type functions raising ArgumentTypeError.
import argparse
import sys


class Upper(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, [v.upper() for v in values])


def percent(text):
    value = int(text)
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError("%d is not a percentage" % value)
    return value


p = argparse.ArgumentParser(prog="acts", exit_on_error=False)
p.add_argument("--tag", action="append", default=["base"])
p.add_argument("--py", dest="langs", action="append_const", const="python")
p.add_argument("--c", dest="langs", action="append_const", const="c")
p.add_argument("--num", action="extend", nargs="+", type=int)
p.add_argument("-v", "--verbose", action="count", default=0)
p.add_argument("--fast", dest="speed", action="store_const", const="fast", default="normal")
p.add_argument("--color", action=argparse.BooleanOptionalAction, default=True, help="colored output")
p.add_argument("--upper", action=Upper, nargs="+")
p.add_argument("--pct", type=percent)
p.add_argument("--opt", nargs="?", const="CONST", default="DEFAULT")
p.add_argument("--version", action="version", version="%(prog)s 2.5.1")
p.add_argument("rest", nargs=argparse.REMAINDER)
cases = [[], ["--tag", "x", "--tag", "y"], ["--py", "--c", "--py"], ["--num", "1", "2", "--num", "3"],
         ["-vvv", "--verbose"], ["--fast"], ["--no-color"], ["--color"], ["--upper", "a", "b"], ["--pct", "42"],
         ["--opt"], ["--opt", "val"], ["--opt=eq"], ["run", "--tag", "z", "-v"], ["--pct", "150"],
         ["--pct", "abc"], ["--num"], ["--verbose=3"], ["--fast=yes"], ["-vx"]]
for argv in cases:
    try:
        print(argv, "->", p.parse_args(argv))
    except argparse.ArgumentError as e:
        print(argv, "-> ArgumentError:", e)
default_tag = p.get_default("tag")
print("default tag list unchanged:", default_tag)
p.print_help()
sys.stderr = sys.stdout  # so that the order of the messages below is deterministic
try:
    p.parse_args(["--version"])
except SystemExit as e:
    print("SystemExit", e.code)
print(repr(p._actions[1]))
print(argparse.Namespace(a=1, b="x"), argparse.Namespace(a=1) == argparse.Namespace(a=1), "a" in argparse.Namespace(a=1))
print(argparse.FileType("w"), argparse.FileType("rb", encoding="latin-1"))
for bad in (dict(nargs=0), dict(const=1), dict(action="nope"), dict(type="int")):
    try:
        p.add_argument("--bad", **bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
try:
    p.add_argument("--tag")
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
