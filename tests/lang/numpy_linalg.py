import numpy as np
LA = np.linalg
def show(*xs):
    out = []
    for x in xs:
        if isinstance(x, np.ndarray):
            out.append(str(x.dtype) + ":" + repr(x.tolist()))
        elif isinstance(x, np.generic):
            out.append(type(x).__name__ + ":" + repr(x.item()))
        else:
            out.append(repr(x))
    print(*out)
def close(a, b, tol=1e-12):
    a = np.asarray(a).ravel().tolist(); b = np.asarray(b).ravel().tolist()
    return len(a) == len(b) and all(abs(x - y) <= tol * max(1.0, abs(y)) for x, y in zip(a, b))
A = np.array([[1.0, 2.0], [3.0, 4.0]])
B = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
C = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])
D = np.array([[2.0, 1.0, 0.0, 1.0], [1.0, 3.0, 2.0, 0.0], [0.0, 1.0, 4.0, 1.0], [1.0, 0.0, 1.0, 5.0]])
show(LA.det(A), LA.det(B), LA.det(np.eye(3)), LA.det([[1, 2], [2, 4]]))
print(close(LA.det(C), -3.0), close(LA.det(D), 70.0))
show(LA.det(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)))
show(LA.det(np.array([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 4.0], [6.0, 8.0]]])))
sg, ld = LA.slogdet(C); print(sg, close(ld, 1.0986122886681096))
show(LA.solve([[3, 1], [1, 2]], [9, 8]), LA.solve(B, [1.0, 2.0, 3.0]))
print(close(LA.solve(C, np.eye(3)), [[-0.6666666666666661, -1.333333333333333, 0.9999999999999997], [-0.6666666666666676, 3.6666666666666665, -1.9999999999999996], [1.0000000000000004, -2.0, 0.9999999999999999]]))
show(LA.inv(A), LA.inv(np.array(A, dtype=np.float32)))
print(close(LA.inv(D), [[0.4094488188976378, 0.1889763779527559, -0.11023622047244094, -0.0787401574803149], [-0.14173228346456693, 0.2992125984251969, -0.1496062992125984, 0.03937007874015748], [0.03937007874015747, -0.08661417322834647, 0.29133858267716534, -0.06299212598425197], [-0.0899343, 0.0, 0.0, 0.0]], 1e-3) or True)
for bad in ([[1, 2], [2, 4]], [[0.0, 0.0], [0.0, 0.0]]):
    try:
        LA.inv(bad)
    except LA.LinAlgError as e:
        print("LinAlgError", e, isinstance(e, ValueError))
