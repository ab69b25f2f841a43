"""Taichi's own tests (taichi-dev/taichi tests/python) run under `tirun test`, as a
report: which of their test functions pass. Owns getting their sources, staging
them beside our stand-in tests/test_utils.py, running them one function per
process (a crash or a hang, killed after --timeout, costs that function only)
and the report; analyze.py decides statically which tests apply and what they use.

Rules for what is excluded (reported apart, counted neither passed nor failed):
  numpy      the function, its decorators, or a module-level helper it reaches
             names `np` / `numpy` or calls .to_numpy() / .from_numpy(): tirun has
             no numpy, and these tests check results through it.
  arch       its @test_utils.test(arch=...) names no CPU arch (ti.cpu, ti.x64,
             ti.arm64, get_host_arch_list()), or its exclude= drops the CPU here.
  extension  its require= names an extension outside --extensions (default:
             data64, assertion; sparse, quant, adstack, bls, mesh, extfunc are not
             in tirun's CPU backend yet).
Everything else runs, whatever it uses; a module-level `import numpy` is met by
a stub `numpy` module in the staging folder, so that the rest of the file runs.

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

FILES = """if while for_break continue return argument kernel_templates struct_for grouped
assign tuple_assign bool_op logical_op compare cast abs div mod pow literal overflow print
assert syntax_errors exception atomic local_atomics fill static loops ndrange optimization
internal_func""".split()

DEFAULT_EXTENSIONS = "data64,assertion"

# the stub planted for `import numpy` at module level: any use of it fails,
# and the functions that use it are excluded anyway
NUMPY_STUB = '"""tirun compat: numpy is not available; tests that use it are excluded."""\n'


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


# --- staging and running ---------------------------------------------------------------

def stage(folder, files, with_stub):
    """tests/__init__.py, our tests/test_utils.py, tests/python/ with the test
    files and their helpers; a numpy stub at the top for tirun."""
    pkg = os.path.join(folder, "tests")
    os.makedirs(os.path.join(pkg, "python"), exist_ok=True)
    open(os.path.join(pkg, "__init__.py"), "w").close()
    open(os.path.join(pkg, "python", "__init__.py"), "w").close()
    shutil.copy(os.path.join(HERE, "tests", "test_utils.py"), os.path.join(pkg, "test_utils.py"))
    for name, text in files.items():
        with open(os.path.join(pkg, "python", name), "w", encoding="utf-8") as f:
            f.write(text)
    if with_stub:
        with open(os.path.join(folder, "numpy.py"), "w") as f:
            f.write(NUMPY_STUB)


OUTCOME_KIND = {"passed": "passed", "xpassed": "passed", "failed": "failed", "error": "failed",
                "skipped": "skipped", "xfailed": "skipped"}


class Result:
    def __init__(self, test):
        self.test = test
        self.items = []      # (kind, nodeid, message)


def run_one(tirun, folder, test, timeout, logs, env):
    """Runs one test function under `tirun test` in its own process; its Result."""
    result = Result(test)
    rel = "tests/python/%s::%s" % (test.file, test.name)
    tag = "%s.%s" % (test.file[:-3], test.name.replace("::", "."))
    results = os.path.join(logs, tag + ".results")
    log = os.path.join(logs, tag + ".log")
    if os.path.exists(results):
        os.remove(results)   # left by an earlier run into the same --keep folder
    with open(log, "w") as out:
        proc = subprocess.Popen([tirun, "test", "--results", results, rel], cwd=folder, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                                env=env)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            rc = None
    if os.path.isfile(results):
        with open(results, encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 2 and parts[0] in OUTCOME_KIND:
                    message = parts[2] if len(parts) > 2 else ""
                    if "::" in parts[1]:
                        result.items.append((OUTCOME_KIND[parts[0]], parts[1], message))
                    else:
                        # the file failed to import: each of the function's
                        # items (as far as they can be counted) fails with it
                        for _ in range(test.items):
                            result.items.append(("failed", rel + " (collecting)", message))
    problem = None
    if rc is None:
        problem = "timed out after %g s" % timeout
    elif rc < 0:
        problem = "killed by signal %d (%s)" % (-rc, signal.Signals(-rc).name)
    elif rc == 5:
        problem = "not collected (tirun test found no such test)"
    elif rc not in (0, 1) or not result.items:
        with open(log, errors="replace") as f:
            tail = [line.strip() for line in f if line.strip()]
        problem = "exit %d, no result: %s" % (rc, tail[-1][:200] if tail else "no output")
    if problem is not None:
        result.items.append(("failed", rel + " (process)", problem))
    return result


def reference_run(folder, tests, timeout, env):
    """Runs the same tests under python3 + Taichi + pytest: {(file, name): (passed, total)},
    or a string saying why not."""
    probe = subprocess.run([sys.executable, "-c", "import taichi, pytest"], capture_output=True)
    if probe.returncode != 0:
        return "python3 lacks taichi or pytest"
    import xml.etree.ElementTree as ET
    by_file = collections.defaultdict(list)
    for t in tests:
        by_file[t.file].append(t)
    out = {}
    for fname, group in by_file.items():
        xml = os.path.join(folder, fname + ".junit.xml")
        if os.path.exists(xml):
            os.remove(xml)
        ids = ["tests/python/%s::%s" % (fname, t.name) for t in group]
        try:
            subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml", xml]
                           + ids, cwd=folder, capture_output=True, timeout=timeout * len(group), env=env)
        except subprocess.TimeoutExpired:
            pass
        if not os.path.isfile(xml):
            continue
        for case in ET.parse(xml).getroot().iter("testcase"):
            name = case.get("name").split("[")[0]
            cls = case.get("classname", "").split(".")[-1]
            key = (fname, "%s::%s" % (cls, name) if cls.startswith("Test") else name)
            bad = any(child.tag in ("failure", "error") for child in case)
            skipped = any(child.tag == "skipped" for child in case)
            passed, total = out.get(key, (0, 0))
            out[key] = (passed + (0 if bad or skipped else 1), total + (0 if skipped else 1))
    return out


# --- reports -------------------------------------------------------------------------------

def print_table(rows, reference):
    """One row a file, (name, passed, failed, skipped, excluded, total[, taichi])."""
    head = "%-28s %6s %6s %7s %8s %6s" % ("file", "passed", "failed", "skipped", "excluded", "total")
    if reference is not None:
        head += "  taichi"   # passed/run under CPython + Taichi, same tests
    print(head)
    for row in rows:
        line = "%-28s %6d %6d %7d %8d %6d" % row[:6]
        if reference is not None:
            line += "  %s" % row[6]
        print(line)


def main():
    parser = argparse.ArgumentParser(prog="tests/compat/run", description="Runs Taichi's own tests under tirun and reports.")
    parser.add_argument("--tirun", default=None, help="the tirun binary (default: build/tirun, then tirun on PATH)")
    parser.add_argument("--strict", type=float, metavar="PERCENT",
                        help="exit 1 when fewer than PERCENT%% of the tests that ran passed")
    parser.add_argument("--timeout", type=float, default=60, help="seconds allowed to one test function (60)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="test processes at once")
    parser.add_argument("--only", action="append", default=[], metavar="FILE",
                        help="only this file (test_if or test_if.py); may repeat")
    parser.add_argument("--extensions", default=DEFAULT_EXTENSIONS,
                        help="extensions counted as supported (comma-separated; default %s)" % DEFAULT_EXTENSIONS)
    parser.add_argument("--inventory", metavar="MD", help="write the feature inventory to MD and stop")
    parser.add_argument("--list", action="store_true", help="list each test function and whether it runs, and stop")
    parser.add_argument("--failures", action="store_true", help="list every failing test with its message")
    parser.add_argument("--reasons", type=int, default=15, metavar="N", help="show the N commonest failure messages")
    parser.add_argument("--reference", action="store_true",
                        help="also run the same tests under python3 + Taichi + pytest, as a column")
    parser.add_argument("--keep", metavar="DIR", help="stage into DIR and keep it (logs in DIR/logs)")
    parser.add_argument("--update", action="store_true", help="refresh the cached clone first")
    args = parser.parse_args()

    source, why = open_source(args.update)
    if source is None:
        print("compat: skipped: " + why)
        return 0
    wanted = FILES
    if args.only:
        names = [o[:-3] if o.endswith(".py") else o for o in args.only]
        names = [n[5:] if n.startswith("test_") else n for n in names]
        unknown = [n for n in names if n not in FILES]
        if unknown:
            parser.error("not among the files this report covers: %s" % ", ".join(unknown))
        wanted = names
    extensions = {e.strip() for e in args.extensions.split(",") if e.strip()}
    tests, files = [], {}
    for name in wanted:
        fname = "test_%s.py" % name
        found, helpers = analyze_file(source, fname, extensions)
        if found is None:
            print("compat: %s is not in %s" % (fname, source.describe()))
            continue
        tests.extend(found)
        files[fname] = source.read("tests/python/" + fname)
        files.update(helpers)
    print("compat: Taichi tests from %s" % source.describe())

    if args.list:
        for t in tests:
            print("%-22s %-50s %s" % (t.file, t.name, t.excluded or "runs"))
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
        stage(folder, files, with_stub=True)
        runnable = [t for t in tests if t.excluded is None]
        # our test_utils skips what needs another extension, as the exclusion does
        env = dict(os.environ, TIRUN_COMPAT_EXTENSIONS=",".join(sorted(extensions)))
        with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
            results = list(pool.map(lambda t: run_one(tirun, folder, t, args.timeout, logs, env), runnable))
        reference = None
        if args.reference:
            ref_folder = os.path.join(folder, "reference")
            stage(ref_folder, files, with_stub=False)
            reference = reference_run(ref_folder, runnable, args.timeout, env)
            if isinstance(reference, str):
                print("compat: reference run skipped: " + reference)
                reference = None
        return report(tests, results, reference, args)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def report(tests, results, reference, args):
    """Prints the table, the failures asked for and the overall line; the exit
    status (1 only below --strict)."""
    by_test = {id(r.test): r for r in results}
    rows = []
    totals = collections.Counter()
    failures = []
    for fname in sorted({t.file for t in tests}, key=lambda f: FILES.index(f[5:-3])):
        count = collections.Counter()
        ref_passed = ref_total = 0
        for t in tests:
            if t.file != fname:
                continue
            if t.excluded:
                count["excluded"] += t.items
                continue
            for kind, nodeid, message in by_test[id(t)].items:
                count[kind] += 1
                if kind == "failed":
                    failures.append((nodeid, message))
            if reference is not None:
                p, n = reference.get((fname, t.name), (0, 0))
                ref_passed += p
                ref_total += n
        total = sum(count.values())
        row = (fname, count["passed"], count["failed"], count["skipped"], count["excluded"], total)
        if reference is not None:
            row += ("%d/%d" % (ref_passed, ref_total),)
            totals["ref_passed"] += ref_passed
            totals["ref_total"] += ref_total
        rows.append(row)
        totals.update(count)
    ran = totals["passed"] + totals["failed"]
    percent = 100.0 * totals["passed"] / ran if ran else 0.0
    grand = ran + totals["skipped"] + totals["excluded"]
    all_row = ("all", totals["passed"], totals["failed"], totals["skipped"], totals["excluded"], grand)
    if reference is not None:
        all_row += ("%d/%d" % (totals["ref_passed"], totals["ref_total"]),)
    print_table(rows + [all_row], reference)
    if args.failures and failures:
        print()
        # a file that failed to import fails each of its items alike: one line
        for (nodeid, message), n in collections.Counter(failures).items():
            print("FAILED %s - %s%s" % (nodeid, message, " (%d items)" % n if n > 1 else ""))
    if args.reasons and failures:
        print()
        print("commonest failure messages:")
        common = collections.Counter(normalize(m) for _, m in failures)
        for message, n in common.most_common(args.reasons):
            print("%5d  %s" % (n, message[:150]))
    print()
    print("compat: %d of %d tests run passed (%.1f%%); %d skipped, %d excluded, %d in all" % (
        totals["passed"], ran, percent, totals["skipped"], totals["excluded"], grand))
    if args.strict is not None and percent < args.strict:
        print("compat: below the --strict threshold of %g%%" % args.strict)
        return 1
    return 0


def normalize(message):
    """A failure message with its numbers blanked, so that alike failures
    (the same error about another value or line) count together."""
    return re.sub(r"\b\d+\b", "N", message)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:   # the report piped into head and the like
        sys.exit(0)
