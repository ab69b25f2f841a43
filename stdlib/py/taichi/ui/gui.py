# ti.GUI: Taichi's immediate-mode 2-D window (python/taichi/ui/gui.py in
# Taichi). The canvas is a bytearray of RGBA floats the GUI object owns,
# drawn on by the C module _taichi_gui as Taichi's C++ canvas draws; show()
# presents it in an SDL2 window, or with show_gui=False / TI_GUI_SHOW=0 only
# counts the frame, and show(file) writes it as an image. Positions are in
# [0, 1]^2 with y upwards; shapes take fields, taichi.tools.array.Array or
# lists where Taichi takes numpy arrays.
import math
import posix  # not os: importing os costs ~15 ms of start-up
import time

import taichi as ti
import _taichi_gui
from taichi.lang.matrix import MatrixField
from taichi.tools.array import Array, array
from taichi.tools.image import _image_data, _result


class _EType:
    """The type of an event (Taichi's KeyEvent.EType)."""
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __repr__(self):
        return "<EType.%s: %d>" % (self.name, self.value)

    def __str__(self):
        return "EType." + self.name

    def __int__(self):
        return self.value

    def __index__(self):
        return self.value

    def __hash__(self):
        return self.value


_MOVE, _PRESS, _RELEASE = _EType("Move", 0), _EType("Press", 1), _EType("Release", 2)
_SET_SCALAR, _SET_VECTOR, _SET_COOKED = 0, 1, 2
_UNSIGNED = ("u8", "u16", "u32", "u64")
_FLOATS = ("f32", "f64")

# widget colours and sizes, as Taichi's
_TEXT_COLOR, _WIDGET_BG, _WIDGET_HOVER = 0x111111, 0xAAAAAA, 0xCCCCCC
_SLIDER_BAR, _SLIDER_CIRCLE = 0x333333, 0x555555
_WIDGET_W, _WIDGET_H = 200, 40


def _f32(x):
    """x rounded to float32, as Taichi keeps the frame time limit."""
    return _taichi_gui.unpack(_taichi_gui.pack([x], "f32"), "f32")[0]


_NP_DTYPES = {"float32": "f32", "float64": "f64", "uint8": "u8", "uint16": "u16", "uint32": "u32",
              "uint64": "u64", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64", "bool": "u8"}


def _np_in(x):
    """A numpy array as a taichi.tools.array Array (what the drawing code reads); anything else as is."""
    t = type(x)
    if t.__name__ == "ndarray" and t.__module__ == "numpy":
        dt = _NP_DTYPES.get(x.dtype.name, "f64")
        return Array(_taichi_gui.pack(x.ravel().tolist(), dt), dt, tuple(x.shape))
    return x


def _flat_points(pos, what):
    """Positions (an Array (n, 2), a vector field of 2, or a list of pairs)
    as a flat list [x0, y0, x1, y1, ...]."""
    pos = _np_in(pos)
    if isinstance(pos, MatrixField):
        buf, dt, shape = _image_data(pos)
        flat = _taichi_gui.unpack(buf, dt)
    else:
        if isinstance(pos, (list, tuple)):
            pos = array([[float(x) for x in p] for p in pos], "f64") if pos else Array(bytearray(), "f64", (0, 2))
        if not isinstance(pos, Array):
            raise ValueError("%s must be an array of shape (n, 2), a ti.Vector.field(2) or a list of pairs, not %s"
                             % (what, type(pos).__name__))
        shape = pos.shape
        if len(shape) == 3:
            assert shape[2] == 1
            shape = shape[:2]
        assert len(shape) == 2 and shape[1] == 2, "%s must have shape (n, 2), not %s" % (what, pos.shape)
        flat = pos._values()
    return [float(v) for v in flat]


def _per_item(v, n, what):
    """A number, or a list of n (from an Array, a field or a list)."""
    v = _np_in(v)
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, (ti.ScalarField, MatrixField)):
        buf, dt, shape = _image_data(v)
        v = _taichi_gui.unpack(buf, dt)
    elif isinstance(v, Array):
        v = v._values()
    elif isinstance(v, (list, tuple)):
        v = list(v)
    else:
        raise ValueError("%s must be an array or a number (e.g. 0x956333), not %s" % (what, type(v).__name__))
    assert len(v) == n, "%d %s for %d items" % (len(v), what, n)
    return v


