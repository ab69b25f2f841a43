/* The `time` module: the clocks, sleep, and the calendar functions (gmtime,
 * localtime, mktime, strftime, asctime, ctime) over time.struct_time, with
 * CPython 3.11's argument rules and messages; the C library does the work. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "modules.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)
#define NS_PER_SEC INT64_C(1000000000)

/* Every function of the module is bound to the struct_time type (a native
 * function has no other closure), so each one is written as a TimeFn that
 * receives the type apart from its arguments. */
typedef Value (*TimeFn)(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw);

static const char *const struct_time_fields[] = {
    "tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst",
    "tm_zone", "tm_gmtoff",
};
static const ModStructSeq struct_time_desc = {"time.struct_time", struct_time_fields, 9, 11};

/* ---- clocks ------------------------------------------------------------------------------- */

static int64_t clock_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * NS_PER_SEC + ts.tv_nsec;
}

/* Seconds as a float the way CPython converts its nanosecond clocks. */
static double ns_to_seconds(int64_t ns)
{
    return ns % NS_PER_SEC == 0 ? (double)(ns / NS_PER_SEC) : (double)ns / 1e9;
}

/* X(name, clock): name() in float seconds and name_ns() in int nanoseconds.
 * perf_counter is the monotonic clock, as in CPython 3.11 on Linux. */
#define TIME_CLOCKS(X)                                                                      \
    X(time, CLOCK_REALTIME) X(monotonic, CLOCK_MONOTONIC) X(perf_counter, CLOCK_MONOTONIC) \
    X(process_time, CLOCK_PROCESS_CPUTIME_ID) X(thread_time, CLOCK_THREAD_CPUTIME_ID)

#define X(name, clock)                                                                        \
    static Value time_##name(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)      \
    {                                                                                         \
        if (!mod_check_none(vm, "time." #name, nargs, kw)) return V_EXC;                      \
        return v_double(ns_to_seconds(clock_ns(clock)));                                      \
    }                                                                                         \
    static Value time_##name##_ns(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw) \
    {                                                                                         \
        if (!mod_check_none(vm, "time." #name "_ns", nargs, kw)) return V_EXC;                \
        return vm_int_from_i64(vm, clock_ns(clock));                                          \
    }
TIME_CLOCKS(X)
#undef X

/* sleep(secs): rounded up to whole nanoseconds. SIGINT ends the sleep with
 * KeyboardInterrupt; other signals resume it until the deadline. */
static Value time_sleep(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "time.sleep", nargs, kw)) return V_EXC;
    int64_t ns;
    if (v_is_double(args[0])) {
        double d = v_as_double(args[0]);
        if (isnan(d)) return vm_raise(vm, vm->e_ValueError, "Invalid value NaN (not a number)");
        d = ceil(d * 1e9);
        if (!(d >= -9.2e18 && d <= 9.2e18))
            return vm_raise(vm, vm->e_OverflowError, "timestamp out of range for platform time_t");
        ns = (int64_t)d;
    } else {
        Value v = v_is_int(args[0]) ? args[0] : vm_number_index(vm, args[0]);
        if (v == V_EXC) return V_EXC;
        if (!v_is_int(v) || __builtin_mul_overflow(v_as_int(v), NS_PER_SEC, &ns))
            return vm_raise(vm, vm->e_OverflowError, "timestamp too large to convert to C _PyTime_t");
    }
    if (ns < 0) return vm_raise(vm, vm->e_ValueError, "sleep length must be non-negative");
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    int64_t end = (int64_t)deadline.tv_nsec + ns % NS_PER_SEC;
    deadline.tv_sec += (time_t)(ns / NS_PER_SEC + end / NS_PER_SEC);
    deadline.tv_nsec = (long)(end % NS_PER_SEC);
    int rc;
    while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL)) == EINTR)
        if (!vm_check_signals(vm)) return V_EXC;
    if (rc != 0) {
        errno = rc;
        return vm_raise(vm, vm->e_OSError, "[Errno %d] %s", rc, strerror(rc));
    }
    return V_NONE;
}

/* ---- struct_time <-> struct tm ------------------------------------------------------------ */

/* A timestamp argument (_PyTime_ObjectToTime_t, rounding down); absent or
 * None is now. */
