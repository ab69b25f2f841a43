# Writing to stdout and stderr through print(file=...), write() and flush().
import sys
print("line 1 to stdout")
print("line 1 to stderr", file=sys.stderr)
sys.stdout.write("line 2 to stdout\n")
sys.stderr.write("line 2 to stderr\n")
sys.stdout.flush()
sys.stderr.flush()
out = sys.stdout
out.write("partial ")
out.write("line\n")
print("a", "b", sep=",", file=sys.stderr, end=";\n")
for i in range(3):
    print(i, file=sys.stderr if i % 2 else sys.stdout)
print(sys.stdout.writable(), sys.stderr.writable(), sys.stdout.encoding.lower().replace("-", ""))
saved = sys.stdout
class Capture:
    def __init__(self):
        self.text = ""
    def write(self, s):
        self.text += s
    def flush(self):
        pass
cap = Capture()
sys.stdout = cap
print("captured", 1, 2)
print("more")
sys.stdout = saved
print("captured text was:", repr(cap.text))
