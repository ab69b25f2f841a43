# Leaf module of the subpackage: imports its sibling package with relative imports.
from .. import geometry
from ..counter import bump
def leaf_name():
    return __name__
def leaf_area():
    return geometry.area(1)
def leaf_bump():
    return bump()
