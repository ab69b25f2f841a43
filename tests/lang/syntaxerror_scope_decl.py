# SyntaxErrors of the symbol table: nonlocal and global on one name, and an
# assignment expression rebinding a comprehension's iteration variable
def check(src):
    try:
        exec(src, {})
        print("ran")
    except SyntaxError as e:
        print("SyntaxError:", e.msg)


check("def f():\n nonlocal x\n global x")
check("def g():\n x = 1\n def f():\n  global x\n  nonlocal x")
check("def f():\n global x\n global x")
check("[i := i + 1 for i in range(4)]")
check("[i := -1 for i, j in [(1, 2)]]")
check("[[(i := j) for i in range(2)] for j in range(2)]")
check("[[(j := i) for i in range(2)] for j in range(2)]")
check("[i for i in range(3) if (i := 1)]")
check("{k: (v := 2) for k in 'ab'}")
check("[(y := x) for x in range(3)]")
print([(y := x * 2) for x in range(3)], y)
