# An argparse usage error prints usage and the message to stderr and exits with status 2.
import argparse
parser = argparse.ArgumentParser(prog="calc")
parser.add_argument("x", type=int)
parser.add_argument("y", type=int)
parser.add_argument("--op", choices=["add", "mul"], default="add")
ok = parser.parse_args(["2", "3", "--op", "mul"])
print(ok.x * ok.y if ok.op == "mul" else ok.x + ok.y)
print("parsing bad arguments next")
parser.parse_args(["2", "three"])
print("not reached")
