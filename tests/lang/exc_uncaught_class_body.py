# Tracebacks name class-body frames after the class and show nested call sites.
def default_size():
    return {"small": 1}["large"]
class Widget:
    name = "widget"
    size = default_size()
print("unreachable")
