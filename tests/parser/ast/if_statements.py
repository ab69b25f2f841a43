# if / elif / else, nested and single-line forms.
if a:
    pass
if a:
    x = 1
else:
    x = 2
if a:
    x = 1
elif b:
    x = 2
elif c:
    x = 3
else:
    x = 4
if a: x = 1
else: x = 2
if a: pass; pass
if a:
    if b:
        if c:
            pass
        else:
            pass
    elif d:
        pass
else:
    if e:
        pass
if (a and
        b):
    pass
if not a or b is None: y = 0
