# NameError for a misspelled variable; CPython 3.11 suggests the close match.
counter = 10
def bump():
    return countr + 1
print(counter)
print(bump())
