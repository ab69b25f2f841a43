# Benchmark: a small class-based 3-vector library (operator dunders incl. reflected
# ones, __slots__, properties, classmethods, __eq__/__hash__/__repr__) driving a
# mass-spring particle chain, the kind of Python-scope glue Taichi programs set up
# data with.
STEPS = 4000
PARTICLES = 40


class Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self, x=0.0, y=0.0, z=0.0):
        self.x = x
        self.y = y
        self.z = z

    @classmethod
    def zero(cls):
        return cls(0.0, 0.0, 0.0)

    def __add__(self, o):
        return Vec3(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return Vec3(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, s):
        return Vec3(self.x * s, self.y * s, self.z * s)

    __rmul__ = __mul__

    def __truediv__(self, s):
        inv = 1.0 / s
        return Vec3(self.x * inv, self.y * inv, self.z * inv)

    def __neg__(self):
        return Vec3(-self.x, -self.y, -self.z)

    def __iadd__(self, o):
        self.x += o.x
        self.y += o.y
        self.z += o.z
        return self

    def __eq__(self, o):
        return isinstance(o, Vec3) and self.x == o.x and self.y == o.y and self.z == o.z

    def __hash__(self):
        return hash((self.x, self.y, self.z))

    def __getitem__(self, i):
        return (self.x, self.y, self.z)[i]

    def __iter__(self):
        yield self.x
        yield self.y
        yield self.z

    def __len__(self):
        return 3

    def __repr__(self):
        return f"Vec3({self.x:.6f}, {self.y:.6f}, {self.z:.6f})"

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def cross(self, o):
        return Vec3(self.y * o.z - self.z * o.y,
                    self.z * o.x - self.x * o.z,
                    self.x * o.y - self.y * o.x)

    @property
    def length(self):
        return self.dot(self) ** 0.5

    def normalized(self):
        return self / self.length


class Particle:
    def __init__(self, pos, mass):
        self.pos = pos
        self.vel = Vec3.zero()
        self.force = Vec3.zero()
        self.mass = mass
        self.pinned = False


class Spring:
    def __init__(self, a, b, rest, k):
        self.a = a
        self.b = b
        self.rest = rest
        self.k = k

    def apply(self):
        d = self.b.pos - self.a.pos
        length = d.length
        f = d.normalized() * (self.k * (length - self.rest))
        self.a.force += f
        self.b.force += -f


class World:
    def __init__(self, n):
        self.particles = [Particle(Vec3(i * 0.1, 0.0, 0.02 * (i % 3)), 1.0 + 0.01 * i)
                          for i in range(n)]
        self.particles[0].pinned = True
        self.springs = [Spring(self.particles[i], self.particles[i + 1], 0.1, 500.0)
                        for i in range(n - 1)]
        self.gravity = Vec3(0.0, -9.8, 0.0)
        self.damping = 0.999

    def step(self, dt):
        for p in self.particles:
            p.force = self.gravity * p.mass
        for s in self.springs:
            s.apply()
        for p in self.particles:
            if p.pinned:
                continue
            p.vel = (p.vel + p.force * (dt / p.mass)) * self.damping
            p.pos += dt * p.vel

    def energy(self):
        e = 0.0
        for p in self.particles:
            e += 0.5 * p.mass * p.vel.dot(p.vel) - p.mass * self.gravity.dot(p.pos)
        for s in self.springs:
            stretch = (s.b.pos - s.a.pos).length - s.rest
            e += 0.5 * s.k * stretch * stretch
        return e


def main():
    w = World(PARTICLES)
    for _ in range(STEPS):
        w.step(0.001)
    tip = w.particles[-1].pos
    axis = Vec3(1.0, 0.0, 0.0).cross(tip)
    seen = {Vec3(float(i % 5), 0.0, 0.0) for i in range(100)}
    print("vec_math %.6f" % w.energy(), tip, axis, len(seen), sum(tip), len(tip),
          Vec3(1.0, 2.0, 3.0) == Vec3(1.0, 2.0, 3.0))


main()
