"""Taichi's own tests (taichi-dev/taichi tests/python) run under `tirun test`, as a
report of conformance. Owns getting their sources, staging them beside our
stand-ins for Taichi's tests/test_utils.py and tests/python/conftest.py,
running them one test function per process (a crash or a hang, killed after
--timeout, costs that function only), the reference file and the report;
analyze.py reads the tests statically.

What counts: every pytest item (a parametrized id, tests/python/test_x.py::
test_y[arch=x64-2]) that Taichi 1.7.4 passes on the CPU, as listed in
taichi-1.7.4-cpu.txt; no exclusions. Each runs under tirun; those that do not
pass there are failures, whatever the cause (a numpy function tirun's numpy
lacks counts as "numpy.NAME missing"). Items tirun passes that Taichi does not
are not counted. The report gives, per file, the items passed of Taichi's
passes and the failures grouped by cause, then the overall percentage.

The reference file is made by `tests/compat/run --make-reference`: python3 -m
pytest over the same files with Taichi's own test_utils.py and conftest.py and
TI_WANTED_ARCHS=cpu (their harness; so node ids are pytest's), keeping the
items that passed. Our stand-ins give tirun's items the same ids.

Where the tests come from: $TAICHI_SRC (a checkout or a bare git directory), else
a shallow clone cached in ${XDG_CACHE_HOME:-~/.cache}/tirun/taichi, else (no
network) the mirror at /work/.mirror/taichi-dev+taichi/repo; failing all, a skip.
Their files are copied to a temporary folder, never into this repository."""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

from analyze import analyze_file, inventory

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
URL = "https://github.com/taichi-dev/taichi"
MIRROR = "/work/.mirror/taichi-dev+taichi/repo"

# the files of the first report (issue 9's), still selectable with --core
CORE_FILES = """if while for_break continue return argument kernel_templates struct_for grouped
assign tuple_assign bool_op logical_op compare cast abs div mod pow literal overflow print
assert syntax_errors exception atomic local_atomics fill static loops ndrange optimization
internal_func""".split()

FILES = CORE_FILES + """matrix struct custom_struct vector_swizzle matrix_slice matrix_return
matrix_arg oop classfunc math_module ndarray field function linalg svd eig matrix_solve gui
image_io api lang offline_cache copy_from fields_builder sort""".split()

# the files that import numpy at module level (Taichi 1.7.4's tests/python), those
# not above; --numpy selects them all
NUMPY_FILES = """ad_basics ad_grad_check ad_tensor aot ast_refactor bit_operations
bitpacked_fields element_wise f16 get_external_tensor_shape ggui global_thread_idx graph
implicit_fem mesh native_functions no_grad numpy numpy_io offset paddle_io quant_float
reduction scalar_op shared_array simt sparse_cg sparse_linear_solver ssa texture torch_ad
torch_io type_check type_promotion unary_ops""".split()
NUMPY_FILES_ALL = """custom_struct eig field fields_builder gui image_io lang linalg matrix
matrix_arg matrix_solve ndarray ndrange static svd""".split() + NUMPY_FILES
FILES = FILES + NUMPY_FILES

REFERENCE = os.path.join(HERE, "taichi-1.7.4-cpu.txt")

# Taichi's conftest imports this pytest plugin (for its CI's xdist) and only
# sets a flag in it; the reference run stands it in when it is missing
RERUNFAILURES_STUB = "works_with_current_xdist = None\n"


# --- where the tests come from ---------------------------------------------------------

class Source:
    """A Taichi source tree: a folder, or a bare git directory read at HEAD."""

    def __init__(self, path, bare):
        self.path = path
        self.bare = bare

    def git(self, *args):
        flag = ["--git-dir=" + self.path] if self.bare else ["-C", self.path]
        return subprocess.run(["git"] + flag + list(args), capture_output=True, text=True)

    def read(self, rel):
        """The text of tests/python/... (rel from the tree's top), or None."""
        if self.bare:
            done = self.git("show", "HEAD:" + rel)
            return done.stdout if done.returncode == 0 else None
        full = os.path.join(self.path, rel)
        if not os.path.isfile(full):
            return None
        with open(full, encoding="utf-8") as f:
            return f.read()

    def describe(self):
        done = self.git("log", "-1", "--format=%h %cs")
        commit = done.stdout.strip() if done.returncode == 0 else "unknown commit"
        return "%s (%s)" % (self.path, commit)


