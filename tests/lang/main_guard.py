# The __name__ == "__main__" idiom with a main() that returns an exit status.
import sys
def parse(argv):
    return {"args": argv[1:], "prog": argv[0]}
def main(argv):
    opts = parse(argv)
    print("prog:", opts["prog"], "args:", opts["args"])
    print("__name__ is", repr(__name__))
    return 0
if __name__ == "__main__":
    status = main(sys.argv)
    print("main returned", status)
    sys.exit(status)
print("not reached when run as a script")
