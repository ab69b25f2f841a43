# An atomic update of a field element that only its own loop iteration touches
# is a plain load and store (Taichi's demote_atomics over uniquely accessed
# pointers); one that other iterations may touch stays atomic. The results are
# checked on all threads; demote_field_atomics_ir shows which ones were demoted.
import taichi as ti

ti.init(arch=ti.cpu)

n = 64
g = ti.Vector.field(2, ti.f32, (n, n))
m = ti.field(ti.f32, (n, n))
c = ti.field(ti.i32, (4, 8, 16))
h = ti.field(ti.i32, n)
k = ti.field(ti.i32, n + 2)
old = ti.field(ti.i32, n)


@ti.kernel
def grid():
    for i, j in m:  # every [i, j] its own: demoted
        g[i, j] = [i, j]
        m[i, j] += 1
        g[i, j].y -= 0.5
        g[i, j].x += m[i, j]
    for i, j, l in c:  # three digits of one flat index: demoted
        c[i, j, l] += i * 100 + j * 10 + l


@ti.kernel
def counts():
    for i in range(n * 16):  # h[i // 16]: 16 iterations share one element
        h[i // 16] += 1
    for i in range(n):  # k[i + 2] and k[i]: iterations i and i + 2 meet
        k[i + 2] += 1
        k[i] += 1
    for i in range(n):  # h[i] unique, but h[i % 4] below shares
        h[i] += 1
    for i in range(n * 4):
        h[i % 4] += 1
    for i in range(n):  # the old value comes back
        old[i] = ti.atomic_add(h[i], 100)


for rep in range(20):
    grid()
    counts()
print(m[3, 5], g[3, 5][0], g[3, 5][1], g[63, 0][0], g[63, 0][1])
print(c[0, 0, 0], c[3, 7, 15], c[2, 5, 9])
print(h[0], h[3], h[4], h[63])
print(k[0], k[1], k[2], k[3], k[63], k[64], k[65])
print(old[0], old[4], old[63])
