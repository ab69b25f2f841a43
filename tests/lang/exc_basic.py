# try/except/else/finally: which blocks run in every combination.
def run(fail):
    try:
        print("try", fail)
        if fail == "value":
            raise ValueError("bad value")
        if fail == "key":
            raise KeyError("k")
        if fail == "other":
            raise RuntimeError("other")
    except ValueError as e:
        print("except ValueError:", e)
    except (KeyError, IndexError) as e:
        print("except lookup:", repr(e))
    else:
        print("else")
    finally:
        print("finally")
for f in (None, "value", "key"):
    run(f)
try:
    run("other")
except RuntimeError as e:
    print("outer caught", e)
try:
    raise TypeError
except TypeError as e:
    print("bare class raised:", repr(e), e.args, str(e) == "")
try:
    try:
        1 / 0
    finally:
        print("inner finally")
except ZeroDivisionError:
    print("zero")
def reraise():
    try:
        int("x")
    except ValueError:
        print("logging and re-raising")
        raise
try:
    reraise()
except ValueError as e:
    print("re-raised:", e)
e = "before"
try:
    raise ValueError("x")
except ValueError as e:
    pass
try:
    print(e)
except NameError as err:
    print("NameError:", err)
try:
    pass
except Exception:
    print("never")
else:
    print("else without exception")
