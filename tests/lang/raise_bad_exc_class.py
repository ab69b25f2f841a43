# raising a class whose call returns no exception: TypeError naming the class by its repr
class BadException(BaseException):
    def __new__(cls, *args):
        return 1


try:
    raise BadException
except TypeError as e:
    print(type(e).__name__, e)

try:
    raise BadException()
except TypeError as e:
    print(type(e).__name__, e)


def gen():
    yield 1


g = gen()
next(g)
try:
    g.throw(BadException)
except TypeError as e:
    print("throw:", type(e).__name__, e)
g = gen()
next(g)
try:
    g.throw(ValueError)
except ValueError as e:
    print("throw:", type(e).__name__, e.args)
