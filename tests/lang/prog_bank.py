# A small bank simulation: classes, exceptions, properties, class methods and formatted reports.
class InsufficientFunds(Exception):
    pass
class Account:
    _next_id = 1
    def __init__(self, owner, balance=0):
        self.id = Account._next_id
        Account._next_id += 1
        self.owner = owner
        self._balance = balance
        self.history = []
    @property
    def balance(self):
        return self._balance
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self._balance += amount
        self.history.append(("deposit", amount))
    def withdraw(self, amount):
        if amount > self._balance:
            raise InsufficientFunds(f"{self.owner} has {self._balance}, needs {amount}")
        self._balance -= amount
        self.history.append(("withdraw", amount))
    def __repr__(self):
        return f"Account(#{self.id}, {self.owner!r}, {self._balance})"
class Savings(Account):
    rate = 0.02
    def add_interest(self):
        interest = round(self._balance * self.rate, 2)
        self.deposit(interest)
        return interest
class Bank:
    def __init__(self):
        self.accounts = {}
    def open(self, cls, owner, amount=0):
        acct = cls(owner, amount)
        self.accounts[acct.id] = acct
        return acct
    def transfer(self, src, dst, amount):
        try:
            self.accounts[src].withdraw(amount)
        except KeyError:
            return f"no account {src}"
        except InsufficientFunds as e:
            return f"transfer failed: {e}"
        self.accounts[dst].deposit(amount)
        return "ok"
    def report(self):
        lines = [f"{'id':>3} {'owner':<8}{'type':<9}{'balance':>10}"]
        for a in sorted(self.accounts.values(), key=lambda a: -a.balance):
            lines.append(f"{a.id:>3} {a.owner:<8}{type(a).__name__:<9}{a.balance:>10.2f}")
        lines.append(f"{'total':>21}{sum(a.balance for a in self.accounts.values()):>11.2f}")
        return "\n".join(lines)
bank = Bank()
ann = bank.open(Account, "ann", 100)
bob = bank.open(Savings, "bob", 1000)
cy = bank.open(Account, "cy")
print(bank.transfer(ann.id, cy.id, 30), bank.transfer(cy.id, ann.id, 50), bank.transfer(99, 1, 5))
print(bob.add_interest(), bob.add_interest(), bob.balance)
try:
    ann.deposit(-5)
except ValueError as e:
    print("ValueError:", e)
try:
    ann.balance = 10
except AttributeError as e:
    print("AttributeError:", e)
print(ann, bob, cy)
print(ann.history, bob.history)
print(bank.report())