static bool arg_time_t(VM *vm, Value *args, int nargs, time_t *out)
{
    if (nargs == 0 || args[0] == V_NONE) {
        *out = time(NULL);
        return true;
    }
    Value v = args[0];
    if (v_is_double(v)) {
        double d = v_as_double(v);
        if (isnan(d)) {
            vm_raise(vm, vm->e_ValueError, "Invalid value NaN (not a number)");
            return false;
        }
        d = floor(d);
        if (!(d >= -9.2e18 && d <= 9.2e18)) {
            vm_raise(vm, vm->e_OverflowError, "timestamp out of range for platform time_t");
            return false;
        }
        *out = (time_t)d;
        return true;
    }
    Value i = v_is_int(v) ? v : vm_number_index(vm, v);
    if (i == V_EXC) return false;
    if (!v_is_int(i)) {
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(i, z);
        bool fits = mpz_fits_slong_p(z);
        *out = fits ? (time_t)mpz_get_si(z) : 0;
        mpz_clear(z);
        if (!fits) vm_raise(vm, vm->e_OverflowError, "timestamp out of range for platform time_t");
        return fits;
    }
    *out = (time_t)v_as_int(i);
    return true;
}

static Value tm_to_struct_time(VM *vm, TypeObj *st, const struct tm *tm)
{
    Value zone = vm_cstr(vm, tm->tm_zone ? tm->tm_zone : "");
    if (zone == V_EXC) return V_EXC;
    Value v[11] = {
        v_int((int64_t)tm->tm_year + 1900), v_int(tm->tm_mon + 1), v_int(tm->tm_mday),
        v_int(tm->tm_hour), v_int(tm->tm_min), v_int(tm->tm_sec), v_int((tm->tm_wday + 6) % 7),
        v_int(tm->tm_yday + 1), v_int(tm->tm_isdst), zone, v_int(tm->tm_gmtoff),
    };
    return mod_structseq_new(vm, st, &struct_time_desc, v);
}

/* One field of a time tuple as a C int. */
static bool tuple_int(VM *vm, Value v, int *out)
{
    int64_t i;
    if (!vm_index(vm, v, &i)) return false;
    if (i < INT_MIN || i > INT_MAX) {
        vm_raise(vm, vm->e_OverflowError, "signed integer is %s", i < 0 ? "less than minimum" : "greater than maximum");
        return false;
    }
    *out = (int)i;
    return true;
}

/* gettmarg: a struct_time or a 9-tuple into *tm (Python's month, weekday and
 * yearday numbering undone); a struct_time brings its zone and offset. */
static bool struct_time_to_tm(VM *vm, TypeObj *st, Value t, const char *fname, struct tm *tm)
{
    memset(tm, 0, sizeof *tm);
    if (!v_has_layout(t, LAYOUT_TUPLE)) {
        vm_raise(vm, vm->e_TypeError, "Tuple or struct_time argument required");
        return false;
    }
    TupleObj *tup = AS_TUPLE(t);
    if (tup->len != 9) {
        vm_raise(vm, vm->e_TypeError, "%s(): illegal time tuple argument", fname);
        return false;
    }
    int f[9];
    for (int i = 0; i < 9; i++)
        if (!tuple_int(vm, tup->items[i], &f[i])) return false;
    if (f[0] < INT_MIN + 1900) {
        vm_raise(vm, vm->e_OverflowError, "year out of range");
        return false;
    }
    tm->tm_year = f[0] - 1900;
    tm->tm_mon = f[1] - 1;
    tm->tm_mday = f[2];
    tm->tm_hour = f[3];
    tm->tm_min = f[4];
    tm->tm_sec = f[5];
    tm->tm_wday = (f[6] + 1) % 7;
    tm->tm_yday = f[7] - 1;
    tm->tm_isdst = f[8];
    if (vm_type_of(vm, t) == st) {
        Value zone = mod_structseq_field(t, 9), off = mod_structseq_field(t, 10);
        if (v_has_layout(zone, LAYOUT_STR)) tm->tm_zone = AS_STR(zone)->data;
        if (v_is_int(off)) tm->tm_gmtoff = (long)v_as_int(off);
    }
    return true;
}

/* checktm: CPython's range checks before asctime and strftime; a 0 month,
 * day of month or day of year means the first. */
