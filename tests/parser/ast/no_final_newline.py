x = 1
z = "a string"
if x:
    y = [1,
         2]
    if y:
        w = 1