"""MicroPython's tests/basics under tirun, judged against CPython: owns getting
the tests, running each under python3 and under tirun, and the report.

What counts: every tests/basics/*.py that CPython runs cleanly (exit 0, stdout
not "SKIP": MicroPython's tests skip themselves that way when a feature is
missing) and that uses no async syntax (tirun has none, by design); each runs
with 2 GiB of address space (MEMORY_LIMIT). A counted test passes when tirun
exits 0 and its stdout equals CPython's. The report
groups the failures by cause: the last line of tirun's stderr (the exception,
its message cut at the first quote or digit so that alike errors group), or
"output differs" with the first differing line.

Where the tests come from: $MICROPYTHON_SRC (a checkout or a bare git
directory), else a shallow clone cached in
${XDG_CACHE_HOME:-~/.cache}/tirun/micropython, else (no network) the mirror at
/work/.mirror/micropython+micropython/repo; failing all, a skip. The files are
copied to a temporary folder, never into this repository.

Usage: tests/compat/micropython [--tirun PATH] [--strict PERCENT] [--show N] [NAME ...]
"""

import argparse
import ast
import collections
import concurrent.futures
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
URL = "https://github.com/micropython/micropython"
MIRROR = "/work/.mirror/micropython+micropython/repo"
BASICS = "tests/basics"
# address space each test may take, under both: memoryerror.py allocates
# until refused, which without a limit costs CPython gigabytes of a shared machine
MEMORY_LIMIT = 2 << 30


def is_bare(path):
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def extract(source, bare, folder):
    """Copies tests/basics of source into folder; the path of the copy, or None."""
    dest = os.path.join(folder, "basics")
    if bare:
        archive = subprocess.run(["git", "--git-dir=" + source, "archive", "HEAD", BASICS], capture_output=True)
        if archive.returncode != 0:
            return None
        untar = subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, capture_output=True)
        if untar.returncode != 0:
            return None
        shutil.move(os.path.join(folder, BASICS), dest)
    else:
        shutil.copytree(os.path.join(source, BASICS), dest)
    return dest


def find_source():
    """(path, bare) of a MicroPython tree, or (None, why not)."""
    given = os.environ.get("MICROPYTHON_SRC")
    if given:
        if is_bare(given):
            return (given, True), None
        if os.path.isdir(os.path.join(given, BASICS)):
            return (given, False), None
        return None, "MICROPYTHON_SRC=%s is neither a MicroPython checkout nor a bare git directory" % given
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tirun", "micropython")
    if os.path.isdir(os.path.join(cache, BASICS)):
        return (cache, False), None
    if shutil.which("git") is not None:
        try:
            reach = subprocess.run(["git", "ls-remote", "--heads", URL], capture_output=True, timeout=30)
            if reach.returncode == 0:
                os.makedirs(os.path.dirname(cache), exist_ok=True)
                done = subprocess.run(["git", "clone", "-q", "--depth", "1", URL, cache], capture_output=True)
                if done.returncode == 0:
                    return (cache, False), None
                shutil.rmtree(cache, ignore_errors=True)
        except subprocess.TimeoutExpired:
            pass
    if is_bare(MIRROR):
        return (MIRROR, True), None
    return None, ("cannot reach %s and there is no copy (set MICROPYTHON_SRC to a checkout or a bare git "
                  "directory of micropython/micropython)" % URL)


def uses_async(text):
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return "async" in text
    kinds = (ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith, ast.Await)
    return any(isinstance(node, kinds) for node in ast.walk(tree))


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(cmd, folder, timeout):
    """(exit status or "timeout", stdout, stderr) of cmd run in folder."""
    proc = subprocess.Popen(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True, preexec_fn=limit_memory)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return "timeout", out, err
    return proc.returncode, out, err


