def triple(x):
    return 3 * x
