# Dataclasses as records in a small program.
from dataclasses import dataclass, field
@dataclass
class Item:
    name: str
    price: float
    qty: int = 1
    def total(self):
        return self.price * self.qty
@dataclass
class Cart:
    owner: str
    items: list = field(default_factory=list)
    def add(self, *args, **kw):
        self.items.append(Item(*args, **kw))
        return self
    def total(self):
        return round(sum(i.total() for i in self.items), 2)
cart = Cart("ann").add("pen", 1.5, 4).add("book", 12.99).add(name="mug", price=6.25, qty=2)
for it in cart.items:
    print(f"{it.name:<6}{it.qty:>3} x {it.price:>6.2f} = {it.total():>7.2f}")
print("total", cart.total(), len(cart.items), cart.items[0])
print(sorted(cart.items, key=lambda i: i.total(), reverse=True)[0].name, Cart("bob"))
print(Cart("x") == Cart("x"), Cart("x", [Item("a", 1)]) == Cart("x", [Item("a", 1.0)]))
