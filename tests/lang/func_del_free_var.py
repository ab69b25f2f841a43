# del of a cell variable that holds no value: UnboundLocalError in its own
# scope, NameError through nonlocal, as reading it
def outer():
    x = 1

    def read():
        nonlocal x
        try:
            print(x)
        except NameError as e:
            print(type(e).__name__, e)

    def delete():
        nonlocal x
        try:
            del x
        except NameError as e:
            print(type(e).__name__, e)

    del x
    read()
    delete()
    try:
        del x
    except NameError as e:
        print(type(e).__name__, e)
    x = 2
    delete()
    read()


outer()
