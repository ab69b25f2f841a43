# sys.exit(int) ends the program with that exit status; finally blocks still run.
import sys
print("before exit")
try:
    sys.exit(3)
finally:
    print("finally runs during exit")
print("not printed")
