# Function objects: __name__, __qualname__, __doc__, __defaults__, custom attributes, callable().
def documented(a, b=2):
    """Docstring here."""
    return a
print(documented.__name__, documented.__qualname__, documented.__doc__, documented.__defaults__)
print(documented.__module__, callable(documented), callable(3), callable(print), callable(int))
documented.extra = "custom"
print(documented.extra, hasattr(documented, "extra"), getattr(documented, "missing", "no"))
def outer():
    def inner():
        pass
    return inner
print(outer().__qualname__, outer().__name__)
class K:
    def method(self):
        pass
    @staticmethod
    def st():
        pass
print(K.method.__qualname__, K.st.__qualname__, K().method.__name__, K().method.__func__ is K.method)
def nodoc():
    pass
print(nodoc.__doc__, nodoc(), (lambda: None).__doc__)
f = documented
del documented
print(f(5), f.__name__)
print(type(f).__name__, type(len).__name__, type(K().method).__name__)
def annotated(x: int, y: "str" = "a") -> bool:
    return True
print(annotated.__annotations__)
