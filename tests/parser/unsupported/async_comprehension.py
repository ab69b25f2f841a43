xs = [x async for x in source()]
