"""Static analysis of Taichi's test files for tests/compat/compat.py: which test
functions each file holds, what each needs that tirun lacks by design or for
now (numpy, another arch, an extension: the report's failure causes), how many
items its parametrize marks make, and what it uses — kernel syntax, `ti.`
names, harness needs — for the inventory (`tests/compat/run --inventory FILE`)."""

import ast
import collections
import subprocess

CPU_ARCHS = {"cpu", "x64", "arm64"}
# the extensions tirun's CPU backend has (others: sparse, quant, adstack, bls,
# mesh, extfunc); a test requiring another is noted as needing it
TIRUN_EXTENSIONS = {"data64", "assertion"}
GPU_ARCHS = {"cuda", "metal", "vulkan", "opengl", "dx11", "dx12", "gles", "amdgpu"}


# --- static analysis of a test file -----------------------------------------------------

def dotted(node):
    """'a.b.c' for a chain of attributes on a name, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


class Module:
    """A parsed test (or helper) module: its top-level definitions, and the
    names it imports from taichi, spelled as `ti.` chains."""

    def __init__(self, text):
        self.tree = ast.parse(text)
        self.defs = {}          # top-level name -> the node defining it
        self.aliases = {"ti": "ti"}
        self.relative = []      # (helper module, [names]) from `from .x import ...`
        self.imports = set()    # modules imported at module level, other than taichi's own
        self.collect(self.tree.body)

    def collect(self, body):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                self.defs[node.name] = node
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.defs[target.id] = node
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and node.module:
                    self.imports.add(node.module)
                if node.level == 1 and node.module:
                    self.relative.append((node.module, [a.asname or a.name for a in node.names]))
                elif node.module and node.module.split(".")[0] == "taichi":
                    prefix = "ti" + node.module[len("taichi"):]
                    for a in node.names:
                        self.aliases[a.asname or a.name] = prefix + "." + a.name
            elif isinstance(node, ast.Import):
                for a in node.names:
                    self.imports.add(a.name)
                    if a.name.split(".")[0] == "taichi":
                        self.aliases[a.asname or a.name] = "ti" + a.name[len("taichi"):]
            elif isinstance(node, (ast.If, ast.Try)):
                self.collect(node.body)
                for handler in getattr(node, "handlers", []):
                    self.collect(handler.body)
                self.collect(node.orelse)


class Test:
    """One test function as found in a file: where it lives, what it needs
    (numpy, another arch, an extension; None when nothing of these), how many
    items its parametrize marks make, what it uses."""

    def __init__(self, file, name, node, module):
        self.file = file
        self.name = name
        self.node = node
        self.module = module
        self.needs = None
        self.items = 1
        self.features = set()


KERNEL_DECORATORS = {"ti.kernel", "ti.func", "ti.real_func", "ti.experimental.real_func", "ti.pyfunc"}
FIELD_METHODS = {"fill", "dense", "pointer", "bitmasked", "dynamic", "place", "parent", "snode", "shape",
                 "all", "any", "sum", "max", "min", "norm", "norm_sqr", "normalized", "dot", "cross",
                 "transpose", "outer_product", "cast", "copy_from", "get_addr", "deactivate",
                 "deactivate_all", "to_list", "n", "m", "dtype", "grad", "field", "ndarray", "lazy_grad",
                 "append", "length", "trace", "determinant", "inverse"}
PY_BUILTINS = {"int", "float", "abs", "max", "min", "len", "isinstance", "enumerate", "zip",
               "bool", "pow", "round", "sum", "any", "all", "divmod", "list", "tuple"}


class Analyzer:
    """Walks a test function and the module-level helpers it reaches: what it
    needs and the features it uses."""

    def __init__(self, module):
        self.module = module

    def reach(self, node):
        """The nodes of a test function plus those of the top-level definitions
        it names, transitively (its own name excluded)."""
        seen = set()
        todo = [node]
        nodes = []
        while todo:
            current = todo.pop()
            if id(current) in seen:
                continue
            seen.add(id(current))
            nodes.append(current)
            for sub in ast.walk(current):
                if isinstance(sub, ast.Name) and sub.id in self.module.defs:
                    target = self.module.defs[sub.id]
                    if id(target) not in seen:
                        todo.append(target)
        return nodes

    def numpy_use(self, nodes):
        for top in nodes:
            for sub in ast.walk(top):
                if isinstance(sub, ast.Name) and sub.id in ("np", "numpy"):
                    return "names %s (line %d)" % (sub.id, sub.lineno)
                if isinstance(sub, ast.Attribute) and "numpy" in sub.attr:
                    return "calls .%s (line %d)" % (sub.attr, sub.lineno)
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    names = [a.name for a in sub.names] + [getattr(sub, "module", None) or ""]
                    if any(n.split(".")[0] == "numpy" for n in names):
                        return "imports numpy (line %d)" % sub.lineno
                if isinstance(sub, ast.Constant) and sub.value == "numpy":
                    return "needs numpy (line %d)" % sub.lineno
        return None

    def archs(self, node, depth=0):
        """The set of arch names an arch= / exclude= expression means, or None
        when it cannot be told statically."""
        if depth > 5:
            return None
        chain = dotted(node)
        if chain is not None:
            chain = self.qualify(chain)
            if chain in ("ti.gpu", "ti.lang.gpu"):
                return set(GPU_ARCHS)
            if chain.startswith("ti."):
                name = chain.split(".")[-1]
                return {"cpu"} if name in CPU_ARCHS else {name}
            if isinstance(node, ast.Name) and isinstance(self.module.defs.get(node.id), ast.Assign):
                return self.archs(self.module.defs[node.id].value, depth + 1)
            return None
        if isinstance(node, ast.Call) and (dotted(node.func) or "").endswith("get_host_arch_list"):
            return {"cpu"}
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            out = set()
            for elt in node.elts:
                got = self.archs(elt, depth + 1)
                if got is None:
                    return None
                out |= got
            return out
        return None

    def qualify(self, chain):
        head, _, rest = chain.partition(".")
        if head in self.module.aliases:
            return self.module.aliases[head] + ("." + rest if rest else "")
        return chain

    def excludes_cpu(self, node, depth=0):
        """Whether an exclude= entry (or list of them) drops the CPU on Linux."""
        if depth > 5:
            return False
        if isinstance(node, ast.Name) and isinstance(self.module.defs.get(node.id), ast.Assign):
            return self.excludes_cpu(self.module.defs[node.id].value, depth + 1)
        if isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Constant):
            archs = self.archs(node.elts[0])
            return bool(archs and "cpu" in archs) and node.elts[1].value == "Linux"
        if isinstance(node, (ast.List, ast.Tuple)):
            return any(self.excludes_cpu(elt, depth + 1) for elt in node.elts)
        archs = self.archs(node)
        return bool(archs and "cpu" in archs)

    def decorator_call(self, func):
        for dec in func.decorator_list:
            if isinstance(dec, ast.Call) and dotted(dec.func) in ("test_utils.test", "test"):
                return dec
        return None

    def needs(self, func, nodes):
        dec = self.decorator_call(func)
        if dec is not None:
            kw = {k.arg: k.value for k in dec.keywords}
            if dec.args:
                kw.setdefault("arch", dec.args[0])
            if "arch" in kw:
                archs = self.archs(kw["arch"])
                if archs is not None and not archs & {"cpu"}:
                    return "arch: only %s" % ", ".join(sorted(archs))
            if "exclude" in kw and self.excludes_cpu(kw["exclude"]):
                return "arch: excludes the CPU"
            if "require" in kw:
                req = kw["require"]
                elts = req.elts if isinstance(req, (ast.List, ast.Tuple)) else [req]
                names = [(dotted(elt) or "").split(".")[-1] for elt in elts]
                names = [n for n in names if n and n not in TIRUN_EXTENSIONS]
                if names:
                    return "extension: requires %s" % ", ".join(names)
        why = self.numpy_use(nodes)
        return "numpy: " + why if why else None

    def item_count(self, func):
        """How many items the parametrize marks of func make: lists written
        out, or named at module level, counted; anything else counts one."""
        count = 1
        for dec in func.decorator_list:
            if isinstance(dec, ast.Call) and (dotted(dec.func) or "").endswith("mark.parametrize"):
                values = dec.args[1] if len(dec.args) > 1 else None
                for k in dec.keywords:
                    if k.arg == "argvalues":
                        values = k.value
                if isinstance(values, ast.Name) and isinstance(self.module.defs.get(values.id), ast.Assign):
                    values = self.module.defs[values.id].value
                if isinstance(values, (ast.List, ast.Tuple)):
                    count *= max(len(values.elts), 1)
        return count

    # -- features

    def features(self, func, nodes):
        found = set()
        dec = self.decorator_call(func)
        if dec is not None:
            for k in dec.keywords:
                if k.arg not in ("arch", "exclude", "require"):
                    value = ast.unparse(k.value)
                    found.add("harness: ti.init(%s=%s)" % (k.arg, value))
                elif k.arg == "require":
                    found.add("harness: require=%s" % ast.unparse(k.value))
        for name in self.module.imports:
            if name.split(".")[0] not in ("tests", "pytest", "numpy") and name != "taichi":
                found.add("import " + name)
        for arg in func.args.args:
            if arg.arg in ("capfd", "capsys", "request", "tmp_path", "monkeypatch"):
                found.add("harness: fixture %s" % arg.arg)
        for top in nodes:
            self.walk(top, found, in_kernel=False)
        return found

    def walk(self, node, found, in_kernel):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            decs = [self.qualify(dotted(d.func if isinstance(d, ast.Call) else d) or "") for d in node.decorator_list]
            kernel = [d for d in decs if d in KERNEL_DECORATORS]
            if kernel:
                in_kernel = True
                self.signature(node, kernel[0], found)
            for dec in node.decorator_list:   # the kernel decorators counted above, the rest as uses
                if self.qualify(dotted(dec) or "") not in KERNEL_DECORATORS:
                    self.walk(dec, found, in_kernel)
            for child in node.args.defaults + [a.annotation for a in node.args.args if a.annotation]:
                self.walk(child, found, in_kernel)
            if node.returns is not None:
                self.walk(node.returns, found, in_kernel)
            for child in node.body:
                self.walk(child, found, in_kernel)
            return
        elif isinstance(node, ast.Attribute):
            chain = dotted(node)
            if chain is not None:
                chain = self.qualify(chain)
                if chain.startswith("ti."):
                    found.add(".".join(chain.split(".")[:4]))
                    return   # one chain, not its prefixes
            if node.attr in FIELD_METHODS and dotted(node.value) != "ti":
                found.add(("kernel: ." if in_kernel else "python: .") + node.attr)
        elif isinstance(node, ast.Name) and node.id in self.module.aliases and node.id != "ti":
            found.add(self.module.aliases[node.id])
        elif isinstance(node, ast.With):
            for item in node.items:
                call = item.context_expr
                if isinstance(call, ast.Call) and (dotted(call.func) or "").endswith("raises") and call.args:
                    what = self.qualify(dotted(call.args[0]) or ast.unparse(call.args[0]))
                    found.add("harness: pytest.raises(%s)" % what)
                    if any(k.arg == "match" for k in call.keywords):
                        found.add("harness: pytest.raises(match=...)")
        if in_kernel:
            self.kernel_syntax(node, found)
        for child in ast.iter_child_nodes(node):
            self.walk(child, found, in_kernel)

    def signature(self, func, kind, found):
        found.add("kernel: @%s" % kind)
        for arg in func.args.args:
            if arg.annotation is None:
                continue
            text = self.qualify(ast.unparse(arg.annotation))
            if "template" in text:
                found.add("kernel: arg ti.template()")
            elif "ndarray" in text:
                found.add("kernel: arg ndarray")
            elif "matrix" in text or "vector" in text or "vec" in text or "Matrix" in text:
                found.add("kernel: arg vector/matrix")
            elif "struct" in text:
                found.add("kernel: arg struct")
            else:
                found.add("kernel: arg scalar")
        if func.returns is not None:
            text = ast.unparse(func.returns)
            if text.startswith("(") or "Tuple" in text or "tuple" in text or "," in text:
                found.add("kernel: return tuple")
            elif "struct" in text or "vec" in text or "matrix" in text or "Matrix" in text or "Vector" in text:
                found.add("kernel: return vector/matrix/struct")
            else:
                found.add("kernel: return scalar")

    def kernel_syntax(self, node, found):
        add = lambda what: found.add("kernel: " + what)
        if isinstance(node, ast.For):
            it = node.iter
            head = self.qualify(dotted(it.func) or "") if isinstance(it, ast.Call) else ""
            if head == "range":
                add("for range")
            elif head in ("ti.ndrange", "ti.grouped", "ti.static"):
                inner = it.args[0] if head == "ti.static" and it.args else None
                inner_head = self.qualify(dotted(inner.func) or "") if isinstance(inner, ast.Call) else ""
                add("for %s(%s)" % (head, inner_head + "(...)" if inner_head else "...") if head == "ti.static"
                    else "for %s" % head)
            elif isinstance(it, (ast.Name, ast.Attribute)):
                add("struct-for over a field")
            else:
                add("for over %s" % (head or type(it).__name__))
            if node.orelse:
                add("for-else")
        elif isinstance(node, ast.While):
            add("while")
        elif isinstance(node, ast.Break):
            add("break")
        elif isinstance(node, ast.Continue):
            add("continue")
        elif isinstance(node, ast.Return) and node.value is not None:
            add("return value")
        elif isinstance(node, ast.IfExp):
            add("x if c else y")
        elif isinstance(node, ast.BoolOp):
            add("and / or")
        elif isinstance(node, ast.Compare) and len(node.ops) > 1:
            add("chained comparison")
        elif isinstance(node, ast.AugAssign):
            add("augmented assignment")
        elif isinstance(node, ast.Assign) and any(isinstance(t, (ast.Tuple, ast.List)) for t in node.targets):
            add("tuple unpacking")
        elif isinstance(node, ast.NamedExpr):
            add("walrus :=")
        elif isinstance(node, ast.Assert):
            add("assert" + (" with message" if node.msg is not None else ""))
        elif isinstance(node, ast.Call):
            name = dotted(node.func)
            if name == "print":
                add("print")
                if any(isinstance(a, ast.JoinedStr) for a in node.args):
                    add("print f-string")
                if any(k.arg in ("sep", "end") for k in node.keywords):
                    add("print sep=/end=")
            elif name in PY_BUILTINS:
                add("builtin %s()" % name)
            elif isinstance(node.func, ast.Attribute) and node.func.attr == "format":
                add("str.format")
        elif isinstance(node, ast.BinOp):
            op = type(node.op).__name__
            if op in ("Pow", "FloorDiv", "Mod", "LShift", "RShift", "BitAnd", "BitOr", "BitXor", "MatMult"):
                add("operator " + {"Pow": "**", "FloorDiv": "//", "Mod": "%", "LShift": "<<", "RShift": ">>",
                                   "BitAnd": "&", "BitOr": "|", "BitXor": "^", "MatMult": "@"}[op])
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Invert, ast.Not)):
            add("unary " + ("~" if isinstance(node.op, ast.Invert) else "not"))
        elif isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.DictComp)):
            add("comprehension")
        elif isinstance(node, ast.Lambda):
            add("lambda")
        elif isinstance(node, ast.Global) or isinstance(node, ast.Nonlocal):
            add("global / nonlocal")
        elif isinstance(node, ast.Try):
            add("try")
        elif isinstance(node, ast.If):
            test = node.test
            if isinstance(test, ast.Call) and self.qualify(dotted(test.func) or "") == "ti.static":
                add("if ti.static(...)")


def analyze_file(source, fname):
    """The Tests of one file (and of helpers it imports tests from), and the
    helper modules to stage beside it: ([Test], {helper file: text})."""
    text = source.read("tests/python/" + fname)
    if text is None:
        return None, {}
    module = Module(text)
    helpers = {}
    tests = []
    sources = [(module, None)]
    for helper, names in module.relative:
        helper_text = source.read("tests/python/%s.py" % helper)
        if helper_text is None:
            continue
        helpers[helper + ".py"] = helper_text
        sources.append((Module(helper_text), set(names)))
    for mod, only in sources:
        analyzer = Analyzer(mod)
        for name, node in mod.defs.items():
            if only is not None and name not in only:
                continue
            funcs = []
            if isinstance(node, ast.FunctionDef) and name.startswith("test"):
                funcs.append((name, node))
            elif isinstance(node, ast.ClassDef) and name.startswith("Test"):
                funcs.extend(("%s::%s" % (name, f.name), f) for f in node.body
                             if isinstance(f, ast.FunctionDef) and f.name.startswith("test"))
            for test_name, func in funcs:
                t = Test(fname, test_name, func, mod)
                nodes = analyzer.reach(func)
                t.needs = analyzer.needs(func, nodes)
                t.items = analyzer.item_count(func)
                t.features = analyzer.features(func, nodes)
                tests.append(t)
    return tests, helpers


# --- the inventory ----------------------------------------------------------------------

PROBE = """
import taichi as ti
for name in NAMES:
    try:
        if name.startswith("import "):
            __import__(name[7:])
        else:
            value = ti
            for part in name.split(".")[1:]:
                value = getattr(value, part)
    except Exception:
        print(name)
