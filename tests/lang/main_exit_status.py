# A script whose main() returns a non-zero status passed to sys.exit (the exit code of the process).
import sys
def main():
    errors = [name for name in ("ok", "bad", "worse") if name != "ok"]
    for e in errors:
        print("error:", e, file=sys.stderr)
    print(len(errors), "errors")
    return 4 if errors else 0
if __name__ == "__main__":
    sys.exit(main())
