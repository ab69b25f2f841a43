# taichi.lang.unsupported: the names of Taichi features tirun does not have yet
# (textures, meshes, AOT modules, graphs, sparse SNodes, sparse matrices, ...).
# They exist so that programs and `dir(ti)` see Taichi's API; using one raises
# NotImplementedError naming the feature, never a result that pretends to work.
import sys as _sys


def _fail(what):
    raise NotImplementedError("tirun does not support %s yet" % what)


def _raiser(what):
    def f(*args, **kwargs):
        _fail(what)
    f.__name__ = what.split(".")[-1].split(" ")[0]
    return f


class _Unsupported:
    """Base of the classes of unsupported features: making one raises."""
    _what = "this feature"

    def __init__(self, *args, **kwargs):
        _fail(self._what)


class Texture(_Unsupported):
    _what = "textures (ti.Texture)"
    from_field = _raiser("Texture.from_field (textures)")
    from_image = _raiser("Texture.from_image (textures)")
    from_ndarray = _raiser("Texture.from_ndarray (textures)")
    to_image = _raiser("Texture.to_image (textures)")


class Format:
    """A texture format (ti.Format.r32f): only textures take one."""
    __slots__ = ("name", "value")

    def __init__(self, *args, **kwargs):
        _fail("textures (ti.Format)")

    def __repr__(self):
        return "<Format.%s: %d>" % (self.name, self.value)

    def __str__(self):
        return "Format." + self.name


for _value, _name in enumerate((
        "unknown", "r8", "rg8", "rgba8", "rgba8srgb", "bgra8", "bgra8srgb", "r8u", "rg8u", "rgba8u", "r8i", "rg8i",
        "rgba8i", "r16", "rg16", "rgb16", "rgba16", "r16u", "rg16u", "rgb16u", "rgba16u", "r16i", "rg16i", "rgb16i",
        "rgba16i", "r16f", "rg16f", "rgb16f", "rgba16f", "r32u", "rg32u", "rgb32u", "rgba32u", "r32i", "rg32i",
        "rgb32i", "rgba32i", "r32f", "rg32f", "rgb32f", "rgba32f", "depth16", "depth24stencil8", "depth32f")):
    _f = object.__new__(Format)
    _f.name, _f.value = _name, _value
    setattr(Format, _name, _f)
del _value, _name, _f


class DeviceCapability(_Unsupported):
    _what = "device capabilities (ti.DeviceCapability)"


class Mesh(_Unsupported):
    _what = "meshes (ti.Mesh)"
    generate_meta = staticmethod(_raiser("Mesh.generate_meta (meshes)"))
    load_meta = staticmethod(_raiser("Mesh.load_meta (meshes)"))


class MeshInstance(_Unsupported):
    _what = "meshes (ti.MeshInstance)"


class BitpackedFields(_Unsupported):
    _what = "quantized types (ti.BitpackedFields)"
    place = _raiser("BitpackedFields.place (quantized types)")


class ArgPack(_Unsupported):
    _what = "argument packs (ti.ArgPack)"
    items = _raiser("ArgPack.items (argument packs)")
    keys = _raiser("ArgPack.keys (argument packs)")
    to_dict = _raiser("ArgPack.to_dict (argument packs)")


def _module(name, doc, members, fallback=None):
    """A submodule of taichi whose members raise; fallback: what any other
    attribute's use is said to need."""
    m = type(_sys)(name)
    m.__doc__ = doc
    for k, v in members.items():
        setattr(m, k, v)
    if fallback is not None:
        def getattr_(attr):
            if attr.startswith("__"):
                raise AttributeError("module '%s' has no attribute '%s'" % (name, attr))
            return _raiser("ti%s.%s (%s)" % (name[len("taichi"):], attr, fallback))
        m.__getattr__ = getattr_
    return m


# sparse SNodes (pointer, bitmasked, dynamic) and their operations
activate = _raiser("ti.activate (sparse SNodes)")
deactivate = _raiser("ti.deactivate (sparse SNodes)")
is_active = _raiser("ti.is_active (sparse SNodes)")
append = _raiser("ti.append (dynamic SNodes)")
length = _raiser("ti.length (dynamic SNodes)")
deactivate_all_snodes = _raiser("ti.deactivate_all_snodes (sparse SNodes)")
rescale_index = _raiser("ti.rescale_index (sparse SNodes)")
get_addr = _raiser("ti.get_addr")
global_thread_idx = _raiser("ti.global_thread_idx")
mesh_local = _raiser("ti.mesh_local (meshes)")
mesh_patch_idx = _raiser("ti.mesh_patch_idx (meshes)")
stop_grad = _raiser("ti.stop_grad (automatic differentiation)")
sparse_matrix_builder = _raiser("ti.sparse_matrix_builder (sparse matrices)")
argpack = _raiser("ti.argpack (argument packs)")

aot = _module("taichi.aot", "Ahead-of-time modules: not supported by tirun yet.", {
    "Module": _raiser("ti.aot.Module (AOT modules)"),
    "export": _raiser("ti.aot.export (AOT modules)"),
    "export_as": _raiser("ti.aot.export_as (AOT modules)"),
}, "AOT modules")
graph = _module("taichi.graph", "Compute graphs: not supported by tirun yet.", {
    "Arg": _raiser("ti.graph.Arg (compute graphs)"),
    "ArgKind": _raiser("ti.graph.ArgKind (compute graphs)"),
    "Graph": _raiser("ti.graph.Graph (compute graphs)"),
    "GraphBuilder": _raiser("ti.graph.GraphBuilder (compute graphs)"),
}, "compute graphs")
sparse = _module("taichi.sparse", "Sparse SNode tools: not supported by tirun yet.", {
    "grid": _raiser("ti.sparse.grid (sparse SNodes)"),
    "usage": _raiser("ti.sparse.usage (sparse SNodes)"),
})
simt = _module("taichi.simt", "SIMT intrinsics (GPU warps and blocks): not supported by tirun yet.", {
    k: _module("taichi.simt." + k, None, {}, "SIMT intrinsics") for k in ("block", "grid", "subgroup", "warp")
})
linalg = _module("taichi.linalg", "Sparse matrices and linear solvers: not supported by tirun yet.", {},
                 "sparse matrices and linear solvers")
