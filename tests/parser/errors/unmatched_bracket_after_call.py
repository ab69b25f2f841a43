f(x)]
