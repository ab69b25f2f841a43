# try / except* (exception groups).
try:
    pass
except* ValueError:
    pass
try:
    a()
except* (TypeError, KeyError) as eg:
    b(eg)
except *OSError as e:
    pass
else:
    c()
finally:
    d()
try:
    pass
except* A:
    pass
finally:
    pass