static bool check_tm(VM *vm, struct tm *tm)
{
    static const struct {
        size_t field;
        int lo, hi;
        const char *what;
    } ranges[] = {
        {offsetof(struct tm, tm_mon), 0, 11, "month"},
        {offsetof(struct tm, tm_mday), 0, 31, "day of month"},
        {offsetof(struct tm, tm_hour), 0, 23, "hour"},
        {offsetof(struct tm, tm_min), 0, 59, "minute"},
        {offsetof(struct tm, tm_sec), 0, 61, "seconds"},
        {offsetof(struct tm, tm_wday), 0, INT_MAX, "day of week"},
        {offsetof(struct tm, tm_yday), 0, 365, "day of year"},
    };
    if (tm->tm_mon == -1) tm->tm_mon = 0;
    if (tm->tm_mday == 0) tm->tm_mday = 1;
    if (tm->tm_yday == -1) tm->tm_yday = 0;
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        int v = *(int *)((char *)tm + ranges[i].field);
        if (v < ranges[i].lo || v > ranges[i].hi) {
            vm_raise(vm, vm->e_ValueError, "%s out of range", ranges[i].what);
            return false;
        }
    }
    return true;
}

/* gmtime / localtime of a timestamp argument. */
static Value broken_down(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw, const char *fname,
                         struct tm *(*conv)(const time_t *, struct tm *))
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "%s() takes no keyword arguments", fname);
    if (nargs > 1) return vm_raise(vm, vm->e_TypeError, "%s() takes at most 1 argument (%d given)", fname, nargs);
    time_t t;
    struct tm tm;
    if (!arg_time_t(vm, args, nargs, &t)) return V_EXC;
    errno = 0;
    if (!conv(&t, &tm)) {
        if (errno == 0) errno = EINVAL;
        return vm_raise(vm, vm->e_OSError, "[Errno %d] %s", errno, strerror(errno));
    }
    return tm_to_struct_time(vm, st, &tm);
}

static Value time_gmtime(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    return broken_down(vm, st, args, nargs, kw, "gmtime", gmtime_r);
}

static Value time_localtime(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    return broken_down(vm, st, args, nargs, kw, "localtime", localtime_r);
}

static Value time_mktime(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    struct tm tm;
    if (!mod_check_one(vm, "time.mktime", nargs, kw) || !struct_time_to_tm(vm, st, args[0], "mktime", &tm))
        return V_EXC;
    tm.tm_wday = -1;   /* mktime sets it on success: tells a real -1 result from an error */
    time_t t = mktime(&tm);
    if (t == (time_t)-1 && tm.tm_wday == -1)
        return vm_raise(vm, vm->e_OverflowError, "mktime argument out of range");
    return v_double((double)t);
}

/* asctime's fixed layout: 'Thu Jan  2 03:04:05 2020' */
static Value format_asctime(VM *vm, const struct tm *tm)
{
    static const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char buf[64];
    snprintf(buf, sizeof buf, "%s %s%3d %.2d:%.2d:%.2d %lld", days[tm->tm_wday], months[tm->tm_mon], tm->tm_mday,
             tm->tm_hour, tm->tm_min, tm->tm_sec, (long long)tm->tm_year + 1900);
    return vm_cstr(vm, buf);
}

/* The time tuple argument of asctime and strftime (args[0] if given, else
 * the local time now), checked. */
static bool tm_arg(VM *vm, TypeObj *st, Value *args, int nargs, const char *fname, struct tm *tm)
{
    if (nargs == 0) {
        time_t now = time(NULL);
        if (localtime_r(&now, tm)) return true;
        vm_raise(vm, vm->e_OSError, "[Errno %d] %s", errno, strerror(errno));
        return false;
    }
    return struct_time_to_tm(vm, st, args[0], fname, tm) && check_tm(vm, tm);
}

static Value time_asctime(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    struct tm tm;
    if (!mod_check_range(vm, "time.asctime", nargs, kw, 0, 1) || !tm_arg(vm, st, args, nargs, "asctime", &tm))
        return V_EXC;
    return format_asctime(vm, &tm);
}

static Value time_ctime(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "ctime() takes no keyword arguments");
    if (nargs > 1) return vm_raise(vm, vm->e_TypeError, "ctime() takes at most 1 argument (%d given)", nargs);
    time_t t;
    struct tm tm;
    if (!arg_time_t(vm, args, nargs, &t)) return V_EXC;
    if (!localtime_r(&t, &tm)) return vm_raise(vm, vm->e_OSError, "[Errno %d] %s", errno, strerror(errno));
    return format_asctime(vm, &tm);
}

/* strftime(format[, t]): the C library's, into a buffer doubled until the
 * text fits or is plainly empty (256 times the format's length). */
