# Counter in practice: anagram checks, histogram printing, letter frequencies.
from collections import Counter
def is_anagram(a, b):
    return Counter(a.replace(" ", "").lower()) == Counter(b.replace(" ", "").lower())
print(is_anagram("Listen", "Silent"), is_anagram("Dormitory", "dirty room"), is_anagram("abc", "abd"))
rolls = [3, 5, 2, 6, 6, 1, 3, 3, 4, 6, 2, 3]
hist = Counter(rolls)
for face in range(1, 7):
    print(face, "#" * hist[face])
letters = Counter(c for c in "The quick brown fox jumps over the lazy dog".lower() if c.isalpha())
print(len(letters), letters.most_common(4), min(letters.values()))
inventory = Counter(apple=3, pear=2)
sold = Counter(apple=1, pear=2, kiwi=1)
left = inventory - sold
print(left, inventory, +inventory == inventory)
inventory.subtract(sold)
print(inventory, sorted(inventory.items()))
