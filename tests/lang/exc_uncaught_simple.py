# An uncaught exception ends the program with a traceback on stderr and exit code 1.
def parse(text):
    return int(text)
def load(items):
    total = 0
    for item in items:
        total += parse(item)
        print("loaded", item, total)
    return total
print("start")
result = load(["1", "2", "three", "4"])
print("never reached", result)
