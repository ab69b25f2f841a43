# import and from-import: dotted names, aliases, relative levels, star, parentheses.
import os
import os.path
import a.b.c as d
import a, b as c, d.e as f
from os import path
from os import path as p, sep
from os.path import (join, split as sp,)
from . import x
from .. import y
from ... import z
from .... import w
from .a import b
from ..a.b import c as d
from ...a import *
from os import *
from .mod import (
    a,
    b as c,
)
import taichi as ti
from __future__ import annotations
