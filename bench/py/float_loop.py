# Benchmark: float arithmetic loops (Mandelbrot escape counts, series, Newton iterations,
# trapezoid integration), with int/float mixing and float comparisons.
SIZE = 260


def mandelbrot(size, max_iter):
    total = 0
    for py in range(size):
        ci = 2.0 * py / size - 1.0
        for px in range(size):
            cr = 3.0 * px / size - 2.0
            zr = 0.0
            zi = 0.0
            n = 0
            while n < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                n += 1
            total += n
    return total


def leibniz(n):
    s = 0.0
    sign = 1.0
    for k in range(n):
        s += sign / (2 * k + 1)
        sign = -sign
    return 4.0 * s


def newton_sqrt_sum(n):
    s = 0.0
    for i in range(1, n):
        x = float(i)
        g = x * 0.5 + 1.0
        for _ in range(6):
            g = 0.5 * (g + x / g)
        s += g
    return s


def integrate(n):
    # trapezoid rule of x*x*(1-x)/(1+x*x) on [0, 1]
    h = 1.0 / n
    s = 0.0
    for i in range(n + 1):
        x = i * h
        y = x * x * (1.0 - x) / (1.0 + x * x)
        if i == 0 or i == n:
            y *= 0.5
        s += y
    return s * h


def main():
    m = mandelbrot(SIZE, 60)
    p = leibniz(1800000)
    r = newton_sqrt_sum(350000)
    q = integrate(1800000)
    print("float_loop", m, repr(p), repr(r), repr(q))


main()
