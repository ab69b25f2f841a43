# Imported by a test that puts mods/plain on sys.path itself.
GREETING = "hello from plainmod"
def shout(s):
    return s.upper() + "!"
