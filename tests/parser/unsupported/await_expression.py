def f():
    return 1
y = await f()
