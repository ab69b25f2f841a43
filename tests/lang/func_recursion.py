# Recursion: classic recursive functions and mutual recursion.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print([fact(n) for n in range(10)], fact(30))
print([fib(n) for n in range(20)])
def hanoi(n, src, dst, via, moves):
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append((src, dst))
        hanoi(n - 1, via, dst, src, moves)
    return moves
m = hanoi(4, "A", "C", "B", [])
print(len(m), m[:5])
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(301))
def perms(s):
    if len(s) <= 1:
        return [s]
    return [c + p for i, c in enumerate(s) for p in perms(s[:i] + s[i + 1:])]
print(perms("abc"), len(perms("abcde")))
def flatten(x):
    if not isinstance(x, list):
        return [x]
    return [y for item in x for y in flatten(item)]
print(flatten([1, [2, [3, [4, [5]]]], [], [[6]]]))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3), ackermann(3, 3))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def power_set(s):
    if not s:
        return [[]]
    rest = power_set(s[1:])
    return rest + [[s[0]] + r for r in rest]
print(power_set([1, 2, 3]))
