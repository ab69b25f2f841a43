# traceback: the text of an exception's report, its last line alone, and
# printing the exception being handled to a file
import io
import sys
import traceback


def fail():
    raise ValueError("bad value")


try:
    fail()
except ValueError as e:
    lines = traceback.format_exception(e)
    print(lines[0], end="")
    print(lines[-1], end="")
    print(traceback.format_exception_only(type(e), e))
    print(traceback.format_exc().splitlines()[-1])
    out = io.StringIO()
    traceback.print_exc(file=out)
    print(out.getvalue() == "".join(lines))
    out = io.StringIO()
    traceback.print_exception(type(e), e, e.__traceback__, file=out)
    print(out.getvalue().count("\n") == len(lines))
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise KeyError("k") from e
except KeyError as e:
    text = "".join(traceback.format_exception(e))
    print("direct cause" in text, text.splitlines()[-1])
print(traceback.format_exception_only(None, None))
