# The other half of the circular import.
print("cyc_b start")
from mods import cyc_a
B_VALUE = "b"
def use_a():
    return "b sees " + cyc_a.A_VALUE
print("cyc_b sees partially initialised cyc_a:", hasattr(cyc_a, "A_VALUE"), hasattr(cyc_a, "use_b"))
