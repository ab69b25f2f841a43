"""datetime for tirun: timedelta, date, time, datetime and a fixed-offset
timezone, with CPython 3.11's arithmetic, comparisons, repr / str,
isoformat / fromisoformat, strftime and now() / fromtimestamp() (local time
through the time module). Aware datetimes carry their tzinfo into isoformat,
str, utcoffset and tzname; arithmetic and comparisons treat them as naive."""

import time as _time
import math as _math

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR", "MAXYEAR",
           "UTC")

MINYEAR = 1
MAXYEAR = 9999
_MAXORDINAL = 3652059
_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim
_MONTHNAMES = [None, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_DAYNAMES = [None, "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_US_PER_DAY = 86400 * 10 ** 6


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))


def _ymd2ord(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


def _ord2ymd(n):
    """(year, month, day) of the proleptic Gregorian ordinal n (1 is 0001-01-01)."""
    n -= 1
    n400, n = divmod(n, 146097)        # days in 400 years
    year = n400 * 400 + 1
    n100, n = divmod(n, 36524)
    n4, n = divmod(n, 1461)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leap = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leap)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leap)
    return year, month, n - preceding + 1


def _check_int(value):
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise TypeError("integer argument expected, got float")
    try:
        return value.__index__()
    except AttributeError:
        raise TypeError("an integer is required (got type %s)" % type(value).__name__)


def _check_date_fields(year, month, day):
    year, month, day = _check_int(year), _check_int(month), _check_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year %d is out of range" % year)
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    if not 1 <= day <= _days_in_month(year, month):
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour, minute = _check_int(hour), _check_int(minute)
    second, microsecond = _check_int(second), _check_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _cmp(x, y):
    return 0 if x == y else 1 if x > y else -1


def _round_half_even(n, d):
    """n / d rounded to an int, ties to even (d > 0)."""
    q, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and q % 2 == 1):
        q += 1
    return q


def _exact(x):
    if isinstance(x, int):
        return x, 1
    if isinstance(x, float):
        if _math.isinf(x) or _math.isnan(x):
            raise ValueError("cannot convert float %s to integer" % x)
        return x.as_integer_ratio()
    raise TypeError("unsupported type for timedelta component: %s" % type(x).__name__)


