def f(class):
    pass
