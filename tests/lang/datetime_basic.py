# datetime: timedelta normalization and arithmetic, date / time / datetime
# construction, repr / str / isoformat / fromisoformat, strftime, ordinals and
# the ISO calendar, comparisons, hashing, fixed-offset timezones, strptime
import datetime as dt
from datetime import date, datetime, time, timedelta, timezone

for td in (timedelta(), timedelta(1), timedelta(hours=25, minutes=-1), timedelta(seconds=-1),
           timedelta(microseconds=1500), timedelta(days=-2, seconds=30), timedelta(weeks=1, milliseconds=1),
           timedelta(days=1.5, seconds=0.0000015), timedelta(minutes=0.5), timedelta(hours=-0.25)):
    print(repr(td), str(td), td.days, td.seconds, td.microseconds, td.total_seconds())
a = timedelta(days=3, hours=4)
b = timedelta(hours=10, microseconds=7)
print(a + b, a - b, b - a, -a, abs(-a), a * 2, 3 * b, a * 0.1, a / 4, a / b, a // b, a // 3, a % b, divmod(a, b))
print(a > b, a == timedelta(hours=76), hash(a) == hash(timedelta(hours=76)), bool(timedelta()), bool(b))
print(timedelta.max, timedelta.min, timedelta.resolution, a / 1.5)
try:
    timedelta(days=10 ** 9)
except OverflowError as e:
    print("OverflowError", e)

d = date(2024, 2, 28)
print(repr(d), d, d.year, d.month, d.day, d + timedelta(1), d + timedelta(2), d - timedelta(59))
print(d - date(2000, 1, 1), d.toordinal(), date.fromordinal(738944), d.weekday(), d.isoweekday())
print(d.isocalendar(), d.isocalendar().week, date(2021, 1, 1).isocalendar(), date(2020, 12, 31).isocalendar(), date(2026, 12, 31).isocalendar())
print(d.isoformat(), date.fromisoformat("2023-07-04"), date.fromisoformat("20230704"), d.replace(day=1), d.ctime())
print(d.strftime("%A %d %B %Y, day %j, week %U/%W, %a %b %y %m/%d %%"), f"{d:%Y.%m.%d}", format(d), f"{d}")
print(d < date(2024, 3, 1), d == date(2024, 2, 28), d in {date(2024, 2, 28)}, max(d, date(1999, 12, 31)))
print(date.min, date.max, date(2000, 2, 29), date.fromisocalendar(2024, 1, 1))
for args in ((2023, 2, 29), (2023, 13, 1), (0, 1, 1), (2023, 4, 31)):
    try:
        date(*args)
    except ValueError as e:
        print("ValueError", e)
try:
    date.fromisoformat("2023/07/04")
except ValueError as e:
    print("ValueError", e)
for o in (1, 365, 366, 146097, 146098, 730120, 3652059):
    print(o, date.fromordinal(o), date.fromordinal(o).toordinal() == o)

t = time(13, 5)
print(repr(t), t, repr(time(1, 2, 3)), repr(time(1, 2, 3, 4)), time(1, 2, 3, 4), time(23, 59, 59, 999999).isoformat("milliseconds"))
print(t.isoformat("minutes"), t.isoformat("hours"), t.strftime("%H:%M %p %I"), time.fromisoformat("04:23:01.000384"), t < time(14), t.replace(minute=30))
try:
    time(24)
except ValueError as e:
    print("ValueError", e)

x = datetime(2024, 12, 31, 23, 59, 30, 250000)
print(repr(x), x, x.isoformat(), x.isoformat(" ", "seconds"), x.date(), x.time(), repr(x.time()))
print(x + timedelta(seconds=45), x - timedelta(days=366), x - datetime(2024, 1, 1), datetime(2024, 1, 1) - x)
print(repr(datetime(2024, 1, 1)), repr(datetime(2024, 1, 1, 5, 6, 7)), datetime.combine(d, t), x.replace(year=2020, microsecond=0))
print(x.strftime("%Y-%m-%dT%H:%M:%S.%f %j %a"), x.ctime(), f"{x:%d/%m/%Y %H:%M}", x.timetuple()[:7])
print(datetime.fromisoformat("2011-11-04T00:05:23"), datetime.fromisoformat("2011-11-04 00:05:23.283"), datetime.fromisoformat("2011-11-04"))
print(x > datetime(2024, 12, 31), x == datetime(2024, 12, 31, 23, 59, 30, 250000), x == x.date(), isinstance(x, date))
print(sorted([datetime(2024, 1, 2), datetime(2023, 5, 5), datetime(2024, 1, 1, 12)]))
print(datetime.utcfromtimestamp(0), datetime.utcfromtimestamp(1700000000.5), datetime.fromtimestamp(86400, timezone.utc))
now = datetime.now()
print(type(now).__name__, now.year >= 2024, isinstance(date.today(), date), abs(datetime.now() - now) < timedelta(seconds=5))
print(datetime.strptime("2024-03-05 14:07:09", "%Y-%m-%d %H:%M:%S"), datetime.strptime("5 Mar 24 2:07 PM", "%d %b %y %I:%M %p"))
print(datetime.strptime("July 4, 1999", "%B %d, %Y"), datetime.strptime("2023-100", "%Y-%j"))

utc = timezone.utc
plus2 = timezone(timedelta(hours=2))
named = timezone(timedelta(hours=-5, minutes=-30), "Somewhere")
print(repr(utc), repr(plus2), repr(named), str(plus2), utc.tzname(None), named.tzname(None), dt.UTC is utc)
aware = datetime(2024, 6, 1, 12, 0, tzinfo=plus2)
print(repr(aware), aware, aware.isoformat(), aware.utcoffset(), aware.tzname(), aware.strftime("%H:%M %z %Z"))
print(aware == datetime(2024, 6, 1, 10, 0, tzinfo=utc), aware - datetime(2024, 6, 1, tzinfo=utc), aware.timestamp())
print(datetime.fromisoformat("2024-06-01T12:00:00+02:00") == aware, datetime.fromisoformat("2024-06-01T12:00:00Z").tzinfo)
try:
    aware < datetime(2024, 6, 1)
except TypeError as e:
    print("TypeError", e)
print(dt.MINYEAR, dt.MAXYEAR, datetime.max, datetime.min)
