# bytearray: the mutable sibling of bytes.
ba = bytearray(b"hello")
print(ba, len(ba), ba[0], ba[1:3])
ba[0] = 72
ba.append(33)
ba.extend(b" ok")
print(ba, bytes(ba), ba.decode())
ba[1:3] = b"EE"
del ba[0]
print(ba, ba.pop(), ba, ba.find(b"l"))
ba.insert(0, 74)
ba.reverse()
print(ba, ba.upper(), bytearray(3), bytearray([1, 2]), bytearray("é", "utf-8"))
print(bytearray(b"abc") == b"abc", b"abc" + bytearray(b"d"), bytearray(b"x") * 3)
ba2 = bytearray(b"a,b")
ba2 += b",c"
print(ba2.split(b","), ba2.replace(b",", b";"), ba2.hex(), list(ba2))
try:
    ba2[0] = 300
except ValueError as e:
    print("ValueError:", e)
ba2.clear()
print(ba2, len(ba2), bytearray.fromhex("41 42"))
