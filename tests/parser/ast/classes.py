# class: bases, keywords, metaclass, decorators, nesting, bodies.
class A:
    pass

class B(A):
    x = 1

class C(A, B, metaclass=Meta, flag=True):
    def method(self):
        return self

class D(*bases, **kwds):
    pass

class E():
    """Docstring."""
    a: int
    b: str = 'b'

    def __init__(self, a):
        self.a = a

    @property
    def prop(self):
        return self.a

    @staticmethod
    def s(): ...

    @classmethod
    def c(cls): ...

    class Inner:
        class Innermost: pass

@dataclass
@register(name='F')
class F(Generic[T]): x: int = 0

@ti.data_oriented
class Sim:
    def __init__(self, n):
        self.x = ti.field(ti.f32, shape=n)

    @ti.kernel
    def step(self):
        for i in self.x:
            self.x[i] += 1.0

class G(A, B, C,): pass
