# A tokenizer and recursive-descent evaluator for arithmetic expressions.
class Lexer:
    def __init__(self, text):
        self.text, self.pos = text, 0
    def tokens(self):
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch.isspace():
                self.pos += 1
            elif ch.isdigit() or ch == ".":
                start = self.pos
                while self.pos < len(self.text) and (self.text[self.pos].isdigit() or self.text[self.pos] == "."):
                    self.pos += 1
                num = self.text[start:self.pos]
                yield ("num", float(num) if "." in num else int(num))
            elif ch in "+-*/%()^":
                self.pos += 1
                yield ("op", ch)
            else:
                raise SyntaxError(f"unexpected {ch!r} at {self.pos}")
        yield ("end", None)
class Parser:
    def __init__(self, text):
        self.toks = list(Lexer(text).tokens())
        self.i = 0
    def peek(self):
        return self.toks[self.i]
    def take(self):
        tok = self.toks[self.i]
        self.i += 1
        return tok
    def expr(self):
        v = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            v = v + self.term() if op == "+" else v - self.term()
        return v
    def term(self):
        v = self.factor()
        while self.peek()[1] in ("*", "/", "%") and self.peek()[0] == "op":
            op = self.take()[1]
            r = self.factor()
            v = v * r if op == "*" else v / r if op == "/" else v % r
        return v
    def factor(self):
        base = self.unary()
        if self.peek() == ("op", "^"):
            self.take()
            return base ** self.factor()
        return base
    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        kind, val = self.take()
        if kind == "num":
            return val
        if val == "(":
            v = self.expr()
            if self.take() != ("op", ")"):
                raise SyntaxError("expected )")
            return v
        raise SyntaxError(f"unexpected token {val!r}")
def evaluate(text):
    p = Parser(text)
    v = p.expr()
    if p.peek()[0] != "end":
        raise SyntaxError("trailing input")
    return v
for e in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "10 % 4 + 0.5", "((((7))))", "2 * -3",
          "1.5 * 4", "100 - 1 - 2 - 3", "2 ^ 100", "1 / 0", "1 +", "3 $ 4", "(1 + 2"]:
    try:
        print(f"{e:>16} = {evaluate(e)}")
    except ZeroDivisionError as err:
        print(f"{e:>16} : ZeroDivisionError: {err}")
    except SyntaxError as err:
        print(f"{e:>16} : SyntaxError: {err}")
