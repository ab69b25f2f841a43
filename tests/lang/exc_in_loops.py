# Exceptions used for control flow: retries, EAFP, converting and collecting errors.
def parse_all(items):
    ok, errors = [], []
    for s in items:
        try:
            ok.append(int(s))
        except ValueError as e:
            errors.append(str(e))
    return ok, errors
print(parse_all(["1", "x", "3", "", "4.0", "-7"]))
attempts = 0
def flaky():
    global attempts
    attempts += 1
    if attempts < 3:
        raise ConnectionError(f"attempt {attempts} failed")
    return "success"
for i in range(5):
    try:
        print(flaky(), "after", attempts, "attempts")
        break
    except ConnectionError as e:
        print("retrying:", e)
d = {"a": 1}
for key in ("a", "b"):
    try:
        v = d[key]
    except KeyError:
        v = "default"
    print(key, v)
def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return float("inf")
    except TypeError:
        return None
print([safe_div(1, x) for x in (2, 0, "s")])
it = iter([1, 2, 3])
while True:
    try:
        v = next(it)
    except StopIteration:
        print("iteration finished")
        break
    print("value", v)
errors = []
for exc in (ValueError, TypeError, KeyError, IndexError):
    try:
        raise exc("msg")
    except (ValueError, TypeError) as e:
        errors.append(("first", type(e).__name__))
    except LookupError as e:
        errors.append(("lookup", type(e).__name__))
print(errors)
