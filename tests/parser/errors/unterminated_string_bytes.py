b = b'abc
