# Several argparse errors, each caught as SystemExit(2); the messages go to stderr.
import argparse
parser = argparse.ArgumentParser(prog="app")
parser.add_argument("mode", choices=["fast", "slow"])
parser.add_argument("--size", type=int, required=True)
parser.add_argument("--name")
cases = [["fast"], ["medium", "--size", "1"], ["fast", "--size", "big"], ["fast", "--size", "1", "--bogus"],
         [], ["slow", "--size"], ["fast", "--size", "2", "--name", "n"]]
for argv in cases:
    try:
        print(argv, "->", parser.parse_args(argv))
    except SystemExit as e:
        print(argv, "-> SystemExit", e.code)
