# sys.exit("message") prints the message to stderr and exits with status 1.
import sys
def main():
    print("checking configuration")
    sys.exit("fatal: configuration file not found")
main()
