def f(p):
    match p:
        case [a, b]:
            return a
        case _:
            return None
