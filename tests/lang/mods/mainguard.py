# A module with a main guard: the guarded block must not run on import.
def who():
    return __name__
if __name__ == "__main__":
    print("mainguard run as a script")
else:
    print("mainguard imported as", __name__)
