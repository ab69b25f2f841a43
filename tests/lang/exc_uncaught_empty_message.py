# An uncaught exception whose str() is empty prints just its class name.
class Silent(Exception):
    def __str__(self):
        return ""
def run(n):
    if n > 2:
        raise Silent("hidden", n)
    return n * 2
for i in range(5):
    print(i, run(i))
