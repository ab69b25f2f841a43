# An exception raised while handling another prints both, joined by "During handling ...".
def cleanup(resource):
    raise RuntimeError(f"cannot release {resource}")
def work():
    try:
        values = [1, 2, 3]
        return values[10]
    except IndexError:
        cleanup("lock")
print("working")
work()
