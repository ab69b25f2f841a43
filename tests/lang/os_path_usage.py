# Building and taking apart paths the way scripts do.
import os.path as p
def with_suffix(path, suffix):
    root, _ = p.splitext(path)
    return root + suffix
files = ["data/input.csv", "data/raw/2024.json", "notes", "/tmp/build/out.o", "../up/file.txt"]
for f in files:
    print(f, "->", with_suffix(f, ".bak"), p.basename(f).upper(), p.dirname(f) or ".", p.splitext(p.basename(f))[1] or "(none)")
parts = []
path = "/a/b/c/d.txt"
while True:
    head, tail = p.split(path)
    if not tail:
        parts.append(head)
        break
    parts.append(tail)
    path = head
print(parts[::-1])
print(p.join("out", *["x", "y"], "z.bin"), p.normpath(p.join("a", "..", "b", ".", "c")))
print(sorted(files, key=p.basename), sorted(files, key=lambda f: p.splitext(f)[1]))
