# print(): sep, end, file, flush, and printing of various objects.
import sys
print()
print("a", "b", "c")
print("a", "b", "c", sep="")
print("a", "b", "c", sep=", ", end=" <end>\n")
print(1, 2.5, None, True, [1, "x"], (2,), {"k": 1}, sep="|")
print("no newline", end="")
print(" continued")
print("to stdout", file=sys.stdout)
print("to stderr", file=sys.stderr)
print("flushed", flush=True)
print(*range(5), sep="-")
print(*[], sep="x", end="[empty]\n")
print("multi\nline", "text")
print("sep=None uses space", sep=None)
print("end=None uses newline", end=None)
print("", "", sep="|")
class W:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        self.parts.append("<flush>")
w = W()
print("x", 1, file=w, flush=True)
print("y", file=w, end="!")
print(w.parts)
try:
    print("bad", sep=1)
except TypeError as e:
    print("TypeError:", e)
try:
    print("bad", end=[])
except TypeError as e:
    print("TypeError:", e)
sys.stdout.write("via write\n")
print(sys.stdout.write("counted\n"))
print("unicode ✓ é 日本", "emoji 😀")
print(print)
