#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Module docstring.

With several lines.
"""

# A comment on its own line.
x = 1  # a trailing comment
  # an indented comment line

def f():  # comment after the colon
    """Function docstring."""
    # comment in the body
    return x  # type: int

class C:
    'class docstring'
    # comment
    def g(self):  # type: () -> None
        r"""raw docstring \n"""
        pass
    # trailing comment in the class body
# comment at the end
