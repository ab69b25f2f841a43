"""Tab completion of Python names, as CPython's rlcompleter does it: the
interactive prompt asks Completer().complete(text, state) for the state-th
completion of the word before the cursor. A word without a dot completes to
keywords, then the names of the namespace (__main__'s unless one is given) and
of builtins; "a.b.c" completes to the attributes of what a.b names. The name
of a callable ends in '('."""

import builtins
import keyword

__all__ = ["Completer"]

# keywords that take what follows at once (a ':' or nothing) rather than a space
_KEYWORD_SUFFIX = {"finally": ":", "try": ":", "False": "", "None": "", "True": "", "break": "",
                   "continue": "", "pass": "", "else": ""}


class Completer:
    def __init__(self, namespace=None):
        if namespace is not None and not isinstance(namespace, dict):
            raise TypeError("namespace must be a dictionary")
        self.use_main_ns = namespace is None
        self.namespace = namespace
        self.matches = []

    def complete(self, text, state):
        """The state-th completion of text, or None past the last. An empty
        word completes to a tab, so that Tab indents."""
        if self.use_main_ns:
            import __main__
            self.namespace = __main__.__dict__
        if not text.strip():
            return "\t" if state == 0 else None
        if state == 0:
            self.matches = self.attr_matches(text) if "." in text else self.global_matches(text)
        return self.matches[state] if state < len(self.matches) else None

    def _callable_postfix(self, val, word):
        return word + "(" if callable(val) else word

    def global_matches(self, text):
        """Keywords, then names of the namespace and builtins, starting with text."""
        matches = []
        seen = {"__builtins__"}
        for word in keyword.kwlist + keyword.softkwlist:
            if word.startswith(text):
                seen.add(word)
                matches.append(word + _KEYWORD_SUFFIX.get(word, " "))
        for names in (self.namespace, builtins.__dict__):
            for word, val in names.items():
                if word not in seen and word.startswith(text):
                    seen.add(word)
                    matches.append(self._callable_postfix(val, word))
        return matches

    def attr_matches(self, text):
        """"expr.attr" for the attributes of expr (a dotted name, looked up
        without running anything but attribute access) that start with attr.
        Names starting with '_' appear only when attr does, '__' ones only
        when attr starts with '__', unless nothing else matches."""
        expr, _, attr = text.rpartition(".")
        parts = expr.split(".")
        if not all(p.isidentifier() for p in parts) or not (attr == "" or attr.isidentifier()):
            return []
        try:
            if parts[0] in self.namespace:
                obj = self.namespace[parts[0]]
            else:
                obj = builtins.__dict__[parts[0]]
            for p in parts[1:]:
                obj = getattr(obj, p)
        except Exception:
            return []
        words = set(dir(obj))
        words.discard("__builtins__")
        words.add("__class__")
        words.update(_class_members(type(obj)))
        noprefix = "_" if attr == "" else "__" if attr == "_" else None
        while True:
            matches = []
            for word in words:
                if not word.startswith(attr) or (noprefix and word.startswith(noprefix)):
                    continue
                match = expr + "." + word
                if isinstance(getattr(type(obj), word, None), property):
                    matches.append(match)   # reading it would run the property
                    continue
                try:
                    value = getattr(obj, word)
                except Exception:
                    value = None
                matches.append(match if value is None else self._callable_postfix(value, match))
            if matches or not noprefix:
                break
            noprefix = "__" if noprefix == "_" else None
        matches.sort()
        return matches


def _class_members(cls):
    names = set(dir(cls))
    for base in getattr(cls, "__bases__", ()):
        names.update(_class_members(base))
    return names
