# logging: the unconfigured output, basicConfig, levels, the hierarchy and
# propagation, handlers on streams, Formatter styles, filters, exceptions
import io
import logging
import sys

log = logging.getLogger("app")
log.info("not shown: below WARNING")
log.warning("unconfigured: only the message, on stderr")
print(repr(log), repr(logging.getLogger()), logging.getLogger("root") is logging.root)
print(logging.getLevelName(logging.INFO), logging.getLevelName(25), logging.getLevelName("ERROR"))

logging.basicConfig(stream=sys.stdout, level=logging.INFO)
logging.warning("root warning %d", 42)
logging.info("info with %s and %r", "args", "repr")
logging.debug("not shown")
log.error("from app")
log.info("app info goes to root's handler")
logging.basicConfig(level=logging.DEBUG)      # root has a handler: nothing happens
print(logging.getLogger().level, log.getEffectiveLevel(), log.isEnabledFor(logging.DEBUG))

child = logging.getLogger("app.db.conn")
mid = logging.getLogger("app.db")
print(child.parent is mid, mid.parent is log, log.parent is logging.root, log.getChild("db") is mid)

buf = io.StringIO()
h = logging.StreamHandler(buf)
h.setFormatter(logging.Formatter("[%(levelname)-8s] %(name)s.%(funcName)s:%(lineno)d %(message)s"))
mid.addHandler(h)
mid.setLevel(logging.WARNING)


def do_work():
    child.warning("conn warning")
    child.info("conn info: filtered by app.db's level")


do_work()
mid.propagate = False
child.critical("critical, not propagated to root")
print(buf.getvalue(), end="")
mid.propagate = True
mid.removeHandler(h)

h2 = logging.StreamHandler(sys.stdout)
h2.setFormatter(logging.Formatter("{levelname}|{name}|{message}", style="{"))
h2.setLevel(logging.ERROR)
other = logging.getLogger("other")
other.propagate = False
other.addHandler(h2)
other.warning("below the handler's level")
other.error("style {}", )
h3 = logging.StreamHandler(sys.stdout)
h3.setFormatter(logging.Formatter("$levelname/$message", style="$"))
other.addHandler(h3)
other.critical("dollar style %s", "ok")
other.removeHandler(h3)


class OnlyEven(logging.Filter):
    def filter(self, record):
        return record.args[0] % 2 == 0


other.addFilter(OnlyEven())
for i in range(4):
    other.error("number %d", i)
other.filters.clear()

exc_log = logging.getLogger("exc")
exc_log.propagate = False
exc_log.addHandler(logging.StreamHandler())      # sys.stderr
try:
    1 / 0
except ZeroDivisionError:
    exc_log.exception("failed")

other.log(logging.ERROR, "log() at %s", "ERROR")
other.error("dict args: %(a)s %(b)s", {"a": 1, "b": 2})
logging.addLevelName(35, "NOTICE")
other.log(35, "custom level")
other.error("extra: %s", "x", extra={"user": "bob"})
h2.setFormatter(logging.Formatter("%(user)s %(message)s"))
other.error("with extra", extra={"user": "alice"})
print(isinstance(logging.getLogger("other").handlers[0], logging.StreamHandler), len(other.handlers))

adapter = logging.LoggerAdapter(other, {"user": "carol"})
adapter.error("via adapter")
h2.setFormatter(logging.Formatter("%(name)s %(levelno)s %(message)s"))
logging.disable(logging.ERROR)
other.error("disabled")
other.critical("still shown")
logging.disable(logging.NOTSET)
rec = logging.LogRecord("n", logging.INFO, "/a/b/mod.py", 7, "hi %s", ("there",), None)
print(rec.getMessage(), rec.filename, rec.module, rec.levelname, rec.lineno)
f = logging.Formatter()
print(f.format(rec))
print(logging.Formatter("%(asctime)s", datefmt="%Y").format(rec).isdigit())
try:
    log.setLevel("LOUD")
except ValueError as e:
    print("ValueError", e)
null = logging.getLogger("quiet")
null.addHandler(logging.NullHandler())
null.propagate = False
null.error("into the null handler")
print(null.hasHandlers(), logging.getLogger("fresh.one").hasHandlers())
