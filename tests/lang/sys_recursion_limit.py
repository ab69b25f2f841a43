# sys.getrecursionlimit/setrecursionlimit and how they bound recursion depth.
import sys
print(sys.getrecursionlimit())
def depth(n):
    return n if n == 0 else 1 + depth(n - 1)
print(depth(500))
sys.setrecursionlimit(3000)
print(sys.getrecursionlimit(), depth(2500))
sys.setrecursionlimit(100)
try:
    depth(200)
except RecursionError as e:
    print("RecursionError:", e)
print(depth(50))
sys.setrecursionlimit(1000)
print(sys.getrecursionlimit())
for bad in (0, -1):
    try:
        sys.setrecursionlimit(bad)
    except ValueError as e:
        print("ValueError:", e)
