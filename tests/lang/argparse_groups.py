# argparse argument groups (titles and descriptions in help), mutually exclusive groups (usage brackets,
# conflicts, required groups), parents, conflict_handler="resolve" and nested subcommands.
import argparse
import sys

sys.stderr = sys.stdout  # error messages interleave with the results in a fixed order
parser = argparse.ArgumentParser(prog="grp", description="Groups demo.")
inp = parser.add_argument_group("input", "Where the data comes from.")
inp.add_argument("--file", metavar="PATH", help="read from PATH")
inp.add_argument("--stdin", action="store_true", help="read standard input")
out = parser.add_argument_group("output")
fmt = out.add_mutually_exclusive_group()
fmt.add_argument("--json", action="store_true", help="JSON output")
fmt.add_argument("--csv", action="store_true", help="CSV output")
mode = parser.add_mutually_exclusive_group(required=True)
mode.add_argument("--check", action="store_true")
mode.add_argument("--apply", action="store_true")
mode.add_argument("--level", type=int, help=argparse.SUPPRESS)
parser.add_argument("name")
parser.print_help()
for argv in (["--check", "n"], ["--apply", "--json", "n"], ["--json", "--csv", "--check", "n"], ["n"],
             ["--check", "--apply", "n"], ["--level", "3", "n"]):
    try:
        print(argv, "->", parser.parse_args(argv))
    except SystemExit as e:
        print(argv, "-> SystemExit", e.code)

base = argparse.ArgumentParser(add_help=False)
base.add_argument("--config", default="app.toml")
shared = base.add_argument_group("shared")
shared.add_argument("--debug", action="store_true")
child = argparse.ArgumentParser(prog="child", parents=[base])
child.add_argument("item")
child.print_help()
print(child.parse_args(["--debug", "thing"]))

resolve = argparse.ArgumentParser(prog="res", conflict_handler="resolve")
resolve.add_argument("-v", "--verbose", action="store_true", help="old")
resolve.add_argument("-v", "--version", action="version", version="1.0")
resolve.print_help()

tool = argparse.ArgumentParser(prog="tool")
subs = tool.add_subparsers(title="commands", dest="cmd", metavar="COMMAND", description="Available commands.")
db = subs.add_parser("db", help="database commands", aliases=["d"])
db_subs = db.add_subparsers(dest="action", required=True)
mig = db_subs.add_parser("migrate", help="apply migrations")
mig.add_argument("--to", type=int)
mig.set_defaults(handler="migrate")
db_subs.add_parser("reset", help="drop everything")
subs.add_parser("serve", help="run the server").add_argument("--port", type=int, default=8000)
tool.print_help()
db.print_help()
for argv in (["db", "migrate", "--to", "3"], ["d", "reset"], ["serve"], [], ["db"], ["serve", "--port", "x"],
             ["nope"], ["db", "migrate", "--bogus"]):
    try:
        print(argv, "->", tool.parse_args(argv))
    except SystemExit as e:
        print(argv, "-> SystemExit", e.code)