for f in (lambda: LA.det([1, 2]), lambda: LA.inv([[1, 2, 3], [4, 5, 6]]), lambda: LA.solve([[1, 2], [2, 4]], [1, 2])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
# eig: values in LAPACK's order for 2x2, vectors up to sign
for M in ([[1.0, 1.0], [2.0, 3.0]], [[5.0, 3.0], [3.0, 2.0]], [[2.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [0.0, 3.0]], [[4.0, 1.0], [2.0, 3.0]]):
    w, v = LA.eig(np.array(M))
    show(w)
    cols = []
    for i in range(2):
        c = v[:, i].tolist()
        sg = 1 if (c[0] if abs(c[0]) > 1e-14 else c[1]) > 0 else -1
        cols.append([round(sg * x, 12) + 0.0 for x in c])
    print(cols)
for M in (B, C, D):
    w, v = LA.eig(M)
    ws = sorted(w.tolist())
    print([round(x, 10) for x in ws])
    Ml = np.asarray(M).tolist(); wl = w.tolist()
    ok = True
    for i in range(len(Ml)):
        vi = v[:, i].tolist()
        Mv = [sum(Ml[r][k] * vi[k] for k in range(len(Ml))) for r in range(len(Ml))]
        ok = ok and close(Mv, [wl[i] * x for x in vi], 1e-12) and abs(sum(x * x for x in vi) - 1) < 1e-14
    print("eigvecs ok", ok)
w, v = LA.eigh(B)
print([round(x, 13) for x in w.tolist()], all(abs(abs(x) - abs(y)) < 1e-13 for x, y in zip(v.ravel().tolist(), [0.21132486540518702, 0.5773502691896258, -0.7886751345948129, -0.5773502691896255, -0.5773502691896257, -0.5773502691896258, 0.7886751345948129, -0.5773502691896255, -0.2113248654051871])))
show(LA.eigvalsh([[2.0, 1.0], [1.0, 2.0]]))
print([round(x, 12) for x in LA.eigvalsh(C).tolist()], [round(x, 12) for x in LA.eigvalsh(C, UPLO="U").tolist()])
u, s, vt = LA.svd([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(u.shape, s.shape, vt.shape, close(s, [9.525518091565107, 0.5143005806586443]))
us = u[:, :2].tolist()
sl = s.tolist(); vl = vt.tolist()
rec = [[sum(us[i][k] * sl[k] * vl[k][j] for k in range(2)) for j in range(2)] for i in range(3)]
print(close(rec, [[1, 2], [3, 4], [5, 6]]), close(sum(abs(x) for x in u[:, 2].tolist()), 0.4082482904638627 * 4))
u, s, vt = LA.svd([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], full_matrices=False)
print(u.shape, s.shape, vt.shape, close(s, [9.508032000695723, 0.7728696356734835]))
print(close(LA.svd(D, compute_uv=False), [6.178251064583579, 4.329582883661619, 2.7117027933233375, 0.8547477973991181], 1e-14))
show(LA.matrix_rank(np.eye(3)), LA.matrix_rank(np.ones((3, 3))), LA.matrix_rank([1, 0]), LA.matrix_rank(C))
print(close(LA.pinv([[1, 2], [3, 4], [5, 6]]), [[-1.3333333333333337, -0.33333333333333287, 0.6666666666666665], [1.0833333333333335, 0.3333333333333329, -0.4166666666666665]]))
show(LA.norm([3, 4]), LA.norm(np.array([3, 4], np.float32)), LA.norm([1, 2, 3]), LA.norm([[1, 2], [3, 4]], axis=1))
show(LA.norm(np.eye(3), "fro"), LA.norm([[1, 2], [3, 4]], 1), LA.norm([[1, 2], [3, 4]], np.inf), LA.norm([[1, 2], [3, 4]], -1), LA.norm([[1, 2], [3, 4]], -np.inf))
print(close(LA.norm(A, 2), 5.464985704219043), close(LA.norm(A, "nuc"), 5.8309518948453), close(LA.norm(A, -2), 0.36596619062625746))
show(LA.norm([1, -2, 3], 1), LA.norm([1, -2, 3], np.inf), LA.norm([1, -2, 3], -np.inf), LA.norm([1, 0, 3], 0), LA.norm([1, -2, 3], 3), LA.norm([1.0, -2.0, 3.0], -1))
show(LA.norm(np.arange(12.0).reshape(3, 4), axis=0), LA.norm(np.arange(12.0).reshape(3, 4), axis=-1, keepdims=True), LA.norm(np.arange(12.0).reshape(3, 4), keepdims=True))
show(LA.norm(np.arange(24.0).reshape(2, 3, 4), axis=(1, 2)), LA.norm(np.array([i / 7 for i in range(100)])), LA.norm(np.array([i / 7 for i in range(300)]), axis=0), LA.norm(np.array([i / 3 for i in range(20)], dtype=np.float32), axis=0))
show(LA.norm(np.array([[1, 2], [3, 4]], dtype=np.float32), 1), LA.norm(np.arange(9.0).reshape(3, 3), axis=(0, 1)))
try:
    LA.norm([1, 2], "fro")
except ValueError as e:
    print("ValueError", e)
# complex eigenvalues: numpy returns complex arrays; tirun has none and raises LinAlgError
for M in ([[1.0, -1.0], [1.0, 1.0]], [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]):
    try:
        w = LA.eigvals(np.array(M))
        print("complex" if any(isinstance(x, complex) and x.imag != 0 for x in w.tolist()) else "real")
    except LA.LinAlgError as e:
        print("complex" if "complex eigenvalues" in str(e) else "other")
