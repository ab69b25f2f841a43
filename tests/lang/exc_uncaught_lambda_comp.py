# Traceback frames inside a list comprehension, a lambda, and a generator expression.
convert = lambda s: int(s, 16)
print([convert(s) for s in ["ff", "10"]])
print(sum(convert(s) for s in ["1", "2"]))
print([convert(s) for s in ["a", "zz"]])
