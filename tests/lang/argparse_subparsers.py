# argparse subcommands with their own arguments and help.
import argparse
parser = argparse.ArgumentParser(prog="vcs")
parser.add_argument("--verbose", action="store_true")
sub = parser.add_subparsers(dest="command", required=True)
c = sub.add_parser("commit", help="record changes")
c.add_argument("-m", "--message", required=True)
c.add_argument("--amend", action="store_true")
l = sub.add_parser("log", help="show history")
l.add_argument("-n", type=int, default=10)
for argv in (["commit", "-m", "fix"], ["--verbose", "log", "-n", "3"], ["log"], ["commit", "--amend", "-m", "x"]):
    print(argv, "->", parser.parse_args(argv))
parser.print_help()
print("---")
c.print_help()
