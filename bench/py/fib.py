# Benchmark: recursive Fibonacci (function-call overhead, small-int arithmetic).
N = 34


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def main():
    r = fib(N)
    print("fib", N, r)


main()
