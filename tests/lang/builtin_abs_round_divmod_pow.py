# abs, round, divmod and pow across numeric types.
print(abs(-3), abs(3), abs(-2.5), abs(-0.0), abs(3 + 4j), abs(True), abs(-(10 ** 30)), abs(float("-inf")))
print(round(3.14159), round(3.14159, 2), round(2.5), round(3.5), round(-2.5), round(7, -1), round(1e20), round(0.5 + 1e-16))
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), divmod(-17.5, 5), divmod(10 ** 20, 7))
print(pow(2, 10), pow(2.0, 3), pow(2, -2), pow(4, 0.5), pow(10, 20), pow(3, 4, 5), pow(-2, 3), pow(0, 0))
print(pow(base=2, exp=5), pow(2, 5, mod=3), round(number=1.2345, ndigits=2))
class Custom:
    def __abs__(self):
        return "abs called"
    def __round__(self, n=None):
        return f"round {n}"
    def __divmod__(self, o):
        return ("div", o)
    def __rdivmod__(self, o):
        return ("rdiv", o)
    def __pow__(self, e, m=None):
        return ("pow", e, m)
c = Custom()
print(abs(c), round(c), round(c, 3), divmod(c, 2), divmod(2, c), pow(c, 2), pow(c, 2, 5), c ** 3)
try:
    abs("x")
except TypeError as e:
    print("TypeError:", e)
try:
    pow(2, 0.5, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    round("x")
except TypeError as e:
    print("TypeError:", e)
