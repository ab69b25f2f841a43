# parse_args(["--help"]) prints help to stdout and exits with status 0 (SystemExit is caught here).
import argparse
parser = argparse.ArgumentParser(prog="greet", description="Greets people.")
parser.add_argument("name", help="who to greet")
parser.add_argument("-t", "--times", type=int, default=1, help="repetitions")
parser.add_argument("--shout", action="store_true", help="use upper case")
try:
    parser.parse_args(["--help"])
except SystemExit as e:
    print("SystemExit code:", e.code)
args = parser.parse_args(["world", "-t", "2", "--shout"])
for _ in range(args.times):
    msg = f"hello, {args.name}"
    print(msg.upper() if args.shout else msg)
