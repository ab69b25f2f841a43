@ti.kernel
async def k():
    pass
