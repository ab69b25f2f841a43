# Half of a circular import: cyc_a imports cyc_b, which imports cyc_a back.
print("cyc_a start")
A_VALUE = "a"
from mods import cyc_b
def use_b():
    return "a sees " + cyc_b.B_VALUE
print("cyc_a end")
