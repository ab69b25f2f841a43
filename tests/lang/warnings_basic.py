# warnings: warn with categories and stacklevel, the default filters, the
# registries (a warning shows once per place), simplefilter / filterwarnings,
# catch_warnings(record=True), "error" raising, showwarning / formatwarning
import sys
import warnings

warnings.warn("plain message")
warnings.warn("a runtime one", RuntimeWarning)
warnings.warn(FutureWarning("an instance"))


def deprecated():
    warnings.warn("old api", DeprecationWarning, stacklevel=2)


def call_deprecated():
    deprecated()


for i in range(3):
    warnings.warn("in a loop")          # shown once: the registry remembers the place
call_deprecated()                       # DeprecationWarning in __main__: shown
print(warnings.filters[0][0], warnings.filters[0][2].__name__, warnings.filters[0][3])
print(len(warnings.filters))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for i in range(2):
        warnings.warn("recorded %d" % i, UserWarning)
    warnings.warn("pending", PendingDeprecationWarning)
    deprecated()
    print(len(w))
    for m in w:
        print(m.category.__name__, str(m.message), type(m.message).__name__, m.lineno)
    print(isinstance(w[0].message, UserWarning), w[0].filename == __file__)
print(len(warnings.filters))

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("now an error", RuntimeWarning)
    except RuntimeWarning as e:
        print("caught", type(e).__name__, e)
    warnings.filterwarnings("ignore", message="skip")
    warnings.warn("skip this one")
    warnings.warn("SKIP also (case ignored)")
    try:
        warnings.warn("not skipped")
    except UserWarning as e:
        print("caught", e)
    warnings.filterwarnings("ignore", category=UserWarning, module="__main__")
    warnings.warn("module filter")
    warnings.filterwarnings("error", module="other")
    warnings.warn("other module filter does not match")

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("once")
    for i in range(3):
        warnings.warn("once only")
        warnings.warn("once only")
    print(len(w))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("module")
    for i in range(3):
        warnings.warn("module only")
    warnings.warn("module only")
    print(len(w))

with warnings.catch_warnings(record=True) as w:
    warnings.resetwarnings()
    warnings.simplefilter("default")
    warnings.warn("d1")
    warnings.warn("d1")
    print(len(w), warnings.defaultaction)

print(warnings.formatwarning("msg", UserWarning, "f.py", 12, "  x = 1  "), end="")
print(warnings.formatwarning("msg", SyntaxWarning, "nofile.py", 3), end="")


def my_show(message, category, filename, lineno, file=None, line=None):
    print("custom:", category.__name__, message, lineno)


with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.showwarning = my_show
    warnings.warn("via custom showwarning")
print(warnings.showwarning is my_show)

try:
    warnings.warn("x", int)
except TypeError as e:
    print("TypeError", e)
try:
    warnings.simplefilter("bogus")
except AssertionError as e:
    print("AssertionError", e)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("deep", stacklevel=50)
    print(w[0].filename, w[0].lineno)
warnings.warn("to a file", BytesWarning)
warnings.showwarning("shown directly", UserWarning, "some.py", 5, sys.stdout, "src line")
print("done")
