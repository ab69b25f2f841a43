"""ti.profiler: the kernel profiler (run times of launched kernels, with
ti.init(kernel_profiler=True)) as Taichi prints and queries it, and tirun's
compile times of the kernels compiled so far."""

import sys

from taichi import _taichi_core


class KernelProfilerQuery:
    """What query_kernel_profiler_info returns, as Taichi's object of that
    name: one kernel's launches (counter) and their min, avg and max time in ms."""

    def __init__(self, name):
        self.name = name
        self.counter = 0
        self.min = 0.0
        self.max = 0.0
        self.total = 0.0

    @property
    def avg(self):
        return self.total / self.counter if self.counter else 0.0

    def _add(self, count, total, lo, hi):
        self.min = lo if not self.counter else min(self.min, lo)
        self.max = hi if not self.counter else max(self.max, hi)
        self.counter += count
        self.total += total

    def __repr__(self):
        return "<KernelProfilerQuery %s: %d launches, %.3f ms>" % (self.name, self.counter, self.total)


def _enabled():
    import taichi
    if taichi._cfg is not None and taichi._cfg.kernel_profiler:
        return True
    sys.stderr.write("[W] use 'ti.init(kernel_profiler = True)' to turn on KernelProfiler.\n")
    return False


def _results():
    """The kernels launched while profiling, by name, most total time first."""
    by_name = {}
    for name, count, total, lo, hi in _taichi_core.kernel_profile():
        by_name.setdefault(name, KernelProfilerQuery(name))._add(count, total, lo, hi)
    return sorted(by_name.values(), key=lambda r: r.total, reverse=True)


class Profiler:
    def compile_times(self):
        return _taichi_core.compile_times()

    def print_scoped_profiler_info(self):
        rows = self.compile_times()
        print("[tirun] kernel compile times (AST to machine code):")
        for name, ms in rows:
            print("  %-32s %8.3f ms" % (name, ms))
        if rows:
            ms = sorted(r[1] for r in rows)
            print("  %d instance(s), median %.3f ms" % (len(ms), ms[len(ms) // 2]))

    def print_kernel_profiler_info(self, mode="count"):
        """Prints each kernel's launches, total, min, average and max time, as
        Taichi's count mode does (trace mode, one row per launch, is not kept)."""
        if mode not in ("count", "trace"):
            raise ValueError("Arg `mode` must be of type 'str', and has the value 'count' or 'trace'.")
        if not _enabled():
            return None
        import taichi
        results = _results()
        total = sum(r.total for r in results)
        table_header = "Kernel Profiler(count, default) @ %s " % taichi._cfg.arch.name.upper()   # Taichi's blank device name
        column_header = "[      %     total   count |      min       avg       max   ] Kernel name"
        width = max(len(column_header), len(table_header))
        print("=" * width)
        print(table_header)
        print("=" * width)
        print(column_header)
        print("-" * width)
        for r in results:
            print("[{:6.2f}% {:7.3f} s {:6d}x |{:9.3f} {:9.3f} {:9.3f} ms] {}".format(
                r.total / total * 100.0 if total else 0.0, r.total / 1000.0, r.counter,
                r.min, r.avg, r.max, r.name))
        print("-" * width)
        print("[100.00%%] Total execution time: %7.3f s   number of results: %d" % (total / 1000, len(results)))
        print("=" * width)
        return None

    def query_kernel_profiler_info(self, name):
        """The launches of the kernel called name: .counter, and .min, .avg,
        .max times (ms)."""
        if not _enabled():
            return None
        for r in _results():
            if r.name == name:
                return r
        return KernelProfilerQuery(name)

    def clear_kernel_profiler_info(self):
        if _enabled():
            _taichi_core.kernel_profile(True)

    def get_kernel_profiler_total_time(self):
        """Seconds spent in the kernels launched while profiling."""
        if not _enabled():
            return 0.0
        return sum(r.total for r in _results()) / 1000.0


profiler = Profiler()
print_kernel_profiler_info = profiler.print_kernel_profiler_info
query_kernel_profiler_info = profiler.query_kernel_profiler_info
clear_kernel_profiler_info = profiler.clear_kernel_profiler_info
get_kernel_profiler_total_time = profiler.get_kernel_profiler_total_time
print_scoped_profiler_info = profiler.print_scoped_profiler_info
