# ti.tools.imwrite / imread / imresize / imshow, as Taichi's
# python/taichi/tools/image.py behaves, over the C module _taichi_gui (PNG
# through libpng, BMP of our own). An image is indexed img[x, y] or
# img[x, y, channel], x to the right and y upwards: a field, a
# taichi.tools.array.Array (what imread returns: tirun has no numpy) or
# nested lists. Files hold the rows from the top, so y = 0 is the last row.
import taichi as ti
import _taichi_gui
from taichi.lang.matrix import MatrixField
from taichi.tools.array import Array, array, dtype


def _image_data(img):
    """(raw bytes, Taichi type name, shape) of a field or an array, the
    shape as numpy's to_numpy() gives it (a vector field adds its n)."""
    if isinstance(img, ti.ScalarField):
        return _taichi_gui.field_data([img._place_id()]), img.dtype._name, tuple(img.shape)
    if isinstance(img, MatrixField):
        extra = (img.n,) if img.ndim == 1 else (img.n, img.m)
        ids = [f._place_id() for f in img._fields]
        return _taichi_gui.field_data(ids), img.dtype._name, tuple(img.shape) + extra
    if isinstance(img, (list, tuple)):
        img = array(img)
    if isinstance(img, Array):
        return img._buf, img.dtype._ti, img.shape
    np = ti._sys.modules.get("numpy")
    if np is not None and isinstance(img, np.ndarray):
        from taichi.lang.util import to_taichi_type
        return np.ascontiguousarray(img).tobytes(), to_taichi_type(img.dtype)._name, tuple(img.shape)
    raise ValueError("expected a Taichi field, a numpy array or a taichi.tools.array.Array, not %s" % type(img).__name__)


def _result(buf, dt, shape):
    """An image made here: a numpy array, as Taichi returns, once the program has
    imported numpy; else a taichi.tools.array.Array."""
    np = ti._sys.modules.get("numpy")
    if np is None:
        return Array(buf, dt, shape)
    from taichi.lang.util import to_numpy_type
    return np.frombuffer(bytes(buf), dtype=to_numpy_type(getattr(ti, dt))).reshape(shape).copy()


def _to_array(img):
    if isinstance(img, Array):
        return img
    buf, dt, shape = _image_data(img)
    return Array(buf, dt, shape)


def imwrite(img, filename):
    """Saves img (x, y[, channel]) to filename, .png or .bmp. Floats are
    clipped to [0, 1] and scaled to 255, u16 / u32 / u64 divided down to 8 bits."""
    buf, dt, shape = _image_data(img)
    if dt not in ("u8", "u16", "u32", "u64", "f32", "f64"):
        raise ValueError("Data type %s not supported in ti.tools.imwrite" % dtype(dt))
    assert len(shape) in [2, 3], "Image must be either RGB/RGBA or greyscale"
    if len(shape) == 2:
        shape = shape + (1,)
    assert shape[2] in [1, 3, 4], "Image must be either RGB/RGBA or greyscale"
    _taichi_gui.imwrite(filename, buf if dt == "u8" else _taichi_gui.to_u8(buf, dt), shape[0], shape[1], shape[2])


def imread(filename, channels=0):
    """The image in filename as a uint8 array of shape (width, height,
    channels) (see _result); channels 0 keeps the file's own, 1 to 4 converts
    to that many."""
    buf, w, h, comp = _taichi_gui.imread(filename, channels)
    return _result(buf, "u8", (w, h, comp))


def imresize(img, w, h=None):
    """img (a field or an Array) resized to (w, h) by nearest sampling, as an Array."""
    img = _to_array(img)
    if h is None:
        h = w
    if (w, h) == img.shape[:2]:
        return _result(img._buf, img.dtype._ti, img.shape)
    assert isinstance(w, int) and isinstance(h, int) and w > 1 and h > 1
    sx, sy = img.shape[:2]
    u, v = sx / w, sy / h
    xs = [int(min(i * u, sx - 1)) for i in range(w)]
    ys = [int(min(j * v, sy - 1)) for j in range(h)]
    cell = len(img._buf) // (sx * sy)      # bytes per (x, y): its channels
    src = img._buf
    out = bytearray()
    for x in xs:
        for y in ys:
            at = (x * sy + y) * cell
            out += src[at:at + cell]
    return _result(out, img.dtype._ti, (w, h) + img.shape[2:])


def imshow(img, title="imshow"):
    """Shows img in a window until Escape is pressed or the window closes."""
    img = _to_array(img)
    assert len(img.shape) in [2, 3], "Image must be either RGB/RGBA or greyscale"
    with ti.GUI(title, res=img.shape[:2]) as gui:
        while gui.running:
            if gui.get_event(ti.GUI.ESCAPE):
                gui.running = False
            gui.set_image(img)
            gui.show()


__all__ = ["imread", "imresize", "imshow", "imwrite"]
