"""unittest: TestCase with the common assertions, skip decorators and
main(), which runs the test methods of the TestCase classes in __main__ in
name order and reports as CPython's text runner does (dots, then the
failures, "Ran N tests in T.TTTs" and OK / FAILED on stderr; exit status 1
on a failure)."""

import sys
import time
import traceback

__all__ = ["TestCase", "SkipTest", "skip", "skipIf", "skipUnless", "expectedFailure", "main"]


class SkipTest(Exception):
    """Raised to skip a test."""


def skip(reason):
    def decorator(item):
        if isinstance(item, type):
            item.__unittest_skip__ = True
            item.__unittest_skip_why__ = reason
            return item

        def skipped(*args, **kwargs):
            raise SkipTest(reason)
        skipped.__name__ = getattr(item, "__name__", "skipped")
        return skipped
    if callable(reason) and not isinstance(reason, str):
        item, reason = reason, ""
        return decorator(item)
    return decorator


def _identity(item):
    return item


def skipIf(condition, reason):
    return skip(reason) if condition else _identity


def skipUnless(condition, reason):
    return skip(reason) if not condition else _identity


def expectedFailure(func):
    func.__unittest_expecting_failure__ = True
    return func


class _Raises:
    def __init__(self, test, expected, regex=None):
        self.test = test
        self.expected = expected
        self.regex = regex
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        name = getattr(self.expected, "__name__", str(self.expected))
        if kind is None:
            raise self.test.failureException("%s not raised" % name)
        if not issubclass(kind, self.expected):
            return False
        self.exception = value
        if self.regex is not None:
            import re
            if not re.search(self.regex, str(value)):
                raise self.test.failureException('"%s" does not match "%s"' % (self.regex, value))
        return True


class TestCase:
    failureException = AssertionError
    maxDiff = 80 * 8

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def id(self):
        return "%s.%s.%s" % (type(self).__module__, type(self).__qualname__, self._testMethodName)

    def __str__(self):
        return "%s (%s.%s.%s)" % (self._testMethodName, type(self).__module__, type(self).__qualname__,
                                  self._testMethodName)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _fail(self, standard, msg):
        raise self.failureException(standard if msg is None else "%s : %s" % (standard, msg))

    def assertEqual(self, first, second, msg=None):
        if not first == second:
            self._fail("%r != %r" % (first, second), msg)

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self._fail("%r == %r" % (first, second), msg)

    def assertTrue(self, expr, msg=None):
        if not expr:
            self._fail("%r is not true" % (expr,), msg)

    def assertFalse(self, expr, msg=None):
        if expr:
            self._fail("%r is not false" % (expr,), msg)

    def assertIs(self, first, second, msg=None):
        if first is not second:
            self._fail("%r is not %r" % (first, second), msg)

    def assertIsNot(self, first, second, msg=None):
        if first is second:
            self._fail("unexpectedly identical: %r" % (first,), msg)

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self._fail("%r is not None" % (obj,), msg)

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self._fail("unexpectedly None", msg)

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self._fail("%r not found in %r" % (member, container), msg)

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self._fail("%r unexpectedly found in %r" % (member, container), msg)

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self._fail("%r is not an instance of %r" % (obj, cls), msg)

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self._fail("%r is an instance of %r" % (obj, cls), msg)

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self._fail("%r not less than %r" % (a, b), msg)

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self._fail("%r not less than or equal to %r" % (a, b), msg)

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self._fail("%r not greater than %r" % (a, b), msg)

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self._fail("%r not greater than or equal to %r" % (a, b), msg)

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            self._fail("%r != %r within %r delta (%r difference)" % (first, second, delta, diff), msg)
        places = 7 if places is None else places
        if round(diff, places) == 0:
            return
        self._fail("%r != %r within %r places (%r difference)" % (first, second, places, diff), msg)

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            if first != second and diff > delta:
                return
        elif first != second and round(diff, 7 if places is None else places) != 0:
            return
        self._fail("%r == %r" % (first, second), msg)

    def assertCountEqual(self, first, second, msg=None):
        a, b = list(first), list(second)
        for x in a:
            if x in b:
                b.remove(x)
            else:
                self._fail("Element counts were not equal", msg)
        if b:
            self._fail("Element counts were not equal", msg)

    def assertRaises(self, expected, *args, **kwargs):
        context = _Raises(self, expected)
        if not args:
            return context
        with context:
            args[0](*args[1:], **kwargs)

    def assertRaisesRegex(self, expected, regex, *args, **kwargs):
        context = _Raises(self, expected, regex)
        if not args:
            return context
        with context:
            args[0](*args[1:], **kwargs)

    def assertRegex(self, text, regex, msg=None):
        import re
        if not re.search(regex, text):
            self._fail("Regex didn't match: %r not found in %r" % (regex, text), msg)

    assertEquals = assertEqual
    assertNotEquals = assertNotEqual

    def subTest(self, msg=None, **params):
        return _SubTest()

    def run(self, result):
        method = getattr(self, self._testMethodName)
        expecting = getattr(method, "__unittest_expecting_failure__", False)
        try:
            self.setUp()
        except SkipTest as e:
            result.addSkip(self, str(e))
            return
        except BaseException:
            result.addError(self, sys.exc_info())
            return
        try:
            method()
        except SkipTest as e:
            result.addSkip(self, str(e))
        except self.failureException:
            if expecting:
                result.addExpectedFailure(self)
            else:
                result.addFailure(self, sys.exc_info())
        except KeyboardInterrupt:
            raise
        except BaseException:
            if expecting:
                result.addExpectedFailure(self)
            else:
                result.addError(self, sys.exc_info())
        else:
            if expecting:
                result.addUnexpectedSuccess(self)
            else:
                result.addSuccess(self)
        finally:
            try:
                self.tearDown()
            except BaseException:
                result.addError(self, sys.exc_info())


