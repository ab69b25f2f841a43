import asyncio

async def main():
    pass
