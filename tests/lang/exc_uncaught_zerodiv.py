# Tracebacks mark the failing sub-expression with ~ and ^ (CPython 3.11 fine-grained locations).
def average(values):
    return sum(values) / len(values)
def report(groups):
    for name, values in groups.items():
        mean = average(values)
        print(f"{name}: {mean:.2f}")
report({"a": [1, 2, 3], "b": [10], "c": []})
