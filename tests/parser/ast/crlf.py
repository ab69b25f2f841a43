# CRLF line endings throughout.
x = 1
if x:
    y = """a
b"""
    z = (1,
         2)
def f():
    return \
        1
s = f"{x}\r\n"
