"""The text that the help() builtin prints, laid out as CPython's pydoc lays
it out for a reader without a pager: a function's signature over its
docstring; a class's docstring and the methods it defines; a module's
description, classes, functions and data. help() with no argument points to
help(object): there is no interactive help utility."""

import builtins
import inspect
import sys

__all__ = ["help", "render_doc", "getdoc", "splitdoc"]


def getdoc(obj):
    """obj's docstring, cleaned up as inspect.cleandoc does, or ""."""
    doc = getattr(obj, "__doc__", None)
    if not isinstance(doc, str):
        return ""
    return inspect.cleandoc(doc)


def splitdoc(doc):
    """(synopsis, the rest) when the first line stands alone, else ("", doc)."""
    lines = doc.strip().split("\n")
    if len(lines) == 1:
        return lines[0], ""
    if len(lines) >= 2 and not lines[1].rstrip():
        return lines[0], "\n".join(lines[2:])
    return "", "\n".join(lines)


def _indent(text, prefix="    "):
    if not text:
        return ""
    return "\n".join(prefix + line for line in text.split("\n")) + "\n"


def _signature(obj):
    try:
        return str(inspect.signature(obj))
    except (TypeError, ValueError):
        return "(...)"


def _routine(obj, name=None, note=""):
    """name(signature) and the docstring under it, indented."""
    name = name or getattr(obj, "__name__", "?")
    if inspect.ismethod(obj):
        owner = obj.__self__
        cls = owner if inspect.isclass(owner) else type(owner)
        note = " method of %s.%s %s" % (cls.__module__, cls.__qualname__,
                                        "class" if inspect.isclass(owner) else "instance")
    return name + _signature(obj) + note + "\n" + _indent(getdoc(obj))


def _classname(cls, module):
    return cls.__name__ if cls.__module__ == module else cls.__module__ + "." + cls.__qualname__


def _class(cls, name=None):
    name = name or cls.__name__
    bases = ", ".join(_classname(b, cls.__module__) for b in cls.__bases__)
    head = "class %s(%s)\n" % (name, bases) if bases else "class %s\n" % name
    body = getdoc(cls)
    methods = [(k, v) for k, v in sorted(vars(cls).items()) if inspect.isfunction(v) or inspect.isbuiltin(v)]
    if methods:
        body += ("\n\n" if body else "") + "Methods defined here:\n\n"
        body += "\n".join(_routine(v, k) for k, v in methods)
    return head + _indent(body.rstrip("\n"), " |  ")


def _module(mod):
    name = mod.__name__
    synopsis, description = splitdoc(getdoc(mod))
    out = "NAME\n    %s%s\n\n" % (name, " - " + synopsis if synopsis else "")
    if description:
        out += "DESCRIPTION\n" + _indent(description) + "\n"
    classes, functions, data = [], [], []
    public = getattr(mod, "__all__", None)
    for key, value in sorted(vars(mod).items()):
        if (key.startswith("_") if public is None else key not in public):
            continue
        if inspect.isclass(value):
            if value.__module__ == name:
                classes.append((key, value))
        elif inspect.isfunction(value) or inspect.isbuiltin(value):
            if getattr(value, "__module__", name) in (name, None):
                functions.append((key, value))
        elif not inspect.ismodule(value):
            data.append((key, value))
    if classes:
        out += "CLASSES\n" + _indent("\n".join(_class(v, k) for k, v in classes)) + "\n"
    if functions:
        out += "FUNCTIONS\n" + _indent("\n".join(_routine(v, k) for k, v in functions)) + "\n"
    if data:
        out += "DATA\n" + _indent("\n".join("%s = %r" % (k, v) for k, v in data)) + "\n"
    filename = getattr(mod, "__file__", None)
    out += "FILE\n    %s\n" % (filename or "(built-in)")
    return out


def _resolve(name):
    """The object a dotted name names: a module, or an attribute of builtins
    or of a module; None when there is none."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = __import__(".".join(parts[:i]))
            for p in parts[1:]:
                obj = getattr(obj, p)
            return obj
        except (ImportError, AttributeError):
            continue
    obj = builtins
    try:
        for p in parts:
            obj = getattr(obj, p)
    except AttributeError:
        return None
    return obj


def render_doc(thing, title="Help on %s:"):
    """The help text of thing (an object, or a name to look up)."""
    if isinstance(thing, str):
        found = _resolve(thing)
        if found is None:
            raise ImportError("No Python documentation found for %r.\n"
                              "Use help() to get the interactive help utility.\n"
                              "Use help(str) for help on the str class." % thing)
        thing = found
    module = getattr(thing, "__module__", None)
    if module is None and inspect.isbuiltin(thing) and getattr(builtins, thing.__name__, None) is thing:
        module = "builtins"
    where = " in module " + module if isinstance(module, str) else ""
    if inspect.ismodule(thing):
        return title % ("module " + thing.__name__) + "\n\n" + _module(thing)
    if inspect.isclass(thing):
        return title % ("class %s%s" % (thing.__name__, where)) + "\n\n" + _class(thing)
    if inspect.ismethod(thing):
        return title % ("method %s%s" % (thing.__name__, where)) + "\n\n" + _routine(thing)
    if inspect.isbuiltin(thing):
        return title % ("built-in function %s%s" % (thing.__name__, where)) + "\n\n" + _routine(thing)
    if inspect.isfunction(thing):
        return title % ("function %s%s" % (thing.__name__, where)) + "\n\n" + _routine(thing)
    cls = type(thing)
    return title % (cls.__name__ + " object") + "\n\n" + _class(cls)


def help(*args):
    """help(object) prints the documentation of object (or of what a name
    string names); help() says how to call it."""
    if len(args) > 1:
        raise TypeError("help() takes at most 1 argument (%d given)" % len(args))
    if not args:
        sys.stdout.write("Type help(object) for help about object; tirun has no interactive help "
                         "utility.\n")
        return
    try:
        text = render_doc(args[0])
    except ImportError as e:
        sys.stdout.write(str(e) + "\n\n")
        return
    sys.stdout.write(text + "\n")
