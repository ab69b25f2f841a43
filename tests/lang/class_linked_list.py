# A realistic class: a linked list with iteration, len, indexing, repr and equality.
class Node:
    __slots__ = ("value", "next")
    def __init__(self, value, next=None):
        self.value, self.next = value, next
class LinkedList:
    def __init__(self, items=()):
        self.head = None
        self.size = 0
        for v in reversed(list(items)):
            self.push(v)
    def push(self, v):
        self.head = Node(v, self.head)
        self.size += 1
    def __iter__(self):
        n = self.head
        while n:
            yield n.value
            n = n.next
    def __len__(self):
        return self.size
    def __getitem__(self, i):
        if i < 0:
            i += self.size
        for j, v in enumerate(self):
            if j == i:
                return v
        raise IndexError("LinkedList index out of range")
    def __repr__(self):
        return "LinkedList([" + ", ".join(map(repr, self)) + "])"
    def __eq__(self, other):
        return isinstance(other, LinkedList) and list(self) == list(other)
    def reverse(self):
        prev, cur = None, self.head
        while cur:
            cur.next, prev, cur = prev, cur, cur.next
        self.head = prev
        return self
l = LinkedList([1, 2, 3])
l.push(0)
print(l, len(l), l[0], l[-1], list(l), 2 in l, sum(l))
print(l.reverse(), l == LinkedList([3, 2, 1, 0]), l == [3, 2, 1, 0])
try:
    l[10]
except IndexError as e:
    print("IndexError:", e)
print(LinkedList(), LinkedList("ab"), sorted(LinkedList([5, 3, 4])))
