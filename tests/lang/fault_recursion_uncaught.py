# Uncaught infinite recursion: the traceback collapses repeated frames ("Previous line repeated N more times").
def countdown(n):
    if n == -10 ** 9:
        return n
    return countdown(n - 1)
print("starting")
countdown(0)
