# An uncaught user-defined exception with a custom __str__, raised from a method.
class InsufficientFunds(Exception):
    def __init__(self, balance, amount):
        super().__init__(balance, amount)
        self.balance, self.amount = balance, amount
    def __str__(self):
        return f"balance {self.balance} is less than {self.amount}"
class Account:
    def __init__(self, balance):
        self.balance = balance
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(self.balance, amount)
        self.balance -= amount
        return self.balance
acct = Account(100)
print(acct.withdraw(30))
print(acct.withdraw(50))
print(acct.withdraw(40))
