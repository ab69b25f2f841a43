# Benchmark: the classic n-body simulation of the Jovian planets (symplectic Euler
# steps over all pairs), float arithmetic on list elements and tuple unpacking.
STEPS = 160000

PI = 3.14159265358979323
SOLAR_MASS = 4 * PI * PI
DAYS_PER_YEAR = 365.24


def make_body(x, y, z, vx, vy, vz, mass):
    # [position list, velocity list, mass]
    return [[x, y, z],
            [vx * DAYS_PER_YEAR, vy * DAYS_PER_YEAR, vz * DAYS_PER_YEAR],
            mass * SOLAR_MASS]


def make_system():
    sun = make_body(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    jupiter = make_body(4.84143144246472090e+00, -1.16032004402742839e+00,
                        -1.03622044471123109e-01, 1.66007664274403694e-03,
                        7.69901118419740425e-03, -6.90460016972063023e-05,
                        9.54791938424326609e-04)
    saturn = make_body(8.34336671824457987e+00, 4.12479856412430479e+00,
                       -4.03523417114321381e-01, -2.76742510726862411e-03,
                       4.99852801234917238e-03, 2.30417297573763929e-05,
                       2.85885980666130812e-04)
    uranus = make_body(1.28943695621391310e+01, -1.51111514016986312e+01,
                       -2.23307578892655734e-01, 2.96460137564761618e-03,
                       2.37847173959480950e-03, -2.96589568540237556e-05,
                       4.36624404335156298e-05)
    neptune = make_body(1.53796971148509165e+01, -2.59193146099879641e+01,
                        1.79258772950371181e-01, 2.68067772490389322e-03,
                        1.62824170038242295e-03, -9.51592254519715870e-05,
                        5.15138902046611451e-05)
    return [sun, jupiter, saturn, uranus, neptune]


def all_pairs(bodies):
    pairs = []
    n = len(bodies)
    for i in range(n):
        for j in range(i + 1, n):
            pairs.append((bodies[i], bodies[j]))
    return pairs


def offset_momentum(bodies):
    px = py = pz = 0.0
    for pos, vel, m in bodies:
        px -= vel[0] * m
        py -= vel[1] * m
        pz -= vel[2] * m
    sun_vel = bodies[0][1]
    sun_vel[0] = px / SOLAR_MASS
    sun_vel[1] = py / SOLAR_MASS
    sun_vel[2] = pz / SOLAR_MASS


def energy(bodies, pairs):
    e = 0.0
    for (p1, v1, m1), (p2, v2, m2) in pairs:
        dx = p1[0] - p2[0]
        dy = p1[1] - p2[1]
        dz = p1[2] - p2[2]
        e -= (m1 * m2) / ((dx * dx + dy * dy + dz * dz) ** 0.5)
    for pos, vel, m in bodies:
        e += m * (vel[0] * vel[0] + vel[1] * vel[1] + vel[2] * vel[2]) / 2.0
    return e


def advance(bodies, pairs, dt, steps):
    for _ in range(steps):
        for (p1, v1, m1), (p2, v2, m2) in pairs:
            dx = p1[0] - p2[0]
            dy = p1[1] - p2[1]
            dz = p1[2] - p2[2]
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * d2 ** 0.5)
            b1 = m1 * mag
            b2 = m2 * mag
            v1[0] -= dx * b2
            v1[1] -= dy * b2
            v1[2] -= dz * b2
            v2[0] += dx * b1
            v2[1] += dy * b1
            v2[2] += dz * b1
        for pos, vel, m in bodies:
            pos[0] += dt * vel[0]
            pos[1] += dt * vel[1]
            pos[2] += dt * vel[2]


def main():
    bodies = make_system()
    pairs = all_pairs(bodies)
    offset_momentum(bodies)
    e0 = energy(bodies, pairs)
    advance(bodies, pairs, 0.01, STEPS)
    e1 = energy(bodies, pairs)
    print("nbody %.9f %.9f" % (e0, e1))


main()
