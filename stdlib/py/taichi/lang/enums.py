# taichi.lang.enums: the enumerations Taichi's API names (ti.Layout and those
# its tests compare with), each member a named singleton.


class _Member:
    __slots__ = ("name", "value", "_owner")

    def __init__(self, owner, name, value):
        self.name = name
        self.value = value
        self._owner = owner

    def __repr__(self):
        return "<%s.%s: %d>" % (self._owner, self.name, self.value)

    def __str__(self):
        return "%s.%s" % (self._owner, self.name)


def _enum(cls, *names):
    for value, name in enumerate(names):
        setattr(cls, name, _Member(cls.__name__, name, value))
    return cls


class AutodiffMode:
    pass


class SNodeGradType:
    pass


class Format:
    pass


from taichi.lang.matrix import Layout  # noqa: E402,F401  (what matrix fields compare with)
_enum(AutodiffMode, "NONE", "VALIDATION", "FORWARD", "REVERSE")
_enum(SNodeGradType, "PRIMAL", "ADJOINT", "DUAL", "ADJOINT_CHECKBIT")
_enum(Format, "r8", "rg8", "rgba8", "rgba8srgb", "bgra8", "bgra8srgb", "r8u", "rg8u", "rgba8u", "r8i", "rg8i",
      "rgba8i", "r16", "rg16", "rgb16", "rgba16", "r16u", "rg16u", "rgb16u", "rgba16u", "r16i", "rg16i", "rgb16i",
      "rgba16i", "r16f", "rg16f", "rgb16f", "rgba16f", "r32u", "rg32u", "rgb32u", "rgba32u", "r32i", "rg32i",
      "rgb32i", "rgba32i", "r32f", "rg32f", "rgb32f", "rgba32f", "depth16", "depth24stencil8", "depth32f")