static Value time_strftime(VM *vm, TypeObj *st, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "strftime() takes no keyword arguments");
    if (nargs < 1 || nargs > 2)
        return vm_raise(vm, vm->e_TypeError, "strftime() takes %s (%d given)",
                        nargs < 1 ? "at least 1 argument" : "at most 2 arguments", nargs);
    if (!v_has_layout(args[0], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "strftime() argument 1 must be str, not %s", TNAME(args[0]));
    struct tm tm;
    if (!tm_arg(vm, st, args + 1, nargs - 1, "strftime", &tm)) return V_EXC;
    /* so that no %Z can index tzname with it */
    if (tm.tm_isdst < -1) tm.tm_isdst = -1;
    else if (tm.tm_isdst > 1) tm.tm_isdst = 1;
    StrObj *fmt = AS_STR(args[0]);
    if (strlen(fmt->data) != fmt->len) return vm_raise(vm, vm->e_ValueError, "embedded null character");
    for (size_t cap = 1024;; cap *= 2) {
        char *buf = malloc(cap);
        if (!buf) return vm_raise(vm, vm->e_MemoryError, "strftime");
        size_t n = strftime(buf, cap, fmt->data, &tm);
        if (n > 0 || cap >= 256 * (size_t)fmt->len) {
            Value r = vm_decode(vm, (const unsigned char *)buf, n, "utf-8", "replace");
            free(buf);
            return r;
        }
        free(buf);
    }
}

/* ---- the module --------------------------------------------------------------------------- */

/* X(name) for every function; each becomes a NativeFn bound to struct_time */
#define TIME_FUNCTIONS(X)                                                                        \
    X(time) X(time_ns) X(monotonic) X(monotonic_ns) X(perf_counter) X(perf_counter_ns)          \
    X(process_time) X(process_time_ns) X(thread_time) X(thread_time_ns) X(sleep) X(gmtime)      \
    X(localtime) X(mktime) X(asctime) X(ctime) X(strftime)

#define X(name)                                                                   \
    static Value native_##name(VM *vm, Value *args, int nargs, TupleObj *kw)      \
    {                                                                             \
        return time_##name(vm, AS_TYPE(args[0]), args + 1, nargs - 1, kw);       \
    }
TIME_FUNCTIONS(X)
#undef X

static const ModFunction time_functions[] = {
#define X(name) {#name, native_##name},
    TIME_FUNCTIONS(X)
#undef X
};

/* timezone, altzone, daylight and tzname from the offsets of early January
 * and early July of this year, as CPython computes them on glibc (the
 * southern hemisphere has its summer in January). */
static bool add_timezone(VM *vm, DictObj *d)
{
    static const time_t YEAR = (365 * 24 + 6) * 3600;
    time_t t = (time(NULL) / YEAR) * YEAR;
    struct tm jan, jul;
    tzset();
    time_t t2 = t + YEAR / 2;
    if (!localtime_r(&t, &jan) || !localtime_r(&t2, &jul)) {
        vm_raise(vm, vm->e_OSError, "cannot read the local time zone");
        return false;
    }
    long janzone = -jan.tm_gmtoff, julzone = -jul.tm_gmtoff;
    bool south = janzone < julzone;
    const struct tm *std = south ? &jul : &jan, *dst = south ? &jan : &jul;
    Value names[2] = {vm_cstr(vm, std->tm_zone ? std->tm_zone : ""), V_EXC};
    if (names[0] == V_EXC) return false;
    vm_push_root(vm, names[0]);
    names[1] = vm_cstr(vm, dst->tm_zone ? dst->tm_zone : "");
    Value tzname = names[1] == V_EXC ? V_EXC : vm_tuple_of(vm, names, 2);
    vm_pop_roots(vm, 1);
    return mod_dict_put(vm, d, "tzname", tzname) && mod_dict_put(vm, d, "timezone", v_int(south ? julzone : janzone)) &&
           mod_dict_put(vm, d, "altzone", v_int(south ? janzone : julzone)) &&
           mod_dict_put(vm, d, "daylight", v_int(janzone != julzone));
}

Value mod_time_open(VM *vm)
{
    Value m = vm_new_module(vm, "time");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    TypeObj *st = mod_structseq_type(vm, &struct_time_desc);
    bool ok = st && mod_dict_put(vm, d, "struct_time", v_obj(st));
    for (size_t i = 0; ok && i < sizeof time_functions / sizeof time_functions[0]; i++) {
        const char *name = time_functions[i].name;
        ok = mod_dict_put(vm, d, name, vm_new_builtin(vm, name, time_functions[i].fn, v_obj(st)));
    }
    ok = ok && add_timezone(vm, d);
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}

