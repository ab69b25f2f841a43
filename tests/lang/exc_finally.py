# finally always runs: with break, continue, return, and exceptions in handlers.
def f(mode):
    log = []
    for i in range(3):
        try:
            log.append(f"try{i}")
            if mode == "break" and i == 1:
                break
            if mode == "continue" and i == 1:
                continue
            if mode == "return" and i == 1:
                return log
            if mode == "raise" and i == 1:
                raise ValueError(i)
            log.append(f"body{i}")
        finally:
            log.append(f"fin{i}")
    return log
for m in ("none", "break", "continue", "return"):
    print(m, f(m))
try:
    f("raise")
except ValueError as e:
    print("raise", e)
def swallow():
    for i in range(2):
        try:
            raise KeyError(i)
        finally:
            break
    return "swallowed by break"
print(swallow())
def handler_raises():
    try:
        try:
            raise ValueError("original")
        except ValueError:
            raise TypeError("from handler")
        finally:
            print("finally after handler raised")
    except TypeError as e:
        return repr(e), repr(e.__context__)
print(handler_raises())
def nested():
    try:
        try:
            return "inner"
        finally:
            print("inner finally")
    finally:
        print("outer finally")
print(nested())
count = 0
while True:
    try:
        count += 1
        if count == 3:
            break
    finally:
        print("loop finally", count)
