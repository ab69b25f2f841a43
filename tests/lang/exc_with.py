# Exceptions raised inside __enter__, __exit__, and with-bodies.
class CM:
    def __init__(self, name, fail_enter=False, fail_exit=False):
        self.name, self.fail_enter, self.fail_exit = name, fail_enter, fail_exit
    def __enter__(self):
        print("enter", self.name)
        if self.fail_enter:
            raise RuntimeError(f"{self.name} enter failed")
        return self
    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None)
        if self.fail_exit:
            raise RuntimeError(f"{self.name} exit failed")
        return False
try:
    with CM("a"), CM("b", fail_enter=True), CM("c"):
        print("body")
except RuntimeError as e:
    print("caught", e)
try:
    with CM("x", fail_exit=True):
        raise ValueError("body error")
except RuntimeError as e:
    print("caught", e, "context:", repr(e.__context__))
try:
    with CM("outer"):
        with CM("inner"):
            raise KeyError("deep")
except KeyError as e:
    print("caught", repr(e))
class Suppress:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        if t is not None:
            print("suppressing", t.__name__, v)
            self.seen = v
            return True
with Suppress() as s:
    raise IndexError("i")
print("continuing, saw", repr(s.seen), tb_is_set := s.seen.__traceback__ is not None)
