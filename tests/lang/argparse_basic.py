# argparse: positional and optional arguments, types, defaults, store_true/store_false.
import argparse
parser = argparse.ArgumentParser(prog="tool", description="A test tool.")
parser.add_argument("source")
parser.add_argument("dest", nargs="?", default="out.txt")
parser.add_argument("-n", "--count", type=int, default=1)
parser.add_argument("-v", "--verbose", action="store_true")
parser.add_argument("--no-color", dest="color", action="store_false")
parser.add_argument("--ratio", type=float, default=0.5)
for argv in (["in.txt"], ["in.txt", "o.txt", "-n", "3", "-v"], ["--count=7", "a", "--no-color", "--ratio", "2.5"],
             ["-vn5", "x"], ["x", "--", "-y"]):
    args = parser.parse_args(argv)
    print(argv, "->", args)
    print("  ", args.source, args.dest, args.count, args.verbose, args.color, args.ratio, sorted(vars(args)))
ns = parser.parse_args(["s"])
print(type(ns).__name__, ns == argparse.Namespace(source="s", dest="out.txt", count=1, verbose=False, color=True, ratio=0.5))