class _SubTest:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


class TestResult:
    def __init__(self, stream):
        self.stream = stream
        self.failures = []
        self.errors = []
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.testsRun = 0

    def _mark(self, ch):
        self.stream.write(ch)
        self.stream.flush()

    def addSuccess(self, test):
        self._mark(".")

    def addFailure(self, test, info):
        self.failures.append((test, info))
        self._mark("F")

    def addError(self, test, info):
        self.errors.append((test, info))
        self._mark("E")

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))
        self._mark("s")

    def addExpectedFailure(self, test):
        self.expectedFailures.append(test)
        self._mark("x")

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)
        self._mark("u")

    def wasSuccessful(self):
        return not self.failures and not self.errors and not self.unexpectedSuccesses


def _tests_of(module):
    cases = []
    for name in sorted(vars(module)):
        obj = getattr(module, name)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            cases.append(obj)
    return cases


def main(module="__main__", exit=True, verbosity=1, argv=None):
    if isinstance(module, str):
        module = sys.modules[module]
    stream = sys.stderr
    result = TestResult(stream)
    start = time.perf_counter()
    for case in _tests_of(module):
        names = sorted(n for n in dir(case) if n.startswith("test") and callable(getattr(case, n)))
        if getattr(case, "__unittest_skip__", False):
            for n in names:
                result.testsRun += 1
                result.addSkip(case(n), case.__unittest_skip_why__)
            continue
        case.setUpClass()
        for n in names:
            result.testsRun += 1
            case(n).run(result)
        case.tearDownClass()
    taken = time.perf_counter() - start
    stream.write("\n")
    for kind, entries in (("ERROR", result.errors), ("FAIL", result.failures)):
        for test, info in entries:
            stream.write("=" * 70 + "\n%s: %s\n" % (kind, test) + "-" * 70 + "\n")
            stream.write("".join(traceback.format_exception(*info)))
            stream.write("\n")
    stream.write("-" * 70 + "\n")
    n = result.testsRun
    stream.write("Ran %d test%s in %.3fs\n\n" % (n, "" if n == 1 else "s", taken))
    notes = []
    if result.failures:
        notes.append("failures=%d" % len(result.failures))
    if result.errors:
        notes.append("errors=%d" % len(result.errors))
    if result.skipped:
        notes.append("skipped=%d" % len(result.skipped))
    if result.expectedFailures:
        notes.append("expected failures=%d" % len(result.expectedFailures))
    if result.unexpectedSuccesses:
        notes.append("unexpected successes=%d" % len(result.unexpectedSuccesses))
    status = "OK" if result.wasSuccessful() else "FAILED"
    stream.write(status + (" (%s)" % ", ".join(notes) if notes else "") + "\n")
    if exit:
        sys.exit(0 if result.wasSuccessful() else 1)
    return TestProgram(result)


class TestProgram:
    """What main(exit=False) returns: the run's TestResult as .result."""

    def __init__(self, result):
        self.result = result
