# unittest: a TestCase's assertions, skips and expected failures run by
# main(exit=False); its report goes to stderr, kept here without the timing
import io
import sys
import unittest


class Checks(unittest.TestCase):
    def setUp(self):
        self.items = [1, 2]

    def test_equal(self):
        self.assertEqual(self.items, [1, 2])
        self.assertNotEqual(1, 2)
        self.assertTrue(self.items)
        self.assertIn(1, self.items)
        self.assertIsNone(None)
        self.assertIsInstance(1, int)
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertCountEqual([1, 2, 2], [2, 1, 2])

    def test_raises(self):
        with self.assertRaises(KeyError) as cm:
            {}["x"]
        print("caught", repr(cm.exception))
        self.assertRaises(ZeroDivisionError, lambda: 1 / 0)

    def test_failure(self):
        self.assertEqual(1, 2)

    def test_error(self):
        raise RuntimeError("boom")

    @unittest.skip("not now")
    def test_skipped(self):
        pass

    @unittest.skipIf(True, "never")
    def test_skipped_if(self):
        pass

    @unittest.expectedFailure
    def test_expected(self):
        self.fail("known")


err = sys.stderr
sys.stderr = io.StringIO()
result = unittest.main(exit=False).result
report, sys.stderr = sys.stderr.getvalue(), err
for line in report.splitlines():
    if line.startswith("Ran "):
        line = line.split(" in ")[0]
    if not line.startswith("  File"):
        print(line)
print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped), result.wasSuccessful())
