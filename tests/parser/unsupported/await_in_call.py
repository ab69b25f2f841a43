print(1,
      await g())