def is_bare(path):
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def open_source(update):
    """The Source to use, or (None, why not)."""
    given = os.environ.get("TAICHI_SRC")
    if given:
        if is_bare(given):
            return Source(given, True), None
        if os.path.isdir(os.path.join(given, "tests", "python")):
            return Source(given, False), None
        return None, "TAICHI_SRC=%s is neither a Taichi checkout nor a bare git directory" % given
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tirun", "taichi")
    have = os.path.isdir(os.path.join(cache, "tests", "python"))
    if have and not update:
        return Source(cache, False), None
    if shutil.which("git") is None:
        return (Source(cache, False), None) if have else (None, "git is not installed")
    try:
        reach = subprocess.run(["git", "ls-remote", "--heads", URL], capture_output=True, timeout=30)
        reachable = reach.returncode == 0
    except subprocess.TimeoutExpired:
        reachable = False
    if reachable:
        if have:
            subprocess.run(["git", "-C", cache, "pull", "--ff-only", "-q"], capture_output=True)
            return Source(cache, False), None
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        done = subprocess.run(["git", "clone", "-q", "--depth", "1", URL, cache], capture_output=True, text=True)
        if done.returncode == 0:
            return Source(cache, False), None
        shutil.rmtree(cache, ignore_errors=True)
    if have:
        return Source(cache, False), None
    if is_bare(MIRROR):
        return Source(MIRROR, True), None
    return None, ("cannot reach %s and there is no copy (set TAICHI_SRC to a checkout or a bare git "
                  "directory of taichi-dev/taichi)" % URL)


# --- staging ---------------------------------------------------------------------------

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def stage(folder, files, harness):
    """tests/python/ with the test files and their helpers, under a tests/
    package; `harness` maps test_utils.py and conftest.py (and any file the
    run needs beside them) to their text, relative to folder."""
    write(os.path.join(folder, "tests", "__init__.py"), "")
    write(os.path.join(folder, "tests", "python", "__init__.py"), "")
    for name, text in files.items():
        write(os.path.join(folder, "tests", "python", name), text)
    for rel, text in harness.items():
        write(os.path.join(folder, rel), text)


def tirun_harness():
    """Our stand-ins for tirun."""
    def ours(name):
        with open(os.path.join(HERE, "tests", name), encoding="utf-8") as f:
            return f.read()
    return {"tests/test_utils.py": ours("test_utils.py"), "tests/python/conftest.py": ours("conftest.py")}


def taichi_harness(source):
    """Taichi's own test_utils.py, conftest.py and pytest.ini, or a string
    saying which is missing."""
    harness = {}
    for rel in ("tests/test_utils.py", "tests/python/conftest.py", "tests/pytest.ini"):
        text = source.read(rel)
        if text is None:
            return "%s lacks %s" % (source.describe(), rel)
        harness[rel] = text
    probe = subprocess.run([sys.executable, "-c", "import pytest_rerunfailures"], capture_output=True)
    if probe.returncode != 0:
        harness["pytest_rerunfailures.py"] = RERUNFAILURES_STUB
    return harness


# --- the reference: what Taichi 1.7.4 passes on the CPU --------------------------------

def function_of(nodeid):
    """tests/python/test_x.py::test_y (or ::TestZ::test_y) of an item's id."""
    return nodeid.split("[", 1)[0]


def file_of(nodeid):
    return nodeid.split("::", 1)[0].rsplit("/", 1)[-1]


def read_reference(path):
    """(the passing node ids in file order, {file: its '# file:' comment}), or
    None when there is no such file."""
    if not os.path.isfile(path):
        return None
    ids, notes = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# test_") and ":" in line:
                name, _, note = line[2:].partition(":")
                notes[name] = note.strip()
            elif line and not line.startswith("#"):
                ids.append(line)
    return ids, notes


def pytest_file(folder, fname, timeout):
    """Runs one staged file under python3 + Taichi + pytest: (passing node ids,
    Counter of outcomes) or a string saying why it could not."""
    xml = os.path.join(folder, fname + ".junit.xml")
    if os.path.exists(xml):
        os.remove(xml)
    env = dict(os.environ, TI_WANTED_ARCHS="cpu")
    try:
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", "tests/pytest.ini",
                        "--rootdir", ".", "--junitxml", xml, "tests/python/" + fname],
                       cwd=folder, capture_output=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "timed out after %g s" % timeout
    if not os.path.isfile(xml):
        return "pytest wrote no report"
    return junit_outcomes(xml)