"""


def probe(tirun, features):
    """The `ti.` chains and imports among features that tirun lacks, or None
    when it cannot be asked."""
    names = sorted(f for f in features if f.startswith("ti.") or f.startswith("import "))
    try:
        done = subprocess.run([tirun, "-c", "NAMES = %r\n%s" % (names, PROBE)], capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    return set(done.stdout.splitlines())


def inventory(tests, describe, path, tirun):
    """Writes the Markdown inventory of what the tests without needs use; with a
    tirun binary, which of the names it lacks."""
    included = [t for t in tests if t.needs is None]
    uses = collections.defaultdict(list)
    for t in included:
        for f in t.features:
            uses[f].append(t)
    ranked = sorted(uses, key=lambda f: (-len(uses[f]), f))
    missing = probe(tirun, uses) if tirun else None
    mark = lambda f: "" if missing is None or not (f.startswith("ti.") or f.startswith("import ")) else (
        "no" if f in missing else "yes")
    lines = ["# What Taichi's tests use (generated by `tests/compat/run --inventory`)", "",
             "Source: %s. %d test functions in %d files; %d need nothing tirun lacks by design, %d do (%s)." % (
                 describe, len(tests), len({t.file for t in tests}), len(included), len(tests) - len(included),
                 ", ".join("%s %d" % (k, v) for k, v in sorted(collections.Counter(
                     t.needs.split(":")[0] for t in tests if t.needs).items()))),
             "",
             "Counts are test functions (not parametrized items) among those without needs. `kernel:` is",
             "syntax inside @ti.kernel / @ti.func bodies, `python:` a method used in Python scope,",
             "`harness:` what the test machinery needs (fixtures, ti.init options, pytest.raises),",
             "`import`: a module the file imports. \"tirun has\": whether the name resolves in tirun's",
             "taichi module (or the import works) today%s." % ("" if missing is not None else " (not asked: no tirun)"),
             "", "## Greedy order: implement these in turn; the count is the tests fully covered so far", ""]
    # greedy set cover weighted towards nearly covered tests: a feature scores
    # 1/|what a test still lacks| for each test that uses it
    remaining = {id(t): set(t.features) for t in included}
    done = set()
    order = []
    while len(done) < len(uses):
        best, best_gain = None, -1.0
        for f in ranked:
            if f in done:
                continue
            gain = sum(1.0 / len(r) for r in remaining.values() if f in r)
            if gain > best_gain:
                best, best_gain = f, gain
        done.add(best)
        for r in remaining.values():
            r.discard(best)
        covered = sum(1 for r in remaining.values() if not r)
        order.append((best, len(uses[best]), covered))
    lines.append("| # | feature | tirun has | used by | covered after |")
    lines.append("| ---: | --- | --- | ---: | ---: |")
    for n, (f, used, cov) in enumerate(order, 1):
        lines.append("| %d | `%s` | %s | %d | %d |" % (n, f, mark(f), used, cov))
    lines += ["", "## Features by use", "", "| feature | tirun has | tests | files |", "| --- | --- | ---: | --- |"]
    for f in ranked:
        files = collections.Counter(t.file[5:-3] for t in uses[f])
        lines.append("| `%s` | %s | %d | %s |" % (f, mark(f), len(uses[f]), ", ".join(
            "%s %d" % (k, v) for k, v in sorted(files.items(), key=lambda kv: -kv[1]))))
    lines += ["", "## Per file", ""]
    by_file = collections.defaultdict(list)
    for t in tests:
        by_file[t.file].append(t)
    for fname in sorted(by_file):
        group = by_file[fname]
        run = [t for t in group if t.needs is None]
        lines.append("### %s: %d tests, %d with needs" % (fname, len(group), len(group) - len(run)))
        for t in group:
            if t.needs:
                lines.append("- `%s` needs %s" % (t.name, t.needs))
        counts = collections.Counter(f for t in run for f in t.features)
        lines.append("- uses: " + ", ".join("`%s` %d" % (f, n) for f, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))))
        lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
