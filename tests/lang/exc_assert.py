# assert statements and AssertionError.
def check(x):
    assert x > 0, f"x must be positive, got {x}"
    return x
print(check(5))
try:
    check(-1)
except AssertionError as e:
    print("AssertionError:", e, e.args)
try:
    assert False
except AssertionError as e:
    print("bare assert:", repr(e), e.args)
try:
    assert [], "empty list is falsy"
except AssertionError as e:
    print("AssertionError:", e)
try:
    assert 1 == 2, ("tuple", "message")
except AssertionError as e:
    print("AssertionError:", e.args)
assert True
assert 1, "never"
print("asserts passed", __debug__)
