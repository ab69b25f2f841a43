# Every list method, with return values shown.
a = [5, 3, 5, 1]
print(a.append(2), a)
print(a.extend("xy"), a)
print(a.insert(1, 9), a)
print(a.remove("x"), a)
print(a.pop(), a.pop(1), a)
print(a.index(5), a.index(5, 1), a.index(1, 0, 4), a.count(5), a.count(7))
print(a.reverse(), a)
print(a.sort(), a)
print(a.sort(reverse=True), a)
c = a.copy()
c.append(0)
print(a, c)
print(a.clear(), a)
stack = []
for i in range(5):
    stack.append(i * i)
while stack:
    print("pop", stack.pop(), stack)
queue = list("abc")
while queue:
    print("dequeue", queue.pop(0), queue)
