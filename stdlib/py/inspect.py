"""inspect for tirun: frames (currentframe, stack, getframeinfo), the is*
predicates, getmodule / getfile / getsourcefile, and signature over a
function's code object. The VM's frames are not objects: a frame here is a
stand-in that finds its frame's line and locals in the call stack."""

import sys
import types
from collections import namedtuple


class _Frame:
    """A running frame as inspect sees it: f_code, f_lineno, f_globals,
    f_locals, f_back (the caller's, or None). The VM's frames are not objects:
    this one holds its frame's place in the call stack and reads the line and
    locals there while the same code runs at that place, else those of when
    it was made."""

    def __init__(self, records, i):
        self._records = records
        self._i = i
        self._level = len(records) - 1 - i     # frames outside this one
        self.f_code, self._lineno, self.f_globals, self._locals = records[i]
        self.f_builtins = self.f_globals.get("__builtins__", {})
        self.f_lasti = -1
        self.f_trace = None

    def _live(self):
        records = sys._frame_records(2)
        at = len(records) - 1 - self._level
        if 0 <= at < len(records) and records[at][0] is self.f_code:
            self._lineno, self._locals = records[at][1], records[at][3]

    @property
    def f_lineno(self):
        self._live()
        return self._lineno

    @property
    def f_locals(self):
        self._live()
        return self._locals

    @property
    def f_back(self):
        if self._i + 1 >= len(self._records):
            return None
        return _Frame(self._records, self._i + 1)

    def __repr__(self):
        return (f"<frame at 0x{id(self):x}, file '{self.f_code.co_filename}', "
                f"line {self.f_lineno}, code {self.f_code.co_name}>")


def currentframe():
    """The caller's frame."""
    return _Frame(sys._frame_records(1), 0)


Traceback = namedtuple("Traceback", "filename lineno function code_context index")
FrameInfo = namedtuple("FrameInfo", "frame filename lineno function code_context index")


def _source_lines(filename):
    try:
        with open(filename) as f:
            return f.read().splitlines(True)
    except (OSError, UnicodeDecodeError):
        return None


