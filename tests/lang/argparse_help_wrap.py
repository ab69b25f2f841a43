# argparse help layout: long usage lines wrap under the prog, long help strings wrap at the help column,
# long invocations push help to the next line, and hyphenated words may be split when wrapping.
import argparse
parser = argparse.ArgumentParser(
    prog="wrapper",
    description="This tool demonstrates how argparse wraps a rather long description paragraph that does not "
                "fit on one line; whitespace   runs\tand\nnewlines are collapsed before wrapping.",
    epilog="See also: the well-known, comma-separated, self-explanatory documentation -- and more.")
parser.add_argument("input_file", help="the file to read; it must exist and be readable by the current user")
parser.add_argument("extra", nargs="*", help="additional positional values")
parser.add_argument("-o", "--output-directory", metavar="DIR", default="build",
                    help="directory where the generated artifacts are written (default: %(default)s)")
parser.add_argument("-j", "--jobs", type=int, default=4, help="number of parallel jobs")
parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"], default="info",
                    help="verbosity, one of %(choices)s")
parser.add_argument("--a-very-long-option-name-that-overflows", action="store_true",
                    help="an option whose invocation is wider than the help column")
parser.add_argument("--define", metavar=("KEY", "VALUE"), nargs=2, action="append",
                    help="define a key/value pair; may be repeated as often as needed for configuration")
parser.add_argument("--hidden", help=argparse.SUPPRESS)
parser.add_argument("--url", help="https://example.com/a/very/long/path/that/cannot/be/broken/anywhere/at/all/index.html")
parser.print_help()
print("---")
parser.print_usage()
print("---")
narrow = argparse.ArgumentParser(prog="narrow", description="Narrow formatter with long-winded, hyphen-rich text.",
                                 formatter_class=lambda prog: argparse.HelpFormatter(prog, width=40, max_help_position=16))
narrow.add_argument("--alpha", help="first option with quite a long explanation that wraps several times")
narrow.add_argument("--beta-gamma", nargs="?", const=1, help="second")
narrow.add_argument("names", nargs="+", help="names")
narrow.print_help()
print("---")
longprog = argparse.ArgumentParser(prog="a-program-with-an-extraordinarily-long-name-for-testing")
for i in range(6):
    longprog.add_argument("--option-%d" % i, metavar="VALUE")
longprog.add_argument("target")
print(longprog.format_usage(), end="")
print("---")
raw = argparse.ArgumentParser(prog="raw", formatter_class=argparse.RawTextHelpFormatter,
                              description="Keeps\n  its own\n    layout.")
raw.add_argument("--mode", help="one of:\n  fast - quick\n  slow - careful")
raw.print_help()
print("---")
dflt = argparse.ArgumentParser(prog="dflt", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                               description="  Leading spaces and\n\n  blank lines are squeezed.")
dflt.add_argument("--size", type=int, default=10, help="the size")
dflt.add_argument("--name", help="the name")
dflt.add_argument("count", nargs="?", default=1, help="how many")
dflt.add_argument("--flag", action="store_true", help="a flag")
dflt.print_help()
