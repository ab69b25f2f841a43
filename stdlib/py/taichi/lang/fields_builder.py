# ti.FieldsBuilder: an SNode tree of its own, built like ti.root (dense /
# place) and materialized by finalize(), which hands back the SNodeTree.
# The CPU backend keeps a tree's memory until ti.reset(): destroy() marks the
# tree dead (a second destroy is Taichi's error) but frees nothing.
import taichi as _ti
from taichi import _taichi_core


class SNodeTree:
    """A finalized FieldsBuilder's tree."""

    def __init__(self, root_id):
        self._root_id = root_id
        self.destroyed = False

    @property
    def id(self):
        return self._root_id

    def destroy(self):
        if self.destroyed:
            raise _ti.TaichiRuntimeError("SNode tree has been destroyed")
        self.destroyed = True


class FieldsBuilder:
    """Builds one SNode tree apart from ti.root: fb.dense(ti.i, n).place(x),
    then fb.finalize()."""

    def __init__(self):
        if not _ti._state.initialized:
            raise _ti.TaichiRuntimeError("Cannont create field, maybe you forgot to call `ti.init()` first?")
        self._root = _ti.SNode(_taichi_core.tree(), "root", None, _ti._state.generation)
        self.root = self._root
        self.finalized = False
        self.empty = True

    def _check_not_finalized(self):
        if self.finalized:
            raise _ti.TaichiRuntimeError("FieldsBuilder finalized")

    def dense(self, indices, dimensions):
        self._check_not_finalized()
        self.empty = False
        return self._root.dense(indices, dimensions)

    def pointer(self, indices, dimensions):
        return self._root.pointer(indices, dimensions)

    def bitmasked(self, indices, dimensions):
        return self._root.bitmasked(indices, dimensions)

    def dynamic(self, index, dimension, chunk_size=None):
        return self._root.dynamic(index, dimension, chunk_size)

    def quant_array(self, indices, dimensions, max_num_bits):
        return self._root.quant_array(indices, dimensions, max_num_bits)

    def deactivate_all(self):
        return self._root.deactivate_all()

    def lazy_grad(self):
        return self._root.lazy_grad()

    def lazy_dual(self):
        return self._root.lazy_dual()

    def place(self, *args, offset=None):
        self._check_not_finalized()
        self.empty = False
        self._root.place(*args, offset=offset)
        return self

    def finalize(self, raise_warning=True):
        self._check_not_finalized()
        if self.empty and raise_warning:
            _ti._warn("Finalizing an empty FieldsBuilder!")
        self.finalized = True
        if not self.empty:
            _taichi_core.materialize(self._root._id)
        return SNodeTree(self._root._id)

    def __repr__(self):
        return "<ti.FieldsBuilder>"
