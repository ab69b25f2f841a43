x = 0
class Box[T]:
    pass
