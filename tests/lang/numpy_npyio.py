# .npy files: numpy_npyio_data/ holds files written by real numpy; what we
# write must be byte-identical to them and what we read must equal the arrays.
# Then tobytes / frombuffer / view, savetxt / loadtxt, file objects.
import os
import numpy as np

DATA = "numpy_npyio_data"
TMP = "/tmp/tirun_npyio_%d" % os.getpid()
os.mkdir(TMP)
arrs = {
    "i32": np.arange(6, dtype=np.int32).reshape(2, 3),
    "f32t": np.array([[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]], dtype=np.float32).T,
    "f64": np.array([0.1, -2.0, 1e300]),
    "scalar": np.array(3.25),
    "b": np.array([True, False, True]),
    "u8": np.array([[1, 255], [0, 7]], dtype=np.uint8),
    "i64": np.array([-(2**62), 5, 2**40]),
    "u16": np.array([65535, 1], dtype=np.uint16),
    "f16": np.array([0.5, -1.25, 65504.0], dtype=np.float16),
    "empty": np.zeros((0, 3)),
    "big": np.arange(2 * 3 * 4 * 5, dtype=np.int16).reshape(2, 3, 4, 5),
}
for k, a in arrs.items():
    np.save(os.path.join(TMP, k), a)
    with open(os.path.join(TMP, k + ".npy"), "rb") as f:
        mine = f.read()
    with open(os.path.join(DATA, "np_" + k + ".npy"), "rb") as f:
        theirs = f.read()
    b = np.load(os.path.join(DATA, "np_" + k + ".npy"))
    print(k, mine == theirs, b.dtype, b.shape, b.tolist() if b.size < 30 else sum(b.ravel().tolist()))

os.chdir(TMP)
a = np.arange(6, dtype=np.int32).reshape(2, 3)
print(a.tobytes(), a.T.tobytes(), a.tobytes("F"), np.array([1.5], dtype=np.float32).tobytes())
b = np.frombuffer(b"\x01\x00\x02\x00\x03\x00", dtype=np.int16)
print(b.tolist(), b.dtype)
print(np.frombuffer(b"\x00\x00\xc0?\x00\x00 @", dtype=np.float32).tolist(), np.frombuffer(b"abcdefgh", dtype=np.uint8, count=3, offset=2).tolist())
print(np.frombuffer(bytearray(b"\x05\x06"), dtype=np.uint8).tolist(), np.frombuffer(a.tobytes(), dtype=np.int32).reshape(2, 3).tolist())
for f in (lambda: np.frombuffer(b"abc", dtype=np.int16), lambda: np.frombuffer(b"abcd", dtype=np.int16, count=3), lambda: np.frombuffer(b"ab", offset=3)):
    try:
        f()
    except ValueError as e:
        print("ValueError", e)
x = np.array([1.0, 2.0], dtype=np.float32)
print(x.view(np.int32).tolist(), x.view(np.uint8).tolist(), x.view(np.float64).tolist(), x.view(np.int16).shape)
y = np.arange(4, dtype=np.uint8).reshape(2, 2)
print(y.view(np.uint16).tolist(), y.view(np.int8).tolist())
v = a.view(np.uint32)
v[0, 0] = 7
print(a.tolist())
try:
    np.arange(3, dtype=np.uint8).view(np.uint16)
except ValueError as e:
    print("ValueError", e)
np.savetxt("t1.txt", np.array([[1.5, 2.0], [3.25, -4.0]]))
print(open("t1.txt").read(), end="")
np.savetxt("t2.txt", np.arange(4), fmt="%d", delimiter=",", header="h", footer="f")
print(open("t2.txt").read(), end="")
np.savetxt("t3.txt", [[1, 2], [3, 4]], fmt="%.3f", delimiter=";")
print(open("t3.txt").read(), end="")
print(np.loadtxt("t1.txt").tolist(), np.loadtxt("t3.txt", delimiter=";").tolist(), np.loadtxt("t2.txt", delimiter=",").tolist())
with open("t4.txt", "w") as f:
    f.write("# comment\n1 2 3\n4 5 6 # tail\n\n7 8 9\n")
print(np.loadtxt("t4.txt").tolist(), np.loadtxt("t4.txt", dtype=np.int32).tolist(), np.loadtxt("t4.txt", skiprows=2).tolist(), np.loadtxt("t4.txt", unpack=True).tolist())
with open("t5.txt", "w") as f:
    f.write("3.5\n")
print(np.loadtxt("t5.txt").shape, np.loadtxt("t5.txt", ndmin=1).shape, np.loadtxt("t5.txt", ndmin=2).shape)
with open("f.npy", "wb") as f:
    np.save(f, np.array([1, 2, 3]))
with open("f.npy", "rb") as f:
    print(np.load(f).tolist())
np.save("noext", np.ones(2))
print(np.load("noext.npy").tolist())
try:
    np.load("missing.npy")
except FileNotFoundError as e:
    print("FileNotFoundError", e)
for name in os.listdir(TMP):
    os.remove(os.path.join(TMP, name))
os.chdir("/")
os.rmdir(TMP)
