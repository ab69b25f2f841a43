# try / except / else / finally in every combination.
try:
    pass
except:
    pass
try:
    a()
except ValueError:
    b()
except (TypeError, KeyError) as e:
    c(e)
except Exception as exc:
    raise
else:
    d()
finally:
    e()
try:
    pass
finally:
    pass
try:
    pass
except E:
    pass
else:
    pass
try: x = 1
except: x = 2
try:
    try:
        pass
    except A:
        pass
except B:
    pass
try:
    pass
except a.b.C as e:
    pass
except (A, B,):
    pass
except f():
    pass