def _context(filename, lineno, context):
    if context <= 0:
        return None, None
    lines = _source_lines(filename)
    if not lines or lineno < 1 or lineno > len(lines):
        return None, None
    start = max(0, min(lineno - 1 - (context - 1) // 2, len(lines) - context))
    return lines[start:start + context], lineno - 1 - start


def getframeinfo(frame, context=1):
    """Traceback(filename, lineno, function, code_context, index) of a frame
    (tirun's tracebacks have no tb_frame to take one from)."""
    if not isinstance(frame, _Frame):
        raise TypeError(f"{frame!r} is not a frame object")
    lineno = frame.f_lineno
    filename = frame.f_code.co_filename
    lines, index = _context(filename, lineno, context)
    return Traceback(filename, lineno, frame.f_code.co_name, lines, index)


def getlineno(frame):
    return frame.f_lineno


def getouterframes(frame, context=1):
    out = []
    while frame is not None:
        info = getframeinfo(frame, context)
        out.append(FrameInfo(frame, *info))
        frame = frame.f_back
    return out


def stack(context=1):
    """FrameInfo of the caller and every frame out from it."""
    return getouterframes(_Frame(sys._frame_records(1), 0), context)


# ---- predicates

def ismodule(obj):
    return isinstance(obj, types.ModuleType)


def isclass(obj):
    return isinstance(obj, type)


def isfunction(obj):
    return isinstance(obj, types.FunctionType)


def ismethod(obj):
    return isinstance(obj, types.MethodType)


def isbuiltin(obj):
    return isinstance(obj, types.BuiltinFunctionType)


def isroutine(obj):
    return isbuiltin(obj) or isfunction(obj) or ismethod(obj)


def isgeneratorfunction(obj):
    while ismethod(obj):
        obj = obj.__func__
    return isfunction(obj) and bool(obj.__code__.co_flags & 0x20)


def isgenerator(obj):
    return isinstance(obj, types.GeneratorType)


def iscode(obj):
    return isinstance(obj, types.CodeType)


def isframe(obj):
    return isinstance(obj, _Frame)


def istraceback(obj):
    return isinstance(obj, types.TracebackType)


def isabstract(obj):
    return isinstance(obj, type) and bool(getattr(obj, "__abstractmethods__", None))


def getmodule(obj):
    if ismodule(obj):
        return obj
    name = getattr(obj, "__module__", None)
    return sys.modules.get(name) if name is not None else None


def cleandoc(doc):
    """doc without the first line's leading blanks, the indentation the other
    lines share, and blank lines at either end; tabs expanded."""
    lines = doc.expandtabs().split("\n")
    margins = [len(line) - len(line.lstrip()) for line in lines[1:] if line.lstrip()]
    margin = min(margins) if margins else 0
    lines = [lines[0].lstrip()] + [line[margin:] for line in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def getfile(obj):
    if ismodule(obj):
        if getattr(obj, "__file__", None):
            return obj.__file__
        raise TypeError(f"{obj!r} is a built-in module")
    if isclass(obj):
        module = sys.modules.get(obj.__module__)
        if getattr(module, "__file__", None):
            return module.__file__
        raise TypeError(f"{obj!r} is a built-in class")
    if ismethod(obj):
        obj = obj.__func__
    if isfunction(obj):
        obj = obj.__code__
    if isframe(obj):
        obj = obj.f_code
    if iscode(obj):
        return obj.co_filename
    raise TypeError(f"module, class, method, function, traceback, frame, or code object was expected, "
                    f"got {type(obj).__name__}")


def getsourcefile(obj):
    filename = getfile(obj)
    return filename if filename.endswith(".py") else None


# ---- signatures

_empty = type("_empty", (), {})


class Parameter:
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4
    empty = _empty

    _KIND_NAMES = ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL", "KEYWORD_ONLY",
                   "VAR_KEYWORD")

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self._name = name
        self._kind = kind
        self._default = default
        self._annotation = annotation

    name = property(lambda self: self._name)
    kind = property(lambda self: self._kind)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)

    def __str__(self):
        text = self._name
        if self._annotation is not _empty:
            ann = self._annotation
            text += ": " + (ann.__name__ if isinstance(ann, type) else repr(ann))
        if self._default is not _empty:
            text += (" = " if self._annotation is not _empty else "=") + repr(self._default)
        if self._kind == Parameter.VAR_POSITIONAL:
            text = "*" + text
        elif self._kind == Parameter.VAR_KEYWORD:
            text = "**" + text
        return text

    def __repr__(self):
        return f'<Parameter "{self}">'

    def __eq__(self, other):
        return (isinstance(other, Parameter) and self._name == other._name and self._kind == other._kind
                and self._default == other._default and self._annotation == other._annotation)


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self._parameters = {p.name: p for p in (parameters or ())}
        self._return_annotation = return_annotation

    parameters = property(lambda self: dict(self._parameters))
    return_annotation = property(lambda self: self._return_annotation)

    def __str__(self):
        parts = []
        slash = star = False
        params = list(self._parameters.values())
        for i, p in enumerate(params):
            if p.kind == Parameter.KEYWORD_ONLY and not star:
                parts.append("*")
                star = True
            if p.kind == Parameter.VAR_POSITIONAL:
                star = True
            parts.append(str(p))
            if p.kind == Parameter.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind != 0):
                parts.append("/")
        text = "(" + ", ".join(parts) + ")"
        if self._return_annotation is not _empty:
            ann = self._return_annotation
            text += " -> " + (ann.__name__ if isinstance(ann, type) else repr(ann))
        return text

    def __repr__(self):
        return f"<Signature {self}>"


def signature(obj):
    """The Signature of a Python function, method or class (its __init__)."""
    if not callable(obj):
        raise TypeError(f"{obj!r} is not a callable object")
    bound = False
    if isclass(obj):
        obj = obj.__init__
        bound = True
    if ismethod(obj):
        obj = obj.__func__
        bound = True
    wrapped = getattr(obj, "__wrapped__", None)
    if wrapped is not None:
        return signature(wrapped)
    if not isfunction(obj):
        raise ValueError(f"no signature found for {obj!r}")
    code = obj.__code__
    names = code.co_varnames
    npos = code.co_argcount
    nkw = code.co_kwonlyargcount
    nposonly = getattr(code, "co_posonlyargcount", 0)
    defaults = obj.__defaults__ or ()
    kwdefaults = obj.__kwdefaults__ or {}
    ann = getattr(obj, "__annotations__", {}) or {}
    params = []
    first_default = npos - len(defaults)
    for i in range(npos):
        name = names[i]
        kind = Parameter.POSITIONAL_ONLY if i < nposonly else Parameter.POSITIONAL_OR_KEYWORD
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=default, annotation=ann.get(name, _empty)))
    at = npos + nkw
    if code.co_flags & 0x04:
        name = names[at]
        params.append(Parameter(name, Parameter.VAR_POSITIONAL, annotation=ann.get(name, _empty)))
        at += 1
    kwonly = [Parameter(names[npos + i], Parameter.KEYWORD_ONLY,
                        default=kwdefaults.get(names[npos + i], _empty),
                        annotation=ann.get(names[npos + i], _empty)) for i in range(nkw)]
    params.extend(kwonly)
    if code.co_flags & 0x08:
        name = names[at]
        params.append(Parameter(name, Parameter.VAR_KEYWORD, annotation=ann.get(name, _empty)))
    if bound and params and params[0].kind <= Parameter.POSITIONAL_OR_KEYWORD:
        params = params[1:]
    return Signature(params, return_annotation=ann.get("return", _empty))
