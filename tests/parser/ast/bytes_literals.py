# Bytes: escapes, high bytes, quote choice in the repr.
a = b'\x00\x01\x7f\x80\xff'
b = b'\n\t\r\\\'\"\a\b\f\v\0\101\377'
c = b"'" + b'"' + b'\'"' + b"it's"
d = b'\d\q\u1234\N{BULLET}'
e = rb'\x00\n' + br"\\"
f = b'''multi
line''' + b'' + b'a' b'b' b'c'
g = b'\
continued'
h = [b'', b' ', b'~', b'\x7e\x7f', b'\xe2\x82\xac']
