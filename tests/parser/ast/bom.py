# A UTF-8 byte-order mark opens this file.
x = "été"
if x:
    y = 1
