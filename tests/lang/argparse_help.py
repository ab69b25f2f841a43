# argparse help output (print_help and format_usage) for a parser with several argument kinds.
import argparse
parser = argparse.ArgumentParser(prog="convert", description="Convert files between formats.",
                                 epilog="Example: convert in.csv out.json --format json")
parser.add_argument("inputs", nargs="+", help="input files")
parser.add_argument("output", help="where to write the result")
parser.add_argument("-f", "--format", choices=["csv", "json", "xml"], default="csv", help="output format (default: %(default)s)")
parser.add_argument("-q", "--quiet", action="store_true", help="print nothing")
parser.add_argument("--level", type=int, metavar="N", help="compression level")
parser.add_argument("--tag", action="append", default=[], help="add a tag; may repeat")
parser.add_argument("--dry-run", action="store_true")
parser.print_help()
print("---")
print(parser.format_usage(), end="")
print("---")
print(parser.parse_args(["a", "b", "c", "-f", "json", "--tag", "x", "--tag", "y", "--level", "9"]))
