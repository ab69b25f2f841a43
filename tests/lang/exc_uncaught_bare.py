# Raising an exception class without arguments prints only its name.
print("about to fail")
def check(flag):
    if not flag:
        raise NotImplementedError
check(True)
check(False)
