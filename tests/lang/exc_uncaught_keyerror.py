# KeyError prints the repr of the key in the traceback's last line.
prices = {"apple": 1.25, "pear": 0.75}
order = ["apple", "pear", "kiwi"]
total = 0
for fruit in order:
    total += prices[fruit]
    print(fruit, total)
