async with lock as held:
    pass
