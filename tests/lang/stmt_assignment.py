# Assignment forms: chained, augmented on attributes/subscripts, walrus, annotated, del.
a = b = c = 0
a += 1
print(a, b, c)
lst = [1, 2, 3]
lst[0] += 10
lst[-1] *= 2
print(lst)
d = {"k": 1}
d["k"] += 5
d["new"] = d.get("new", 0) + 1
print(d)
class O:
    pass
o = O()
o.v = 1
o.v += 1
o.v **= 3
print(o.v)
s = "ab"
s *= 3
print(s)
t = (1,)
t += (2,)
print(t)
if (m := len(lst)) > 2:
    print("walrus", m)
data = [1, 5, 10, 20]
print([y for x in data if (y := x * 2) > 8])
while (chunk := data[:2]):
    print("chunk", chunk)
    data = data[2:]
count: int = 5
label: str
print(count, "label" in globals())
x = [1, 2, 3, 4]
del x[0], x[-1]
print(x)
y = 1
del y
print("y" in globals())
i = 10
i //= 3
i <<= 2
i -= 1
i %= 5
i |= 8
i ^= 1
i &= 14
i >>= 1
print(i)
m = [[0, 0], [0, 0]]
m[1][0] = 7
m[0][1] += 3
print(m)
first, second = "xy"
print(first, second)