class GUI:
    """Taichi's GUI: name, res (an int or (width, height)), background_color
    (0xRRGGBB), show_gui (False: no window; TI_GUI_SHOW overrides it)."""

    class Event:
        """An event: type (PRESS, RELEASE, MOTION), key, pos, modifier, delta."""

        def __init__(self):
            self.type = None
            self.modifier = None
            self.pos = None
            self.key = None
            self.delta = None

    SHIFT = "Shift"
    ALT = "Alt"
    CTRL = "Control"
    ESCAPE = "Escape"
    RETURN = "Return"
    TAB = "Tab"
    BACKSPACE = "BackSpace"
    SPACE = " "
    UP = "Up"
    DOWN = "Down"
    LEFT = "Left"
    RIGHT = "Right"
    CAPSLOCK = "Caps_Lock"
    LMB = "LMB"
    MMB = "MMB"
    RMB = "RMB"
    EXIT = "WMClose"
    WHEEL = "Wheel"
    MOVE = "Motion"

    MOTION = _MOVE
    PRESS = _PRESS
    RELEASE = _RELEASE

    def __init__(self, name="Taichi", res=512, background_color=0x0, show_gui=True, fullscreen=False,
                 fast_gui=False):
        show_gui = self.get_bool_environ("TI_GUI_SHOW", show_gui)
        fullscreen = self.get_bool_environ("TI_GUI_FULLSCREEN", fullscreen)
        fast_gui = self.get_bool_environ("TI_GUI_FAST", fast_gui)
        self.name = name
        if isinstance(res, (int, float)):
            res = (res, res)
        self.res = tuple(int(r) for r in res)
        self.fast_gui = fast_gui
        w, h = self.res
        self._canvas = bytearray(w * h * 16)
        self._fast_img = Array(bytearray(w * h * 4), "u32", (w * h,))
        self._show_gui = show_gui
        self._window = _taichi_gui.window_open(str(name), w, h, bool(fullscreen)) if show_gui else None
        self._should_close = 0
        self._frame_delta_limit = _f32(1 / 60)
        self._last_frame = time.perf_counter()
        self._events = []
        self._cursor = (0, 0)
        self._button_down = False
        self._widgets = []
        self._widget_values = []
        self._widget_height = 0
        self.background_color = background_color
        self.key_pressed = set()
        self.event = None
        self.frame = 0
        # TIRUN_GUI_FRAMES=N: gui.running turns False after N show()s, so that
        # `while gui.running:` programs end (tests/compat/examples runs them so)
        self._frame_limit = int(posix.environ.get("TIRUN_GUI_FRAMES", "0") or 0)
        self.clear()

    def __enter__(self):
        return self

    def __exit__(self, e_type, val, tb):
        self.close()

    def close(self):
        """Closes the window (nothing without one)."""
        if self._window is not None:
            _taichi_gui.window_close(self._window)
            self._window = None

    @staticmethod
    def get_bool_environ(key, default):
        if key not in posix.environ:
            return default
        return bool(int(posix.environ[key]))

    # ---- widgets (drawn in the window only, as Taichi draws them)

    class WidgetValue:
        """The value of a slider or label: .value reads and writes it."""

        def __init__(self, gui, wid):
            self.gui = gui
            self.wid = wid

        @property
        def value(self):
            return self.gui._widget_values[self.wid]

        @value.setter
        def value(self, value):
            self.gui._widget_values[self.wid] = float(value)

    def _widget(self, kind, text, height, extra):
        self._widget_height += height
        rect = (self.res[0] - _WIDGET_W, self.res[1] - self._widget_height, _WIDGET_W, height)
        self._widgets.append((kind, text, rect, extra))

    def slider(self, text, minimum, maximum, step=1):
        self._widget_values.append(float(minimum))
        self._widget("slider", text, _WIDGET_H, (len(self._widget_values) - 1, float(minimum), float(maximum)))
        return GUI.WidgetValue(self, len(self._widget_values) - 1)

    def label(self, text):
        self._widget_values.append(0.0)
        self._widget("label", text, _WIDGET_H // 2, (len(self._widget_values) - 1,))
        return GUI.WidgetValue(self, len(self._widget_values) - 1)

    def button(self, text, event_name=None):
        event_name = event_name or f"WidgetButton_{text}"
        self._widget("button", text, _WIDGET_H, (event_name,))
        return event_name

    def _inside(self, rect, x, y):
        return rect[0] <= x < rect[0] + rect[2] and rect[1] <= y < rect[1] + rect[3]

    def _redraw_widgets(self):
        w, h = self.res
        cx, cy = self._cursor
        for kind, text, rect, extra in self._widgets:
            x, y, rw, rh = rect
            bg = _WIDGET_BG if self._inside(rect, cx, cy) else _WIDGET_HOVER
            _taichi_gui.fill(self._canvas, w, h, x + 1, y + 1, x + rw - 1, y + rh - 1, bg)
            if kind != "button":
                text = "%s: %.3f" % (text, self._widget_values[extra[0]])
            _taichi_gui.text(self._canvas, w, h, text, x + 2, y + rh - 2, 32 if kind == "button" else 16, _TEXT_COLOR)
            if kind == "slider":
                lo, hi = extra[1], extra[2]
                _taichi_gui.fill(self._canvas, w, h, x + 10, y + 10, x + rw - 10, y + 13, _SLIDER_BAR)
                alpha = (self._widget_values[extra[0]] - lo) / (hi - lo) if hi != lo else 0.0
                _taichi_gui.circles(self._canvas, w, h, 1, 1, [x + 10 + alpha * (rw - 20), y + 11], 5, _SLIDER_CIRCLE)

    def _mouse_to_widgets(self, etype, x, y):
        if etype is _PRESS:
            self._button_down = True
        elif etype is _RELEASE:
            self._button_down = False
        for kind, text, rect, extra in self._widgets:
            if not self._inside(rect, x, y):
                continue
            if kind == "button" and etype is _RELEASE:
                self._events.append((_PRESS, extra[0], (x, y), (0, 0)))
            elif kind == "slider" and etype is not _RELEASE and self._button_down:
                alpha = min(max((x - rect[0] - 10) / (rect[2] - 20), 0.0), 1.0)
                self._widget_values[extra[0]] = alpha * (extra[2] - extra[1]) + extra[1]

    # ---- drawing

    def clear(self, color=None):
        """Fills the canvas with color (default: the background color)."""
        if color is None:
            color = self.background_color
        _taichi_gui.clear(self._canvas, self.res[0], self.res[1], color)

    def cook_image(self, img):
        """An image as the canvas takes it: (raw bytes, type, channels),
        checked as Taichi's GUI.cook_image checks it."""
        img = _np_in(img)
        buf, dt, shape = _image_data(img)
        if dt not in _UNSIGNED + _FLOATS:
            raise ValueError(f"Data type {ti.tools.array.dtype(dt)} not supported in GUI.set_image")
        channels = 1 if len(shape) == 2 else shape[2]
        assert len(shape) in (2, 3) and 1 <= channels <= 4, "Image must be grayscale, RG, RGB or RGBA"
        assert tuple(shape[:2]) == self.res, "Image resolution does not match GUI resolution"
        return buf, dt, channels

    def set_image(self, img):
        """Draws img over the whole canvas: a field of shape res (scalar,
        or (res, channels)), a ti.Vector.field of 2 to 4 channels, or an Array.
        Unsigned ints are scaled from their range, floats taken in [0, 1]."""
        img = _np_in(img)
        w, h = self.res
        if self.fast_gui:
            assert isinstance(img, MatrixField), "Only ti.Vector.field is supported in GUI.set_image when fast_gui=True"
            assert img.shape == self.res, "Image resolution does not match GUI resolution"
            assert img.n in [3, 4] and img.m == 1, "Only RGB images are supported in GUI.set_image when fast_gui=True"
            assert img.dtype in [ti.f32, ti.f64, ti.u8], \
                "Only f32, f64, u8 are supported in GUI.set_image when fast_gui=True"
            buf, dt, shape = _image_data(img)
            self._fast_img = Array(_taichi_gui.fast_image(buf, dt, w, h, img.n), "u32", (w * h,))
        if isinstance(img, ti.ScalarField) and ti._is_real(img.dtype) and len(img.shape) == 2:
            assert img.shape == self.res, "Image resolution does not match GUI resolution"
            buf, dt, shape = _image_data(img)
            _taichi_gui.set_image(self._canvas, w, h, buf, dt, 1, _SET_SCALAR)
        elif isinstance(img, MatrixField) and ti._is_real(img.dtype):
            assert img.shape == self.res, "Image resolution does not match GUI resolution"
            assert img.n in [2, 3, 4] and img.m == 1, \
                "Only greyscale, RG, RGB or RGBA images are supported in GUI.set_image"
            buf, dt, shape = _image_data(img)
            _taichi_gui.set_image(self._canvas, w, h, buf, dt, img.n, _SET_VECTOR)
        elif isinstance(img, (ti.Field, Array, list, tuple)):
            buf, dt, channels = self.cook_image(img)
            _taichi_gui.set_image(self._canvas, w, h, buf, dt, channels, _SET_COOKED)
        else:
            raise ValueError(f"GUI.set_image only takes a Taichi field or NumPy array, not {type(img)}")

    @property
    def img(self):
        """With fast_gui, the last image set as u32 0xRRGGBB, rows from the
        top (Taichi's gui.img then); otherwise the canvas (get_image())."""
        if self.fast_gui:
            a = self._fast_img
            return _result(a._buf, "u32", a.shape)
        return self.get_image()

    def get_image(self):
        """The canvas as f32 (width, height, 4): a numpy array once the program
        has imported numpy (as Taichi returns), else an Array."""
        w, h = self.res
        return _result(_taichi_gui.get_image(self._canvas, w, h), "f32", (w, h, 4))

    def circle(self, pos, color=0xFFFFFF, radius=1):
        self.circles([[pos[0], pos[1]]], radius, color)

    def circles(self, pos, radius=1, color=0xFFFFFF, palette=None, palette_indices=None):
        """Discs at pos ((n, 2) in [0, 1]^2), radius in pixels, one each or one for all."""
        flat = _flat_points(pos, "pos")
        n = len(flat) // 2
        if palette is not None:
            assert palette_indices is not None, "palette must be used together with palette_indices"
            indices = _per_item(palette_indices, n, "palette_indices")
            color = [palette[int(i)] for i in indices]
        elif not isinstance(color, int):
            color = _per_item(color, n, "Color")
        if not isinstance(radius, (int, float)):
            radius = _per_item(radius, n, "Radius")
        _taichi_gui.circles(self._canvas, self.res[0], self.res[1], self.res[0], self.res[1], flat, radius, color)

    def triangles(self, a, b, c, color=0xFFFFFF):
        fa, fb, fc = _flat_points(a, "a"), _flat_points(b, "b"), _flat_points(c, "c")
        if not isinstance(color, int):
            color = _per_item(color, len(fa) // 2, '"color"')
        _taichi_gui.triangles(self._canvas, self.res[0], self.res[1], self.res[0], self.res[1], fa, fb, fc, color)

    def triangle(self, a, b, c, color=0xFFFFFF):
        self.triangles([[a[0], a[1]]], [[b[0], b[1]]], [[c[0], c[1]]], color)

    def lines(self, begin, end, radius=1, color=0xFFFFFF):
        """Segments from begin to end ((n, 2) each), radius (half-width) in pixels."""
        fb, fe = _flat_points(begin, "begin"), _flat_points(end, "end")
        n = len(fb) // 2
        for i in range(min(n, len(fe) // 2)):
            fe[2 * i] += 1e-6 * (i % 18 + 6)     # as Taichi's batched paths nudge each end
        if not isinstance(color, int):
            color = _per_item(color, n, "Color")
        if not isinstance(radius, (int, float)):
            radius = _per_item(radius, n, "Radius")
        _taichi_gui.lines(self._canvas, self.res[0], self.res[1], self.res[0], self.res[1], fb, fe, radius, color)

    def line(self, begin, end, radius=1, color=0xFFFFFF):
        w, h = self.res
        _taichi_gui.lines(self._canvas, w, h, w, h, [begin[0], begin[1]], [end[0], end[1]], radius, color)

    @staticmethod
    def _arrow_to_lines(orig, major, tip_scale=0.2, angle=45):
        angle = math.radians(180 - angle)
        c, s = math.cos(angle), math.sin(angle)
        lines = []
        for (ox, oy), (mx, my) in zip(orig, major):
            ex, ey = ox + mx, oy + my
            m1 = (mx * c - my * s, mx * s + my * c)
            m2 = (mx * c + my * s, -mx * s + my * c)
            lines.append(((ox, oy), (ex, ey)))
            lines.append(((ex, ey), (ex + m1[0] * tip_scale, ey + m1[1] * tip_scale)))
            lines.append(((ex, ey), (ex + m2[0] * tip_scale, ey + m2[1] * tip_scale)))
        return lines

    def arrows(self, orig, direction, radius=1, color=0xFFFFFF, **kwargs):
        o, d = _flat_points(orig, "orig"), _flat_points(direction, "direction")
        pairs = self._arrow_to_lines(list(zip(o[0::2], o[1::2])), list(zip(d[0::2], d[1::2])), **kwargs)
        # Taichi draws every shaft, then every left tip, then every right tip
        for k in range(3):
            part = pairs[k::3]
            self.lines([p[0] for p in part], [p[1] for p in part], radius, color)

    def arrow(self, orig, direction, radius=1, color=0xFFFFFF, **kwargs):
        for begin, end in self._arrow_to_lines([tuple(orig)], [tuple(direction)], **kwargs):
            self.line(begin, end, radius, color)

    def rect(self, topleft, bottomright, radius=1, color=0xFFFFFF):
        a = topleft[0], topleft[1]
        b = bottomright[0], topleft[1]
        c = bottomright[0], bottomright[1]
        d = topleft[0], bottomright[1]
        self.line(a, b, radius, color)
        self.line(b, c, radius, color)
        self.line(c, d, radius, color)
        self.line(d, a, radius, color)

    def text(self, content, pos, font_size=15, color=0xFFFFFF):
        """content in tirun's built-in font, its top-left corner at pos."""
        w, h = self.res
        _taichi_gui.text(self._canvas, w, h, str(content), pos[0] * w, pos[1] * h, float(font_size), color)

    @staticmethod
    def _make_field_base(w, h, bound):
        """The centres of a w x h grid inset by bound cells, x-major: (x_i, y_j) at i * h + j."""
        def linspace(a, b, n):
            return [a + (b - a) * k / (n - 1) for k in range(n)] if n > 1 else [a]
        xs, ys = linspace(bound / w, 1 - bound / w, w), linspace(bound / h, 1 - bound / h, h)
        return [[x, y] for x in xs for y in ys]

    def point_field(self, radius, color=0xFFFFFF, bound=0.5):
        """A disc per cell of radius (a (w, h) array: each cell's radius)."""
        assert len(radius.shape) == 2
        base = self._make_field_base(radius.shape[0], radius.shape[1], bound)
        self.circles(base, radius=radius.reshape(radius.shape[0] * radius.shape[1]), color=color)

    def arrow_field(self, direction, radius=1, color=0xFFFFFF, bound=0.5, **kwargs):
        """An arrow per cell of direction (a (w, h, 2) array)."""
        assert len(direction.shape) == 3
        assert direction.shape[2] == 2
        base = self._make_field_base(direction.shape[0], direction.shape[1], bound)
        direction = direction.reshape(direction.shape[0] * direction.shape[1], 2)
        self.arrows(base, direction, radius=radius, color=color, **kwargs)

    def vector_field(self, vector_field, arrow_spacing=5, color=0xFFFFFF):
        """Arrows for every arrow_spacing-th vector of a 2-D field of 2-vectors,
        the longest a tenth of the window."""
        buf, dt, (nx, ny, _) = _image_data(vector_field)
        v = _taichi_gui.unpack(buf, dt)
        longest = max(math.sqrt(v[k] * v[k] + v[k + 1] * v[k + 1]) for k in range(0, len(v), 2))
        scale = 0.1 / (longest + 1e-16)
        xs = [k * arrow_spacing / nx for k in range(math.ceil(nx / arrow_spacing))]
        ys = [k * arrow_spacing / ny for k in range(math.ceil(ny / arrow_spacing))]
        begin = [[x, y] for x in xs for y in ys]
        incre = [[v[2 * (i * ny + j)] * scale, v[2 * (i * ny + j) + 1] * scale]
                 for i in range(0, nx, arrow_spacing) for j in range(0, ny, arrow_spacing)]
        self.arrows(begin, incre, radius=1, color=color)

    def contour(self, scalar_field, normalize=False):
        raise RuntimeError("Failed to import Matplotlib. Please install it via `pip install matplotlib` first. ")

    # ---- frames

    def show(self, file=None):
        """Presents the frame (in the window, if any), writes it to file
        (.png or .bmp) when given, then clears the canvas for the next."""
        self._update()
        if file:
            _taichi_gui.screenshot(self._canvas, self.res[0], self.res[1], file)
        self.frame += 1
        if 0 < self._frame_limit <= self.frame and not self._should_close:
            self._should_close = 1
        self.clear()

    def _update(self):
        if self._window is None:
            return
        wait = self._last_frame + self._frame_delta_limit - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        self._last_frame = time.perf_counter()
        if self._should_close:
            self._should_close += 1
            if self._should_close > 5:
                raise RuntimeError("Window close button clicked, exiting... (use `while gui.running` to exit gracefully)")
        self._redraw_widgets()
        _taichi_gui.window_show(self._window, self._canvas, self.res[0], self.res[1])
        self._poll()

    def _poll(self):
        w, h = self.res
        for etype, key, x, y, dx, dy in _taichi_gui.window_events(self._window):
            etype = (_MOVE, _PRESS, _RELEASE)[etype]
            if key == "WMClose":
                self._should_close += 1
            if key in ("LMB", "MMB", "RMB", "Motion"):
                self._cursor = (x, y)
                self._mouse_to_widgets(etype, x, y)
            self._events.append((etype, key, (x, y), (dx, dy)))

    # ---- events

    class EventFilter:
        def __init__(self, *e_filter):
            self.filter = set()
            for ent in e_filter:
                if isinstance(ent, (list, tuple)):
                    e_type, key = ent
                    ent = (e_type, key)
                self.filter.add(ent)

        def match(self, e):
            if (e.type, e.key) in self.filter:
                return True
            if e.type in self.filter:
                return True
            if e.key in self.filter:
                return True
            return False

    def has_key_event(self):
        return bool(self._events)

    def get_event(self, *e_filter):
        """Whether an event passing the filter is pending; it becomes gui.event."""
        for e in self.get_events(*e_filter):
            self.event = e
            return True
        return False

    def get_events(self, *e_filter):
        e_filter = e_filter and GUI.EventFilter(*e_filter) or None
        while self.has_key_event():
            e = self.get_key_event()
            if e_filter is None or e_filter.match(e):
                yield e

    def get_key_event(self):
        while not self._events:
            if self._window is None:
                raise RuntimeError("no event will come: this GUI has no window (show_gui=False)")
            self._update()
        etype, key, (x, y), delta = self._events.pop(0)
        e = GUI.Event()
        e.type = etype
        e.key = key
        e.pos = (x / self.res[0], y / self.res[1])
        e.modifier = [mod for mod in ("Shift", "Alt", "Control") if self.is_pressed(mod)]
        e.delta = delta if key == GUI.WHEEL else (0, 0)
        if e.type is GUI.PRESS:
            self.key_pressed.add(e.key)
        else:
            self.key_pressed.discard(e.key)
        return e

    def is_pressed(self, *keys):
        for key in keys:
            if key in ("Shift", "Alt", "Control"):
                if key + "_L" in self.key_pressed or key + "_R" in self.key_pressed:
                    return True
            if key in self.key_pressed:
                return True
        return False

    def get_cursor_pos(self):
        """The mouse position in [0, 1]^2, y upwards."""
        return self._cursor[0] / self.res[0], self._cursor[1] / self.res[1]

    @property
    def running(self):
        return not self._should_close

    @running.setter
    def running(self, value):
        if value:
            self._should_close = 0
        elif not self._should_close:
            self._should_close = 1

    @property
    def fps_limit(self):
        if self._frame_delta_limit == 0:
            return None
        return 1 / self._frame_delta_limit

    @fps_limit.setter
    def fps_limit(self, value):
        self._frame_delta_limit = 0 if value is None else _f32(1 / value)


def rgb_to_hex(c):
    def to255(x):
        return min(max(int(x * 255), 0), 255)
    return (to255(c[0]) << 16) + (to255(c[1]) << 8) + to255(c[2])


def hex_to_rgb(color):
    r, g, b = (color >> 16) & 0xFF, (color >> 8) & 0xFF, color & 0xFF
    return r / 255, g / 255, b / 255


__all__ = ["GUI", "rgb_to_hex", "hex_to_rgb"]
