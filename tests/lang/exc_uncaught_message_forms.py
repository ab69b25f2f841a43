# The last traceback line for an exception whose str() is empty or multi-line.
import sys
class Silent(Exception):
    def __str__(self):
        return ""
try:
    raise Silent("hidden")
except Silent as e:
    print(repr(str(e)), e.args)
sys.stdout.flush()
raise ValueError("first line\nsecond line")
