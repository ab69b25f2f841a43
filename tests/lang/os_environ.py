# os.environ lookups that do not depend on the caller's environment.
import os
print(os.environ.get("TIRUN_TEST_SURELY_UNSET_VARIABLE"), os.environ.get("TIRUN_TEST_SURELY_UNSET_VARIABLE", "fallback"))
print(os.getenv("TIRUN_TEST_SURELY_UNSET_VARIABLE", "default"), "TIRUN_TEST_SURELY_UNSET_VARIABLE" in os.environ)
os.environ["TIRUN_TEST_SET_HERE"] = "value 1"
print(os.environ["TIRUN_TEST_SET_HERE"], os.getenv("TIRUN_TEST_SET_HERE"), "TIRUN_TEST_SET_HERE" in os.environ)
del os.environ["TIRUN_TEST_SET_HERE"]
print(os.environ.get("TIRUN_TEST_SET_HERE", "removed"))
try:
    os.environ["TIRUN_TEST_SURELY_UNSET_VARIABLE"]
except KeyError as e:
    print("KeyError:", e)
print(isinstance(os.getpid(), int), os.getpid() > 0, type(os.getcwd()).__name__, os.path.basename(os.getcwd()))
