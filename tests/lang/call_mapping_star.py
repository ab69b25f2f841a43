# f(**m) and {**m} with a mapping that is not a dict: its keys() and m[key]
class Mapping:
    def keys(self):
        return ["a", "b", "abcdefghijklmnopqrst"]

    def __getitem__(self, key):
        return len(key)


def f(**kw):
    return sorted(kw.items())


print(f(**Mapping()), {**Mapping(), "z": 0}, dict(**Mapping()))
try:
    f(**Mapping(), a=2)
except TypeError as e:
    print("TypeError:", e)
try:
    f(**[1])
except TypeError as e:
    print("TypeError:", e)