class timedelta:
    """A duration: days, seconds and microseconds, normalized so that
    0 <= seconds < 86400 and 0 <= microseconds < 1000000."""

    __slots__ = ("_days", "_seconds", "_microseconds", "_hashcode")

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        num, den = 0, 1
        for value, scale in ((days, _US_PER_DAY), (seconds, 10 ** 6), (microseconds, 1),
                             (milliseconds, 1000), (minutes, 60 * 10 ** 6), (hours, 3600 * 10 ** 6),
                             (weeks, 7 * _US_PER_DAY)):
            n, d = _exact(value)
            num, den = num * d + n * scale * den, den * d
        return cls._from_us(_round_half_even(num, den))

    @classmethod
    def _from_us(cls, us):
        d, rem = divmod(us, _US_PER_DAY)
        s, us = divmod(rem, 10 ** 6)
        if abs(d) > 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % d)
        self = object.__new__(cls)
        self._days = d
        self._seconds = s
        self._microseconds = us
        self._hashcode = -1
        return self

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 10 ** 6 + self._microseconds

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def total_seconds(self):
        return self._to_us() / 10 ** 6

    def __repr__(self):
        args = []
        if self._days:
            args.append("days=%d" % self._days)
        if self._seconds:
            args.append("seconds=%d" % self._seconds)
        if self._microseconds:
            args.append("microseconds=%d" % self._microseconds)
        if not args:
            args.append("0")
        return "datetime.timedelta(%s)" % ", ".join(args)

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self._days:
            s = ("%d day%s, " % (self._days, "" if abs(self._days) == 1 else "s")) + s
        if self._microseconds:
            s = s + ".%06d" % self._microseconds
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() + other._to_us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() - other._to_us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta._from_us(-self._to_us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_us(self._to_us() * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._from_us(_round_half_even(self._to_us() * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() // other._to_us()
        if isinstance(other, int):
            return timedelta._from_us(self._to_us() // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() / other._to_us()
        if isinstance(other, int):
            if other == 0:
                raise ZeroDivisionError("division by zero")
            n, d = self._to_us(), other
            if d < 0:
                n, d = -n, -d
            return timedelta._from_us(_round_half_even(n, d))
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            if a == 0:
                raise ZeroDivisionError("float division by zero")
            n, d = b * self._to_us(), a
            if d < 0:
                n, d = -n, -d
            return timedelta._from_us(_round_half_even(n, d))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() % other._to_us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_us(), other._to_us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def _key(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._key() == other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._key())
        return self._hashcode

    def __bool__(self):
        return bool(self._days or self._seconds or self._microseconds)

    def __reduce__(self):
        return (self.__class__, self._key())


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


def _wrap_strftime(obj, fmt, timetuple):
    """fmt with %f, %z and %Z done here and the rest by time.strftime."""
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != "%" or i >= n:
            out.append(ch)
            continue
        ch = fmt[i]
        i += 1
        if ch == "f":
            out.append("%06d" % getattr(obj, "microsecond", 0))
        elif ch == "z":
            off = obj.utcoffset() if hasattr(obj, "utcoffset") else None
            out.append(_format_offset(off, "") if off is not None else "")
        elif ch == "Z":
            name = obj.tzname() if hasattr(obj, "tzname") else None
            out.append((name or "").replace("%", "%%"))
        else:
            out.append("%" + ch)
    return _time.strftime("".join(out), timetuple)


def _format_offset(off, sep=":"):
    if off is None:
        return ""
    sign = "+"
    if off.days < 0:
        sign = "-"
        off = -off
    hh, rem = divmod(off._to_us(), 3600 * 10 ** 6)
    mm, rem = divmod(rem, 60 * 10 ** 6)
    s = "%s%02d%s%02d" % (sign, hh, sep, mm)
    ss, us = divmod(rem, 10 ** 6)
    if ss or us:
        s += "%s%02d" % (sep, ss)
        if us:
            s += ".%06d" % us
    return s


def _parse_isodate(s):
    if len(s) == 10 and s[4] == "-" and s[7] == "-":
        parts = s[0:4], s[5:7], s[8:10]
    elif len(s) == 8 and s.isdigit():
        parts = s[0:4], s[4:6], s[6:8]
    else:
        raise ValueError
    if not all(p.isdigit() for p in parts):
        raise ValueError
    return [int(p) for p in parts]


def _parse_isotime(s):
    """[hour, minute, second, microsecond], tzinfo of an ISO 8601 time."""
    tz = None
    for k, ch in enumerate(s):
        if ch in "+-Z":
            tz_s = s[k:]
            s = s[:k]
            if tz_s == "Z":
                tz = timezone.utc
            else:
                sign = -1 if tz_s[0] == "-" else 1
                f = _parse_hms(tz_s[1:])
                td = timedelta(hours=f[0], minutes=f[1], seconds=f[2], microseconds=f[3])
                tz = timezone.utc if not td else timezone(sign * td)
            break
    return _parse_hms(s), tz


def _parse_hms(s):
    frac = 0
    for sep in (".", ","):
        if sep in s:
            s, f = s.split(sep, 1)
            if not f.isdigit() or not 1 <= len(f) <= 9:
                raise ValueError
            frac = int((f + "000000")[:6])
    if ":" in s:
        parts = s.split(":")
    else:
        parts = [s[i:i + 2] for i in range(0, len(s), 2)]
    if not 1 <= len(parts) <= 3 or not all(len(p) == 2 and p.isdigit() for p in parts):
        raise ValueError
    vals = [int(p) for p in parts] + [0] * (3 - len(parts))
    return vals + [frac]


class date:
    """A date of the proleptic Gregorian calendar."""

    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year, month=None, day=None):
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.localtime(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        if not 1 <= n <= _MAXORDINAL:
            raise ValueError("ordinal must be >= 1")
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        try:
            return cls(*_parse_isodate(date_string))
        except ValueError:
            raise ValueError("Invalid isoformat string: %r" % (date_string,))

    @classmethod
    def fromisocalendar(cls, year, week, day):
        if not 1 <= week <= 53 or (week == 53 and _iso_weeks(year) < 53):
            raise ValueError("Invalid week: %d" % week)
        if not 1 <= day <= 7:
            raise ValueError("Invalid weekday: %d (range is [1, 7])" % day)
        first = _iso_week1_monday(year)
        return cls.fromordinal(first + (week - 1) * 7 + day - 1)

    def __repr__(self):
        return "%s.%s(%d, %d, %d)" % (_modname(self), type(self).__qualname__, self._year,
                                      self._month, self._day)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d 00:00:00 %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month],
                                            self._day, self._year)

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, self.timetuple())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def timetuple(self):
        return _time.struct_time((self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                                  _days_before_month(self._year, self._month) + self._day, -1))

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day)

    def _cmpkey(self):
        return (self._year, self._month, self._day)

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmpkey() == other._cmpkey()
        return NotImplemented

    def _check_cmp(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return True
        return False

    def __lt__(self, other):
        if self._check_cmp(other):
            return self._cmpkey() < other._cmpkey()
        return NotImplemented

    def __le__(self, other):
        if self._check_cmp(other):
            return self._cmpkey() <= other._cmpkey()
        return NotImplemented

    def __gt__(self, other):
        if self._check_cmp(other):
            return self._cmpkey() > other._cmpkey()
        return NotImplemented

    def __ge__(self, other):
        if self._check_cmp(other):
            return self._cmpkey() >= other._cmpkey()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._cmpkey())
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _MAXORDINAL:
                return type(self).fromordinal(o)
            raise OverflowError("result out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        year = self._year
        week1monday = _iso_week1_monday(year)
        today = self.toordinal()
        week, day = divmod(today - week1monday, 7)
        if week < 0:
            year -= 1
            week1monday = _iso_week1_monday(year)
            week, day = divmod(today - week1monday, 7)
        elif week >= 52:
            if today >= _iso_week1_monday(year + 1):
                year += 1
                week = 0
        return IsoCalendarDate(year, week + 1, day + 1)

    def __reduce__(self):
        return (self.__class__, self._cmpkey())


def _modname(obj):
    return "datetime" if type(obj).__module__ == __name__ else type(obj).__module__


def _iso_week1_monday(year):
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > 3:
        week1monday += 7
    return week1monday


def _iso_weeks(year):
    return (_iso_week1_monday(year + 1) - _iso_week1_monday(year)) // 7


class IsoCalendarDate(tuple):
    """(year, week, weekday) of date.isocalendar()."""

    def __new__(cls, year, week, weekday):
        return super().__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __repr__(self):
        return "%s(year=%d, week=%d, weekday=%d)" % ("datetime.IsoCalendarDate", self[0], self[1], self[2])


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class tzinfo:
    """The base of time zone classes: utcoffset, dst and tzname."""

    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")


class timezone(tzinfo):
    """A fixed offset from UTC."""

    __slots__ = ("_offset", "_name")

    def __new__(cls, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError("offset must be a timedelta")
        if not -timedelta(hours=24) < offset < timedelta(hours=24):
            raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) "
                             "and timedelta(hours=24).")
        self = object.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return "datetime.timezone.utc"
        if self._name is None:
            return "datetime.timezone(%r)" % (self._offset,)
        return "datetime.timezone(%r, %r)" % (self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        return self._offset

    def tzname(self, dt):
        if self._name is not None:
            return self._name
        if not self._offset:
            return "UTC"
        return "UTC" + _format_offset(self._offset)

    def dst(self, dt):
        return None


timezone.utc = timezone(timedelta(0))
UTC = timezone.utc


class time:
    """A time of day: hour, minute, second, microsecond (and tzinfo)."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold", "_hashcode")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second,
                                                                     microsecond, fold)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    def _cmpkey(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def __eq__(self, other):
        if isinstance(other, time):
            return self._cmpkey() == other._cmpkey()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, time):
            return self._cmpkey() < other._cmpkey()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._cmpkey() <= other._cmpkey()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._cmpkey() > other._cmpkey()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._cmpkey() >= other._cmpkey()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._cmpkey())
        return self._hashcode

    def utcoffset(self):
        return None if self._tzinfo is None else self._tzinfo.utcoffset(None)

    def tzname(self):
        return None if self._tzinfo is None else self._tzinfo.tzname(None)

    def dst(self):
        return None if self._tzinfo is None else self._tzinfo.dst(None)

    def __repr__(self):
        if self._microsecond != 0:
            s = ", %d, %d" % (self._second, self._microsecond)
        elif self._second != 0:
            s = ", %d" % self._second
        else:
            s = ""
        s = "%s.%s(%d, %d%s)" % (_modname(self), type(self).__qualname__, self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r)" % self._tzinfo
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def isoformat(self, timespec="auto"):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    __str__ = isoformat

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError("fromisoformat: argument must be str")
        s = time_string[1:] if time_string[:1] == "T" else time_string
        try:
            fields, tz = _parse_isotime(s)
            return cls(*fields, tzinfo=tz)
        except ValueError:
            raise ValueError("Invalid isoformat string: %r" % (time_string,))

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, (1900, 1, 1, self._hour, self._minute, self._second, 0, 1, -1))

    def __format__(self, fmt):
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    def __bool__(self):
        return True


def _format_time(hh, mm, ss, us, timespec="auto"):
    specs = {"hours": "%02d", "minutes": "%02d:%02d", "seconds": "%02d:%02d:%02d",
             "milliseconds": "%02d:%02d:%02d.%03d", "microseconds": "%02d:%02d:%02d.%06d"}
    if timespec == "auto":
        timespec = "microseconds" if us else "seconds"
    elif timespec == "milliseconds":
        us //= 1000
    try:
        fmt = specs[timespec]
    except KeyError:
        raise ValueError("Unknown timespec value")
    return fmt % (hh, mm, ss, us)[:fmt.count("%")]


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


class datetime(date):
    """A date and a time of day."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold")

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0,
                tzinfo=None, *, fold=0):
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second,
                                                                     microsecond, fold)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def _fromtimestamp(cls, t, utc, tz):
        frac, t = _math.modf(t)
        us = round(frac * 1e6)
        if us >= 1000000:
            t += 1
            us -= 1000000
        elif us < 0:
            t -= 1
            us += 1000000
        converter = _time.gmtime if utc else _time.localtime
        y, m, d, hh, mm, ss, weekday, jday, dst = converter(t)
        ss = min(ss, 59)
        return cls(y, m, d, hh, mm, ss, us, tz)

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        if tz is not None:
            dt = cls._fromtimestamp(t, True, None) + tz.utcoffset(None)
            return dt.replace(tzinfo=tz)
        return cls._fromtimestamp(t, False, None)

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls._fromtimestamp(t, True, None)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def today(cls):
        return cls.now()

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second,
                   time.microsecond, tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        s = date_string
        try:
            if len(s) > 10 and s[4] == "-":
                dpart, tpart = s[:10], s[11:]
                if s[10] not in "T ":
                    raise ValueError
            elif len(s) > 8 and s[:8].isdigit():
                dpart, tpart = s[:8], s[9:]
                if s[8] not in "T ":
                    raise ValueError
            else:
                dpart, tpart = s, ""
            ymd = _parse_isodate(dpart)
            if tpart:
                fields, tz = _parse_isotime(tpart)
            else:
                fields, tz = [0, 0, 0, 0], None
            return cls(*ymd, *fields, tz)
        except (ValueError, IndexError):
            raise ValueError("Invalid isoformat string: %r" % (date_string,))

    @classmethod
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def timetuple(self):
        return _time.struct_time((self._year, self._month, self._day, self._hour, self._minute,
                                  self._second, self.weekday(),
                                  _days_before_month(self._year, self._month) + self._day, -1))

    def timestamp(self):
        if self._tzinfo is None:
            return _time.mktime((self._year, self._month, self._day, self._hour, self._minute,
                                 self._second, -1, -1, -1)) + self._microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo,
                    fold=self._fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day,
                          self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d %02d:%02d:%02d %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month],
                                                  self._day, self._hour, self._minute,
                                                  self._second, self._year)

    def isoformat(self, sep="T", timespec="auto"):
        s = "%04d-%02d-%02d%c" % (self._year, self._month, self._day, sep) + \
            _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second,
             self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = "%s.%s(%s)" % (_modname(self), type(self).__qualname__, ", ".join(map(str, L)))
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r)" % self._tzinfo
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def __str__(self):
        return self.isoformat(sep=" ")

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, self.timetuple())

    def utcoffset(self):
        return None if self._tzinfo is None else self._tzinfo.utcoffset(self)

    def tzname(self):
        return None if self._tzinfo is None else self._tzinfo.tzname(self)

    def dst(self):
        return None if self._tzinfo is None else self._tzinfo.dst(self)

    def _us(self):
        us = (self.toordinal() * 86400 + self._hour * 3600 + self._minute * 60 + self._second) * 10 ** 6 \
            + self._microsecond
        off = self.utcoffset()
        if off is not None:
            us -= off._to_us()
        return us

    def _cmpkey(self):
        return self._us()

    def _check_cmp(self, other):
        return isinstance(other, datetime)

    def __eq__(self, other):
        if isinstance(other, datetime):
            if (self._tzinfo is None) != (other._tzinfo is None):
                return False
            return self._us() == other._us()
        if isinstance(other, date):
            return False
        return NotImplemented

    def _order(self, other):
        if (self._tzinfo is None) != (other._tzinfo is None):
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        return _cmp(self._us(), other._us())

    def __lt__(self, other):
        if isinstance(other, datetime):
            return self._order(other) < 0
        if isinstance(other, date):
            raise TypeError("can't compare datetime.datetime to datetime.date")
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, datetime):
            return self._order(other) <= 0
        if isinstance(other, date):
            raise TypeError("can't compare datetime.datetime to datetime.date")
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, datetime):
            return self._order(other) > 0
        if isinstance(other, date):
            raise TypeError("can't compare datetime.datetime to datetime.date")
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, datetime):
            return self._order(other) >= 0
        if isinstance(other, date):
            raise TypeError("can't compare datetime.datetime to datetime.date")
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._us())
        return self._hashcode

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        us = ((self.toordinal() * 86400 + self._hour * 3600 + self._minute * 60 + self._second)
              * 10 ** 6 + self._microsecond + other._to_us())
        days, rem = divmod(us, _US_PER_DAY)
        if not 0 < days <= _MAXORDINAL:
            raise OverflowError("date value out of range")
        y, m, d = _ord2ymd(days)
        secs, usec = divmod(rem, 10 ** 6)
        hh, rem = divmod(secs, 3600)
        mm, ss = divmod(rem, 60)
        return type(self)(y, m, d, hh, mm, ss, usec, self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if isinstance(other, datetime):
            if (self._tzinfo is None) != (other._tzinfo is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            return timedelta._from_us(self._us() - other._us())
        return NotImplemented

    def __reduce__(self):
        return (self.__class__, (self._year, self._month, self._day, self._hour, self._minute,
                                 self._second, self._microsecond, self._tzinfo))


datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


_STRPTIME_FIELDS = {"Y": (4, "year"), "m": (2, "month"), "d": (2, "day"), "H": (2, "hour"),
                    "M": (2, "minute"), "S": (2, "second"), "f": (6, "microsecond"),
                    "y": (2, "year2"), "j": (3, "yday"), "I": (2, "hour12")}


def _strptime(cls, s, fmt):
    """The common directives: %Y %m %d %H %M %S %f %y %j %I %p %b %B %a %A %%."""
    vals = {"year": 1900, "month": 1, "day": 1, "hour": 0, "minute": 0, "second": 0,
            "microsecond": 0}
    i = j = 0
    pm = None
    bad = ValueError("time data %r does not match format %r" % (s, fmt))
    while i < len(fmt):
        c = fmt[i]
        if c != "%":
            if c.isspace():
                while j < len(s) and s[j].isspace():
                    j += 1
                i += 1
                continue
            if j >= len(s) or s[j] != c:
                raise bad
            i += 1
            j += 1
            continue
        d = fmt[i + 1] if i + 1 < len(fmt) else ""
        i += 2
        if d == "%":
            if j >= len(s) or s[j] != "%":
                raise bad
            j += 1
        elif d in _STRPTIME_FIELDS:
            width, name = _STRPTIME_FIELDS[d]
            k = j
            while k < len(s) and k - j < width and s[k].isdigit():
                k += 1
            if k == j:
                raise bad
            v = int(s[j:k])
            if d == "f":
                v = int((s[j:k] + "000000")[:6])
            j = k
            if name == "year2":
                vals["year"] = v + (2000 if v < 69 else 1900)
            elif name == "hour12":
                vals["hour"] = v % 12
            elif name == "yday":
                vals["_yday"] = v
            else:
                vals[name] = v
        elif d == "p":
            word = s[j:j + 2].upper()
            if word not in ("AM", "PM"):
                raise bad
            pm = word == "PM"
            j += 2
        elif d in "bBaA":
            names = ([n for n in _MONTHNAMES[1:]] if d in "bB" else [n for n in _DAYNAMES[1:]])
            full = {"January": 1, "February": 2, "March": 3, "April": 4, "May": 5, "June": 6,
                    "July": 7, "August": 8, "September": 9, "October": 10, "November": 11,
                    "December": 12} if d in "bB" else \
                {"Monday": 1, "Tuesday": 2, "Wednesday": 3, "Thursday": 4, "Friday": 5,
                 "Saturday": 6, "Sunday": 7}
            matched = None
            for word, num in sorted(full.items(), key=lambda kv: -len(kv[0])):
                for cand in (word, word[:3]):
                    if s[j:j + len(cand)].lower() == cand.lower():
                        matched = (num, len(cand))
                        break
                if matched:
                    break
            if not matched:
                raise bad
            if d in "bB":
                vals["month"] = matched[0]
            j += matched[1]
            del names
        else:
            raise ValueError("'%s' is a bad directive in format '%s'" % (d, fmt))
    if j != len(s):
        raise ValueError("unconverted data remains: %s" % s[j:])
    if pm is not None:
        vals["hour"] = vals["hour"] % 12 + (12 if pm else 0)
    yday = vals.pop("_yday", None)
    if yday is not None:
        o = _ymd2ord(vals["year"], 1, 1) + yday - 1
        vals["year"], vals["month"], vals["day"] = _ord2ymd(o)
    return cls(vals["year"], vals["month"], vals["day"], vals["hour"], vals["minute"],
               vals["second"], vals["microsecond"])
