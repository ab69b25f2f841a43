# argparse help and usage layouts in corner cases: narrow widths and other indent steps, tuple metavars,
# nested and required exclusive groups, suppressed members, parents, subcommand prefixes, intermixed
# parsing, MetavarTypeHelpFormatter, version text wrapping and the positional-matching quirks.
import argparse
import sys

sys.stderr = sys.stdout


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except SystemExit as e:
        print(label, "-> exit", e.code)
    except Exception as e:
        print(label, "->", type(e).__name__, e)


def narrow(width, position, step=2):
    return lambda prog: argparse.HelpFormatter(prog, width=width, max_help_position=position, indent_increment=step)


for width, position, step in ((30, 24, 2), (18, 10, 1), (50, 40, 4), (12, 3, 0)):
    p = argparse.ArgumentParser(prog="lay", formatter_class=narrow(width, position, step),
                                description="A well-known, self-explanatory tool -- hyphen-rich and wordy.")
    p.add_argument("-n", "--count", type=int, metavar="N", help="how many times (default: %(default)s)", default=3)
    p.add_argument("--pair", nargs=2, metavar=("KEY", "VALUE"), help="a pair")
    p.add_argument("--star", nargs="*", metavar=("A", "B"), help="zero or more")
    p.add_argument("--mode", choices=["fast", "slow"], help="one of %(choices)s")
    p.add_argument("files", nargs="+", help="input files")
    g = p.add_argument_group("extra", "Extra settings for the curious.")
    g.add_argument("--level", type=int, help=argparse.SUPPRESS)
    g.add_argument("--tag", action="append", help="")
    p.print_help()
    print("---")

m = argparse.ArgumentParser(prog="mx")
outer = m.add_mutually_exclusive_group(required=True)
outer.add_argument("--a", action="store_true")
outer.add_argument("--b", help=argparse.SUPPRESS)
outer.add_argument("--c", nargs="?", const="C")
solo = m.add_mutually_exclusive_group(required=True)
solo.add_argument("--only")
opt = m.add_mutually_exclusive_group()
opt.add_argument("pos", nargs="?", default="P")
opt.add_argument("--pos-flag", action="store_true")
print(m.format_usage(), end="")
for argv in (["--a", "--only", "x"], ["--c", "--only", "1"], ["--a", "--c", "--only", "1"], ["--only", "1"],
             ["--a", "--only", "1", "val", "--pos-flag"], ["--a"]):
    attempt(argv, lambda: m.parse_args(argv))

base = argparse.ArgumentParser(add_help=False)
base.add_argument("--config", default="app.cfg")
shared = base.add_argument_group("shared", "Options every command takes.")
both = shared.add_mutually_exclusive_group()
both.add_argument("--quiet", action="store_true")
both.add_argument("--loud", action="store_true")
base.set_defaults(origin="base")
kid = argparse.ArgumentParser(prog="kid", parents=[base], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
kid.add_argument("target", nargs="?", default="all", help="what to build")
kid.add_argument("--jobs", type=int, default=2, help="parallel jobs")
kid.add_argument("--color", action=argparse.BooleanOptionalAction, default=True, help="colour output")
kid.print_help()
attempt("kid", lambda: kid.parse_args(["--quiet", "--no-color", "x"]))
attempt("kid conflict", lambda: kid.parse_args(["--quiet", "--loud"]))

top = argparse.ArgumentParser(prog="top", usage="%(prog)s [options] WHERE ...")
top.add_argument("where")
cmds = top.add_subparsers(dest="cmd", metavar="CMD", help="what to do")
go = cmds.add_parser("go", aliases=["g"], help="move somewhere")
go.add_argument("--speed", type=float, default=1.0)
cmds.add_parser("stop", help="stop moving")
cmds.add_parser("secret")
top.print_help()
go.print_help()
for argv in (["here", "go", "--speed", "2.5"], ["here", "g"], ["here", "stop", "extra"], ["here", "secret"],
             ["here", "fly"], ["here"]):
    attempt(argv, lambda: top.parse_known_args(argv))

typed = argparse.ArgumentParser(prog="typed", formatter_class=argparse.MetavarTypeHelpFormatter)
typed.add_argument("--ratio", type=float, help="a ratio")
typed.add_argument("count", type=int, nargs="+")
typed.print_help()

im = argparse.ArgumentParser(prog="im")
im.add_argument("--flag", action="store_true")
im.add_argument("cmd")
im.add_argument("nums", nargs="*", type=int)
attempt("known", lambda: im.parse_known_args(["run", "1", "--flag", "2", "3"]))
attempt("intermixed", lambda: im.parse_intermixed_args(["run", "1", "--flag", "2", "3"]))
attempt("intermixed missing", lambda: im.parse_intermixed_args(["--flag"]))

quirk = argparse.ArgumentParser(prog="quirk")
quirk.add_argument("first")
quirk.add_argument("more", nargs="*")
quirk.add_argument("--opt")
quirk.add_argument("last", nargs="?")
for argv in (["a", "--opt", "x", "b", "c"], ["a", "b", "--opt", "x", "c"], ["--opt", "x", "a", "b", "c"],
             ["a", "--", "--opt", "b"], ["-5", "-x"]):
    attempt(argv, lambda: quirk.parse_known_args(argv))

neg = argparse.ArgumentParser(prog="neg")
neg.add_argument("-1", dest="one", action="store_true")
neg.add_argument("value", nargs="?")
for argv in (["-1"], ["-2"], ["--", "-2"], ["-1", "-.5"]):
    attempt(argv, lambda: neg.parse_known_args(argv))

ver = argparse.ArgumentParser(prog="ver")
ver.add_argument("-V", "--version", action="version",
                 version="%(prog)s 3.1.4 -- built from a rather long description string that needs wrapping   too")
attempt("version", lambda: ver.parse_args(["--vers"]))
attempt("ns", lambda: argparse.Namespace(**{"odd key": 1, "x": [1, 2]}))
