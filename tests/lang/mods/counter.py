# Module-level state shared by every importer.
print("counter module executing")
count = 0
def bump():
    global count
    count += 1
    return count
