# Raises from inside a helper module, for traceback tests.
class HelperError(Exception):
    pass
def explode(depth):
    if depth == 0:
        raise HelperError("exploded inside the helper module")
    return explode(depth - 1)
