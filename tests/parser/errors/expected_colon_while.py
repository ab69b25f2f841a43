while x < 10
    x += 1
