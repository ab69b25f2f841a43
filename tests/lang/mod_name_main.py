# __name__ is "__main__" in the script and the module's dotted name inside an imported module.
import mods.mainguard
print(__name__, mods.mainguard.who(), mods.mainguard.__name__)
def main():
    print("main() runs because this file is the script")
if __name__ == "__main__":
    main()
else:
    print("not printed")
import sys
print(sys.modules["__main__"].__name__, sys.modules["__main__"].main is main)
