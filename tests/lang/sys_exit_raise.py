# raise SystemExit(N) from nested code exits with N without a traceback.
def deep(n):
    if n == 0:
        print("raising SystemExit(42)")
        raise SystemExit(42)
    deep(n - 1)
deep(5)
