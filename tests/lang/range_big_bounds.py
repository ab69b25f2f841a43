# for-loops over ranges whose values cross the VM's small-int boundary (2**47)
for i in range(2**47 - 2, 2**47 + 2):
    print(i, i + 1, -i)
for i in range(-2**47 + 1, -2**47 - 3, -1):
    print(i)
print(sum(range(2**62, 2**62 + 5)))
print(list(range(2**63 - 3, 2**63 + 2)))