def cause_of(rc, out, err, want):
    """Why tirun's run (rc, out, err) is not CPython's stdout `want`, or None."""
    if rc == "timeout":
        return "timeout"
    if rc == 0 and out == want:
        return None
    lines = err.decode("utf-8", "replace").strip().splitlines()
    if rc != 0:
        if rc < 0:
            return "crash: signal %d" % -rc
        last = lines[-1] if lines else "exit %d, nothing on stderr" % rc
        # alike errors group: the message is cut at its first quote or digit
        return re.split(r"['\"0-9]", last, maxsplit=1)[0].strip()[:100]
    got = out.decode("utf-8", "replace").splitlines()
    exp = want.decode("utf-8", "replace").splitlines()
    for i, (g, w) in enumerate(zip(got, exp)):
        if g != w:
            return "output differs: line %d: got %r, expected %r" % (i + 1, g[:60], w[:60])
    return "output differs: %d lines, expected %d" % (len(got), len(exp))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tirun", default=os.path.join(ROOT, "build", "tirun"))
    parser.add_argument("--python", default=sys.executable, help="the CPython that is the oracle")
    parser.add_argument("--timeout", type=float, default=20, help="seconds allowed to one test (20)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--strict", type=float, metavar="PERCENT",
                        help="exit 1 when fewer than PERCENT %% of the counted tests pass")
    parser.add_argument("--show", type=int, default=3, help="tests named per cause (3)")
    parser.add_argument("--failing", action="store_true", help="list every failing test with its cause")
    parser.add_argument("names", nargs="*", help="only these tests (NAME or NAME.py)")
    args = parser.parse_args()

    found, why = find_source()
    if found is None:
        print("micropython: skipped: " + why)
        return 0
    tirun = os.path.abspath(args.tirun)
    if not os.access(tirun, os.X_OK):
        print("micropython: %s is not built" % tirun)
        return 1
    with tempfile.TemporaryDirectory(prefix="tirun-mp-") as tmp:
        basics = extract(found[0], found[1], tmp)
        if basics is None:
            print("micropython: skipped: cannot read %s from %s" % (BASICS, found[0]))
            return 0
        names = sorted(f for f in os.listdir(basics) if f.endswith(".py"))
        if args.names:
            wanted = {n if n.endswith(".py") else n + ".py" for n in args.names}
            names = [n for n in names if n in wanted]
        not_counted = collections.Counter()
        counted = []

        def oracle(name):
            with open(os.path.join(basics, name), encoding="utf-8", errors="replace") as f:
                if uses_async(f.read()):
                    return name, "async syntax", None
            rc, out, _ = run([args.python, "-B", name], basics, args.timeout)
            if rc != 0:
                return name, "CPython fails", None
            if out.strip() == b"SKIP":
                return name, "CPython skips", None
            return name, None, out

        def judge(item):
            name, want = item
            rc, out, err = run([tirun, name], basics, args.timeout)
            return name, cause_of(rc, out, err, want)

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for name, excluded, out in pool.map(oracle, names):
                if excluded:
                    not_counted[excluded] += 1
                else:
                    counted.append((name, out))
            results = list(pool.map(judge, counted))

    causes = collections.defaultdict(list)
    for name, cause in results:
        if cause:
            causes[cause].append(name)
    n = len(results)
    passed = n - sum(len(v) for v in causes.values())
    print("micropython tests/basics from %s" % found[0])
    print("not counted: " + ", ".join("%d %s" % (c, k) for k, c in sorted(not_counted.items())))
    for cause, tests in sorted(causes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        shown = ", ".join(t[:-3] for t in tests[:args.show]) + (", ..." if len(tests) > args.show else "")
        print("%4d  %s  [%s]" % (len(tests), cause, shown))
    if args.failing:
        for name, cause in results:
            if cause:
                print("FAIL %s: %s" % (name[:-3], cause))
    percent = 100.0 * passed / n if n else 100.0
    print("micropython: %d of %d counted tests give CPython's output (%.1f%%)" % (passed, n, percent))
    if args.strict is not None and percent < args.strict:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
