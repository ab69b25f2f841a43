x = 1
async for item in source:
    pass
