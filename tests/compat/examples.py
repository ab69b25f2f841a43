"""Taichi's example programs (taichi-dev/taichi python/taichi/examples) under
tirun, compared with Taichi: owns classifying each example statically, running
the eligible ones under both with a frame and a time limit, and the report.

Eligible: an example that needs none of GGUI (ti.ui), sparse SNodes (pointer, bitmasked, dynamic and what acts on them),
autodiff, or a package outside Taichi and Python's standard library. Each runs
unchanged, from a copy of the examples folder, with TI_GUI_SHOW=0 (no window)
and TIRUN_GUI_FRAMES=N: tirun's ti.GUI makes gui.running False after N calls of
gui.show(), so that `while gui.running:` loops end. Under Taichi (python3) the
same limit is put in place by patching ti.GUI before the example runs. An
example passes when tirun exits 0 (or both reach --timeout) and its output
equals Taichi's, less the lines Taichi prints about itself ([Taichi] ...).

Sources as in compat.py ($TAICHI_SRC, the cached clone, the mirror); nothing is
copied into this repository."""

import argparse
import ast
import concurrent.futures
import os
import shutil
import signal
import subprocess
import sys
import tempfile

from compat import ROOT, open_source

EXAMPLES = "python/taichi/examples"

# ti.GUI under Taichi, limited as tirun's honours TIRUN_GUI_FRAMES: run as
# `python3 -c TAICHI_LAUNCH example.py args...`
TAICHI_LAUNCH = r"""
import os, runpy, sys
import taichi as ti
limit = int(os.environ.get("TIRUN_GUI_FRAMES", "0"))
if limit > 0:
    shown = ti.GUI.show
    running = ti.GUI.running
    def show(self, *args, **kwargs):
        shown(self, *args, **kwargs)
        self._frames = getattr(self, "_frames", 0) + 1
    ti.GUI.show = show
    ti.GUI.running = property(lambda self: getattr(self, "_frames", 0) < limit and running.fget(self),
                              running.fset)
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""

# SNode builder methods that make sparse SNodes (list.append and the like
# share other names, so those count only as ti.append, ti.length, ...)
SPARSE_METHODS = {"pointer", "bitmasked", "dynamic", "deactivate_all"}
SPARSE_FUNCTIONS = ("ti.sparse", "ti.activate", "ti.deactivate", "ti.is_active", "ti.append", "ti.length",
                    "ti.deactivate_all_snodes")


def names_of(tree):
    """(dotted attribute chains, imported top-level modules, attribute names, keyword names)."""
    chains, imports, attrs, keywords = set(), set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imports.add(node.module)
            imports.update(node.module + "." + a.name for a in node.names)
        elif isinstance(node, ast.Attribute):
            attrs.add(node.attr)
            parts, value = [node.attr], node.value
            while isinstance(value, ast.Attribute):
                parts.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name):
                chains.add(".".join([value.id] + parts[::-1]))
        elif isinstance(node, ast.keyword) and node.arg:
            keywords.add((node.arg, ast.unparse(node.value)))
    return chains, imports, attrs, keywords


def classify(text):
    """Why an example is not eligible (a short reason), or None."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        return "other: CPython cannot parse it (%s)" % e.msg
    chains, imports, attrs, keywords = names_of(tree)
    tops = {m.split(".")[0] for m in imports}
    # numpy is tirun's own (stdlib/numpy): no longer a reason to skip an example
    if any(m.startswith("taichi.ui") for m in imports) or any(c.startswith(("ti.ui", "taichi.ui")) for c in chains):
        return "GGUI (ti.ui)"
    if attrs & SPARSE_METHODS or any(c.startswith(SPARSE_FUNCTIONS) for c in chains):
        return "sparse SNodes"
    if (any(c.startswith(("ti.ad", "ti.Tape", "ti.clear_all_gradients")) for c in chains)
            or attrs & {"grad", "lazy_grad", "dual", "lazy_dual"} or ("needs_grad", "True") in keywords):
        return "autodiff"
    outside = sorted(m for m in tops if m not in ("taichi", "numpy") and m not in sys.stdlib_module_names)
    if outside:
        return "other package: " + ", ".join(outside)
    if any(m.startswith("taichi.examples") for m in imports):
        return "other package: taichi.examples (Taichi's examples as a package)"
    return None


