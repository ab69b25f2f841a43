# string: the constants, capwords and Template's substitutions and errors
import string
from string import Template

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), string.punctuation, len(string.printable))
print(string.capwords("  hello   big world "), string.capwords("a-b-c", "-"))
t = Template("$who likes ${what}, $$5 each")
print(t.substitute(who="tim", what="kung pao"), t.substitute({"who": "ann", "what": "tea"}, what="pie"))
print(Template("$who and $missing").safe_substitute(who="x"), t.get_identifiers(), t.is_valid())
print(Template("$x $").is_valid(), Template("${a}b$_c").substitute(a=1, _c=2))
try:
    Template("$who and $missing").substitute(who="x")
except KeyError as e:
    print("KeyError:", e)
try:
    Template("line one\nbad $ here").substitute()
except ValueError as e:
    print("ValueError:", e)


class Percent(Template):
    delimiter = "%"


print(Percent("%name is %% done").substitute(name="job"))