def junit_outcomes(report):
    """The passing node ids and a Counter of outcomes in a pytest --junitxml report."""
    import xml.etree.ElementTree as ET
    passed, count = [], collections.Counter()
    for case in ET.parse(report).getroot().iter("testcase"):
        # classname tests.python.test_x[.TestY], name test_z[ids]
        parts = case.get("classname", "").split(".")
        path = "/".join(parts[:3]) + ".py"
        nodeid = "::".join([path] + parts[3:] + [case.get("name")])
        tags = {child.tag for child in case}
        outcome = "failed" if tags & {"failure", "error"} else "skipped" if "skipped" in tags else "passed"
        count[outcome] += 1
        if outcome == "passed":
            passed.append(nodeid)
    return passed, count


def make_reference(source, fnames, files, jobs, timeout):
    """Runs the files under Taichi and writes REFERENCE (the lines of other
    files already there are kept); the exit status."""
    harness = taichi_harness(source)
    if isinstance(harness, str):
        print("compat: cannot make the reference: " + harness)
        return 2
    probe = subprocess.run([sys.executable, "-c", "import taichi, pytest, numpy; print('.'.join(map(str, "
                            "taichi.__version__)), pytest.__version__, numpy.__version__)"], capture_output=True, text=True)
    if probe.returncode != 0:
        print("compat: cannot make the reference: python3 lacks taichi, pytest or numpy")
        return 2
    folder = tempfile.mkdtemp(prefix="tirun-compat-taichi-")
    try:
        stage(folder, files, harness)
        with concurrent.futures.ThreadPoolExecutor(max(jobs, 1)) as pool:
            done = dict(zip(fnames, pool.map(lambda f: pytest_file(folder, f, timeout), fnames)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    write_reference(source, probe.stdout.strip().splitlines()[-1].split(), done)
    return 0


def write_reference(source, versions, done):
    """Writes REFERENCE from {file: (passing ids, Counter) or why not}; the
    lines of files not in `done` are kept."""
    old = read_reference(REFERENCE) or ([], {})
    ids = {"test_%s.py" % f: [i for i in old[0] if file_of(i) == "test_%s.py" % f] for f in FILES}
    notes = dict(old[1])
    for fname, got in done.items():
        if isinstance(got, str):
            print("compat: %s: %s; its reference lines are left as they were" % (fname, got))
            continue
        passed, count = got
        ids[fname] = passed
        notes[fname] = "%d items, %d passed, %d failed, %d skipped" % (
            sum(count.values()), count["passed"], count["failed"], count["skipped"])
    lines = ["# The pytest items of Taichi's own tests that Taichi 1.7.4 passes on the CPU: the",
             "# denominator of tests/compat/run (see compat.py). Made by `tests/compat/run --make-reference`:",
             "# python3 -m pytest with Taichi's own tests/test_utils.py, tests/python/conftest.py and",
             "# tests/pytest.ini, TI_WANTED_ARCHS=cpu, one file at a time; the items that passed.",
             "# taichi %s, pytest %s, numpy %s, python %s on %s %s" % (
                 versions[0], versions[1], versions[2], sys.version.split()[0], os.uname().sysname,
                 os.uname().machine),
             "# tests from taichi-dev/taichi %s" % source.describe().split(" (", 1)[-1].rstrip(")"),
             "# per file: the items pytest collected under Taichi and their outcomes"]
    for f in FILES:
        fname = "test_%s.py" % f
        if fname in notes:
            lines.append("# %s: %s" % (fname, notes[fname]))
    for f in FILES:
        lines.extend(ids.get("test_%s.py" % f, []))
    write(REFERENCE, "\n".join(lines) + "\n")
    print("compat: wrote %s (%d items)" % (REFERENCE, sum(len(v) for v in ids.values())))


# --- running under tirun -----------------------------------------------------------------

OUTCOME_KIND = {"passed": "passed", "xpassed": "passed", "failed": "failed", "error": "failed",
                "skipped": "skipped", "xfailed": "skipped"}


def run_function(tirun, folder, function, timeout, logs, env):
    """Runs one test function (all its items) under `tirun test` in its own
    process: ({node id: (kind, message)}, why the file or process failed or None)."""
    tag = function.split("/")[-1].replace(".py::", ".").replace("::", ".")
    results = os.path.join(logs, tag + ".results")
    log = os.path.join(logs, tag + ".log")
    if os.path.exists(results):
        os.remove(results)   # left by an earlier run into the same --keep folder
    with open(log, "w") as out:
        proc = subprocess.Popen([tirun, "test", "--results", results, function], cwd=folder, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                                env=env)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            rc = None
    items, problem = {}, None
    if os.path.isfile(results):
        with open(results, encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 2 and parts[0] in OUTCOME_KIND:
                    message = parts[2] if len(parts) > 2 else ""
                    if "::" in parts[1]:
                        items[parts[1]] = (OUTCOME_KIND[parts[0]], message)
                    else:   # the file failed to import
                        problem = "collecting the file: " + message
    return items, problem or process_problem(rc, items, log, timeout)


def process_problem(rc, items, log, timeout):
    """What went wrong with a test process, from its exit status (None: killed
    at the time limit), or None."""
    if rc is None:
        return "timeout: after %g s" % timeout
    if rc < 0:
        return "crash: killed by signal %d (%s)" % (-rc, signal.Signals(-rc).name)
    if rc == 5:
        return "not collected: tirun test found no such test"
    if rc not in (0, 1) or not items:
        with open(log, errors="replace") as f:
            tail = [line.strip() for line in f if line.strip()]
        return "crash: exit %d, no result: %s" % (rc, tail[-1][:200] if tail else "no output")
    return None


class Outcome:
    """One counted item: whether tirun passed it, and if not, the cause (a
    short category) and the message."""

    def __init__(self, nodeid, passed, cause=None, message=""):
        self.nodeid = nodeid
        self.passed = passed
        self.cause = cause
        self.message = message


def judge(nodeid, got, problem, test):
    """The Outcome of one reference item from what its function's run gave."""
    if nodeid in got and got[nodeid][0] == "passed":
        return Outcome(nodeid, True)
    if nodeid in got:
        kind, message = got[nodeid]
        if kind == "skipped":
            message = "skipped under tirun" + (": " + message if message else "")
    elif problem is not None:
        message = problem
    else:
        message = "missing: tirun gave no item with this id"
    return Outcome(nodeid, False, cause(message, test), message)


# what marks a test as using sparse SNodes or autodiff: methods (on SNodes,
# fields, kernels), and names in the taichi module
SPARSE = {"pointer", "bitmasked", "dynamic", "deactivate", "deactivate_all", "is_active", "activate"}
SPARSE_TI = SPARSE | {"append", "length", "deactivate_all_snodes", "sparse"}
AUTODIFF = {"grad", "lazy_grad", "dual", "lazy_dual"}
AUTODIFF_TI = {"ad", "Tape", "clear_all_gradients"}


def uses(test, methods, ti_names):
    """Whether a test's features name one of `methods` (.name) or `ti_names` (ti.name)."""
    if test is None:
        return False
    for f in test.features:
        parts = f.split(".")
        if parts[-1] in methods and not f.startswith("ti.") or parts[0] == "ti" and len(parts) > 1 and (
                parts[1] in ti_names or parts[-1] in methods):
            return True
    return False


def cause(message, test):
    """The category of a failure: what the test needs that tirun lacks (a
    numpy function, the GUI, sparse SNodes, autodiff; from the source, or the
    message), else how the process ended, else the exception's type."""
    missing = re.search(r"module 'numpy(?:\.(\w+))?' has no attribute '(\w+)'|"
                        r"'numpy\.(?:ndarray|\w+)' object has no attribute '(\w+)'", message)
    if missing:
        sub, fn, method = missing.groups()
        return "numpy.%s missing" % (fn and (sub + "." + fn if sub else fn) or "ndarray." + method)
    module = re.search(r"No module named '(numpy\.\w+)'", message)
    if module:
        return "%s missing" % module.group(1)
    # an array comparison that gave a bool, an operator numpy's types lack
    if re.search(r"'bool' object has no attribute '(all|any)'", message):
        return "numpy comparisons missing"
    if re.search(r"unsupported operand type\(s\) for .*'(ndarray|u?int\d+|float\d+|bool_?)'", message) or \
            re.search(r"not supported between instances of .*'(ndarray|u?int\d+|float\d+)'", message):
        return "numpy operators missing"
    if test is not None and any(f.startswith(("ti.GUI", "ti.ui", "ti.tools")) for f in test.features):
        return "GUI"
    if uses(test, SPARSE, SPARSE_TI) or re.search(r"attribute '(%s)'" % "|".join(sorted(SPARSE)), message):
        return "sparse"
    if uses(test, AUTODIFF, AUTODIFF_TI) or re.search(r"attribute '(%s)'" % "|".join(sorted(AUTODIFF)), message):
        return "autodiff"
    for prefix in ("timeout", "crash", "collecting the file", "not collected", "missing", "skipped"):
        if message.startswith(prefix):
            return prefix
    head = re.match(r"[A-Za-z_][\w.]*(?=:| \.\.\.|$)", message)
    return head.group(0) if head else "other"


# --- the report ----------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(prog="tests/compat/run", description="Runs Taichi's own tests under tirun and "
                                     "reports, per file, the items passed of those Taichi 1.7.4 passes on the CPU.")
    parser.add_argument("--tirun", default=None, help="the tirun binary (default: build/tirun, then tirun on PATH)")
    parser.add_argument("--strict", type=float, metavar="PERCENT",
                        help="exit 1 when tirun passes fewer than PERCENT%% of the items counted")
    parser.add_argument("--timeout", type=float, default=60, help="seconds allowed to one test function (60)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="test processes at once")
    parser.add_argument("--only", action="append", default=[], metavar="FILE",
                        help="only this file (test_if or test_if.py); may repeat")
    parser.add_argument("--core", action="store_true", help="only the %d files of the first report" % len(CORE_FILES))
    parser.add_argument("--numpy", action="store_true",
                        help="only the %d files that import numpy at module level" % len(NUMPY_FILES_ALL))
    parser.add_argument("--extensions", default=None,
                        help="the extensions our test_utils calls supported (comma-separated; default: all of "
                        "Taichi's CPU extensions); a test requiring another is skipped, so it fails")
    parser.add_argument("--inventory", metavar="MD", help="write the feature inventory to MD and stop")
    parser.add_argument("--list", action="store_true",
                        help="list each test function, the items Taichi passes and its static needs, and stop")
    parser.add_argument("--failures", action="store_true", help="list every failing item with its message")
    parser.add_argument("--reasons", type=int, default=15, metavar="N", help="show the N commonest failure messages")
    parser.add_argument("--reference", action="store_true",
                        help="count against Taichi's passes measured now (python3 + taichi + pytest) instead of "
                        "the reference file")
    parser.add_argument("--make-reference", action="store_true",
                        help="run the files under python3 + taichi + pytest, rewrite %s and stop"
                        % os.path.relpath(REFERENCE, ROOT))
    parser.add_argument("--keep", metavar="DIR", help="stage into DIR and keep it (logs in DIR/logs)")
    parser.add_argument("--update", action="store_true", help="refresh the cached clone first")
    args = parser.parse_args()

    source, why = open_source(args.update)
    if source is None:
        print("compat: skipped: " + why)
        return 0
    wanted = CORE_FILES if args.core else NUMPY_FILES_ALL if args.numpy else FILES
    if args.only:
        names = [o[:-3] if o.endswith(".py") else o for o in args.only]
        names = [n[5:] if n.startswith("test_") else n for n in names]
        unknown = [n for n in names if n not in FILES]
        if unknown:
            parser.error("not among the files this report covers: %s" % ", ".join(unknown))
        wanted = names
    tests, files = [], {}
    for name in wanted:
        fname = "test_%s.py" % name
        found, helpers = analyze_file(source, fname)
        if found is None:
            print("compat: %s is not in %s" % (fname, source.describe()))
            continue
        tests.extend(found)
        files[fname] = source.read("tests/python/" + fname)
        files.update(helpers)
    fnames = ["test_%s.py" % n for n in wanted if "test_%s.py" % n in files]
    print("compat: Taichi tests from %s" % source.describe())

    if args.make_reference:
        return make_reference(source, fnames, files, args.jobs, max(args.timeout * 30, 1800))

    if args.reference:
        harness = taichi_harness(source)
        if isinstance(harness, str):
            print("compat: cannot run Taichi: " + harness)
            return 2
        folder = tempfile.mkdtemp(prefix="tirun-compat-taichi-")
        try:
            stage(folder, files, harness)
            with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
                done = list(pool.map(lambda f: pytest_file(folder, f, max(args.timeout * 30, 1800)), fnames))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        reference = [i for got in done if not isinstance(got, str) for i in got[0]]
        print("compat: counted against Taichi's passes measured now (%d items)" % len(reference))
    else:
        got = read_reference(REFERENCE)
        if got is None and not args.list:
            print("compat: no %s (make it with --make-reference)" % REFERENCE)
            return 2
        got = got or ([], {f: "" for f in fnames})
        reference = got[0]
        absent = [f for f in fnames if f not in got[1]]
        if absent:
            print("compat: the reference file lacks %s (remake it with --make-reference)" % ", ".join(absent))
    reference = [i for i in reference if file_of(i) in fnames]
    by_function = collections.OrderedDict()
    for nodeid in reference:
        by_function.setdefault(function_of(nodeid), []).append(nodeid)
    test_of = {"tests/python/%s::%s" % (t.file, t.name): t for t in tests}

    if args.list:
        for t in tests:
            key = "tests/python/%s::%s" % (t.file, t.name)
            print("%-22s %-50s %4d  %s" % (t.file, t.name, len(by_function.get(key, [])), t.needs or ""))
        return 0

    tirun = args.tirun
    if tirun is None:
        built = os.path.join(ROOT, "build", "tirun")
        tirun = built if os.access(built, os.X_OK) else shutil.which("tirun")
    if tirun is not None and os.access(tirun, os.X_OK):
        tirun = os.path.abspath(tirun)
    else:
        tirun = None
    if args.inventory:
        inventory(tests, source.describe(), args.inventory, tirun)
        print("compat: wrote %s" % args.inventory)
        return 0
    if tirun is None:
        print("compat: no tirun binary (build it, or give --tirun PATH)")
        return 2

    folder = args.keep or tempfile.mkdtemp(prefix="tirun-compat-")
    if args.keep:
        os.makedirs(folder, exist_ok=True)
    logs = os.path.join(folder, "logs")
    os.makedirs(logs, exist_ok=True)
    try:
        stage(folder, files, tirun_harness())
        env = dict(os.environ)
        if args.extensions is not None:
            env["TIRUN_COMPAT_EXTENSIONS"] = args.extensions
        functions = list(by_function)
        with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
            runs = list(pool.map(lambda f: run_function(tirun, folder, f, args.timeout, logs, env), functions))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    outcomes, extra = [], collections.Counter()
    for function, (got, problem) in zip(functions, runs):
        wanted_ids = set(by_function[function])
        for nodeid in by_function[function]:
            outcomes.append(judge(nodeid, got, problem, test_of.get(function)))
        extra[file_of(function)] += sum(1 for i, (k, _) in got.items() if k == "passed" and i not in wanted_ids)
    return report(fnames, outcomes, extra, args)


def report(fnames, outcomes, extra, args):
    """Prints a row a file (passed of Taichi's passes, and the causes of the
    failures), the failures asked for and the overall line; the exit status
    (1 only below --strict)."""
    by_file = collections.defaultdict(list)
    for o in outcomes:
        by_file[file_of(o.nodeid)].append(o)
    print("%-26s %6s %6s %6s %5s  %s" % ("file", "passed", "taichi", "%", "extra", "failures by cause"))
    causes_all = collections.Counter()
    passed_all = 0
    for fname in fnames:
        group = by_file.get(fname, [])
        passed = sum(1 for o in group if o.passed)
        causes = collections.Counter(o.cause for o in group if not o.passed)
        causes_all.update(causes)
        passed_all += passed
        print("%-26s %6d %6d %6s %5d  %s" % (fname, passed, len(group), percent(passed, len(group)),
                                             extra[fname], ", ".join("%s %d" % kv for kv in causes.most_common())))
    total = len(outcomes)
    print("%-26s %6d %6d %6s %5d" % ("all", passed_all, total, percent(passed_all, total), sum(extra.values())))
    print()
    print("failures by cause: " + ", ".join("%s %d" % kv for kv in causes_all.most_common()))
    failures = [o for o in outcomes if not o.passed]
    if args.failures and failures:
        print()
        for o in failures:
            print("FAILED %s - [%s] %s" % (o.nodeid, o.cause, o.message))
    if args.reasons and failures:
        print()
        print("commonest failure messages:")
        common = collections.Counter(normalize(o.message) for o in failures)
        for message, n in common.most_common(args.reasons):
            print("%5d  %s" % (n, message[:150]))
    print()
    print("compat: tirun passes %d of the %d items Taichi 1.7.4 passes on the CPU (%s%%) in %d files; "
          "%d more pass under tirun only (not counted)" % (passed_all, total, percent(passed_all, total),
                                                          len(fnames), sum(extra.values())))
    if args.strict is not None and (100.0 * passed_all / total if total else 0.0) < args.strict:
        print("compat: below the --strict threshold of %g%%" % args.strict)
        return 1
    return 0


def percent(part, whole):
    return "%.1f" % (100.0 * part / whole) if whole else "-"


def normalize(message):
    """A failure message with its numbers blanked, so that alike failures
    (the same error about another value or line) count together."""
    return re.sub(r"\b\d+\b", "N", message)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:   # the report piped into head and the like
        sys.exit(0)