def run(cmd, cwd, env, timeout):
    """(exit status or None when killed at the time limit, stdout, stderr)."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        rc = None
    return rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def own_lines(out):
    """The output less what Taichi (or tirun standing in for it) says about itself."""
    return [line for line in out.splitlines() if not line.startswith("[Taichi]")]


def last_line(text):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:160] if lines else "no output"


def judge(name, folder, tirun, args):
    """(verdict, detail) for one eligible example."""
    env = dict(os.environ, TI_GUI_SHOW="0", TIRUN_GUI_FRAMES=str(args.frames))
    env.pop("TI_ARCH", None)
    path = os.path.join(folder, name)
    cwd = os.path.dirname(path)
    rc, out, err = run([tirun, path], cwd, env, args.timeout)
    if rc not in (0, None):
        return "fails", "exit %d: %s" % (rc, last_line(err or out))
    if args.no_taichi:
        return ("runs", "") if rc == 0 else ("time limit", "still running after %g s" % args.timeout)
    trc, tout, terr = run([sys.executable, "-c", TAICHI_LAUNCH, path], cwd, env, args.timeout)
    if trc not in (0, None):
        return "taichi fails", "Taichi: exit %d: %s" % (trc, last_line(terr or tout))
    if rc is None and trc is not None:
        return "time limit", "tirun still running after %g s; Taichi ends" % args.timeout
    if own_lines(out) != own_lines(tout):
        if rc is None or trc is None:   # cut off at different points: not comparable
            return "time limit", "both still running after %g s" % args.timeout
        mine, theirs = own_lines(out), own_lines(tout)
        at = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
        return "output differs", "line %d: tirun %r, Taichi %r" % (
            at + 1, mine[at][:60] if at < len(mine) else "<end>", theirs[at][:60] if at < len(theirs) else "<end>")
    return "runs", "output equal (%d lines)" % len(own_lines(out)) if own_lines(out) else "prints nothing"


def main():
    parser = argparse.ArgumentParser(prog="tests/compat/examples", description="Runs Taichi's examples under tirun.")
    parser.add_argument("--tirun", default=None, help="the tirun binary (default: build/tirun)")
    parser.add_argument("--frames", type=int, default=3, help="gui.show() calls before gui.running is False (3)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds allowed to one run (60)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="examples at once (2)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="only the examples whose path holds TEXT; may repeat")
    parser.add_argument("--list", action="store_true", help="classify, and stop")
    parser.add_argument("--no-taichi", action="store_true", help="do not run Taichi to compare outputs")
    parser.add_argument("--update", action="store_true", help="refresh the cached clone first")
    args = parser.parse_args()
    source, why = open_source(args.update)
    if source is None:
        print("examples: skipped: " + why)
        return 0
    names = list_examples(source)
    if args.only:
        names = [n for n in names if any(o in n for o in args.only)]
    print("examples: from %s" % source.describe())
    folder = tempfile.mkdtemp(prefix="tirun-examples-")
    try:
        copy_examples(source, folder)
        reasons = {}
        for n in names:
            with open(os.path.join(folder, n), encoding="utf-8") as f:
                reasons[n] = classify(f.read())
        eligible = [n for n in names if reasons[n] is None]
        if args.list:
            for n in names:
                print("%-60s %s" % (n, reasons[n] or "eligible"))
            return 0
        tirun = os.path.abspath(args.tirun or os.path.join(ROOT, "build", "tirun"))
        if not os.access(tirun, os.X_OK):
            print("examples: no tirun binary at %s" % tirun)
            return 2
        with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
            verdicts = dict(zip(eligible, pool.map(lambda n: judge(n, folder, tirun, args), eligible)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for n in names:
        verdict, detail = verdicts.get(n, ("not eligible", reasons[n]))
        print("%-60s %-15s %s" % (n, verdict, detail))
    counts = {}
    for n in names:
        key = verdicts[n][0] if n in verdicts else "not eligible: " + reasons[n].split(":")[0]
        counts[key] = counts.get(key, 0) + 1
    print()
    print("examples: %d in all, %d eligible; %s" % (len(names), len(eligible), ", ".join(
        "%s %d" % kv for kv in sorted(counts.items(), key=lambda kv: -kv[1]))))
    return 0


def list_examples(source):
    if source.bare:
        done = source.git("ls-tree", "-r", "--name-only", "HEAD", EXAMPLES)
        paths = done.stdout.split()
    else:
        top = os.path.join(source.path, EXAMPLES)
        paths = [os.path.relpath(os.path.join(d, f), source.path) for d, _, fs in os.walk(top) for f in fs]
    rel = [p[len(EXAMPLES) + 1:] for p in paths]
    return sorted(p for p in rel if p.endswith(".py") and os.path.basename(p) not in ("__init__.py", "patterns.py"))


def copy_examples(source, folder):
    """The whole examples folder (data files included) into folder."""
    if source.bare:
        done = subprocess.run("git --git-dir=%s archive HEAD %s | tar -x -C %s" % (source.path, EXAMPLES, folder),
                              shell=True, capture_output=True)
        if done.returncode != 0:
            raise RuntimeError("cannot read the examples: %s" % done.stderr.decode(errors="replace"))
        inner = os.path.join(folder, EXAMPLES)
    else:
        inner = os.path.join(source.path, EXAMPLES)
        shutil.copytree(inner, os.path.join(folder, "copy"))
        inner = os.path.join(folder, "copy")
    for entry in os.listdir(inner):
        shutil.move(os.path.join(inner, entry), os.path.join(folder, entry))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)
