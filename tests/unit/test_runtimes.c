/* Runtimes are values: eight runtimes on eight threads at once (more threads
 * than cores), each defining, compiling and launching its own kernels through
 * the public API, with every result checked. Also the API's contract: errors
 * leave the runtime usable, field copies check their size, print reaches the
 * write hook, and the banner can be silenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "include/tirun.h"

enum { THREADS = 8, ROUNDS = 100 };

typedef struct {
    int id;
    char *out;          /* what the runtime printed */
    size_t len;
    char failure[512];
} Job;

static void capture(void *user, int stream, const char *text, size_t len)
{
    Job *j = user;
    if (stream != TIRUN_STDOUT) return;
    char *p = realloc(j->out, j->len + len + 1);
    if (!p) return;
    memcpy(p + j->len, text, len);
    j->out = p;
    j->len += len;
    p[j->len] = 0;
}

static const char program[] =
    "import taichi as ti\n"
    "ti.init(arch=ti.cpu)\n"
    "x = ti.field(ti.i32, shape=64)\n"
    "v = ti.Vector.field(2, ti.f32, shape=(4, 3))\n"
    "@ti.kernel\n"
    "def fill(k: ti.i32):\n"
    "    for j in x:\n"
    "        x[j] = j * k + ID\n"
    "@ti.kernel\n"
    "def total() -> ti.i32:\n"
    "    s = 0\n"
    "    for j in x:\n"
    "        s += x[j]\n"
    "    return s\n";

#define FAIL(...) (snprintf(j->failure, sizeof j->failure, __VA_ARGS__), (void *)NULL)

static void *run(void *arg)
{
    Job *j = arg;
    tirun_config cfg;
    tirun_config_init(&cfg);
    cfg.write = capture;
    cfg.user = j;
    cfg.banner = 0;
    tirun *rt = tirun_new_with(&cfg);
    if (!rt) return FAIL("runtime %d: tirun_new_with failed", j->id);
    char src[1024];
    snprintf(src, sizeof src, "ID = %d\n%s", j->id, program);
    if (tirun_run_string(rt, src, "<job>")) return FAIL("runtime %d: %s", j->id, tirun_error(rt));
    tirun_kernel *fill = tirun_kernel_get(rt, "fill");
    if (!fill) return FAIL("runtime %d: %s", j->id, tirun_error(rt));
    for (int r = 0; r < ROUNDS; r++) {
        /* a kernel of its own each round: compiled anew */
        char step[256];
        snprintf(step, sizeof step,
                 "@ti.kernel\ndef step() -> ti.i32:\n    return x[%d] + %d\n", r % 64, r);
        tirun_value arg = tirun_int(r), ret;
        if (tirun_kernel_launch(fill, 1, &arg, NULL) || tirun_call(rt, "total", 0, NULL, &ret) ||
            tirun_run_string(rt, step, "<step>"))
            return FAIL("runtime %d round %d: %s", j->id, r, tirun_error(rt));
        int64_t want = (int64_t)r * 2016 + 64 * j->id;
        if (ret.kind != TIRUN_INT || ret.as.i != want)
            return FAIL("runtime %d round %d: total() = %lld, want %lld", j->id, r, (long long)ret.as.i,
                        (long long)want);
        if (tirun_call(rt, "step", 0, NULL, &ret) || ret.as.i != (r % 64) * r + j->id + r)
            return FAIL("runtime %d round %d: step() = %lld: %s", j->id, r, (long long)ret.as.i, tirun_error(rt));
    }
    int32_t xs[64];
    if (tirun_field_read(rt, "x", xs, sizeof xs)) return FAIL("runtime %d: %s", j->id, tirun_error(rt));
    for (int i = 0; i < 64; i++)
        if (xs[i] != i * (ROUNDS - 1) + j->id) return FAIL("runtime %d: x[%d] = %d", j->id, i, xs[i]);
    tirun_free(rt);
    return NULL;
}

static int failures;

#define CHECK(cond, ...)                \
    do {                                \
        if (!(cond)) {                  \
            printf("FAIL " __VA_ARGS__); \
            printf("\n");               \
            failures++;                 \
        }                               \
    } while (0)

/* The API on one runtime: errors, fields, output. */
static void contract(void)
{
    Job j = {.id = 0};
    tirun_config cfg;
    tirun_config_init(&cfg);
    cfg.write = capture;
    cfg.user = &j;
    tirun *rt = tirun_new_with(&cfg);
    CHECK(rt, "tirun_new_with");
    if (!rt) return;
    CHECK(tirun_run_string(rt, "x = (1,\n", "<bad>") == 1 && strstr(tirun_error(rt), "SyntaxError"),
          "a syntax error: %s", tirun_error(rt));
    CHECK(tirun_run_string(rt, "1 / 0\n", "<div>") == 1 && strstr(tirun_error(rt), "ZeroDivisionError: division by zero"),
          "an exception: %s", tirun_error(rt));
    CHECK(tirun_run_string(rt, "import sys\nsys.exit(3)\n", "<exit>") == 3, "sys.exit(3)");
    CHECK(tirun_run_file(rt, "/nonexistent/x.py") == 2 && strstr(tirun_error(rt), "can't open file"),
          "a missing file: %s", tirun_error(rt));
    const char *src = "import taichi as ti\nti.init(arch=ti.cpu)\n"
                      "m = ti.Matrix.field(2, 2, ti.f64, shape=3)\n"
                      "@ti.kernel\ndef k(a: ti.f64) -> ti.f64:\n"
                      "    print('a =', a)\n"
                      "    for i in m:\n        m[i][1, 0] = a * i\n"
                      "    return a * 2\n";
    CHECK(tirun_run_string(rt, src, "<fields>") == 0, "kernel program: %s", tirun_error(rt));
    CHECK(j.out && strstr(j.out, "[Taichi] Starting on arch=x64"), "the banner by default");
    tirun_value a = tirun_float(1.5), r;
    CHECK(tirun_call(rt, "k", 1, &a, &r) == 0 && r.kind == TIRUN_FLOAT && r.as.f == 3.0, "k(1.5): %s", tirun_error(rt));
    CHECK(j.out && strstr(j.out, "a = 1.500000000000\n"), "kernel print through the write hook");
    double m[12];
    size_t size = 0;
    CHECK(tirun_field_size(rt, "m", &size) == 0 && size == sizeof m, "field size %zu", size);
    CHECK(tirun_field_read(rt, "m", m, sizeof m - 8) != 0 && strstr(tirun_error(rt), "ValueError"),
          "a wrong size is an error: %s", tirun_error(rt));
    CHECK(tirun_field_read(rt, "m", m, sizeof m) == 0 && m[2 * 4 + 2] == 3.0 && m[4 + 2] == 1.5 && m[1] == 0,
          "matrix field read: %s", tirun_error(rt));
    m[0] = 42;
    CHECK(tirun_field_write(rt, "m", m, sizeof m) == 0, "field write");
    CHECK(tirun_run_string(rt, "assert m[0][0, 0] == 42\n", "<check>") == 0, "written: %s", tirun_error(rt));
    CHECK(tirun_call(rt, "nope", 0, NULL, NULL) != 0 && strstr(tirun_error(rt), "NameError"), "missing global");
    CHECK(tirun_field_read(rt, "k", m, sizeof m) != 0, "a kernel is not a field");
    CHECK(tirun_call(rt, "k", 1, &a, NULL) == 0, "usable after errors: %s", tirun_error(rt));
    /* a handle follows a redefinition (hot reload), and survives a failed one */
    tirun_kernel *h = NULL;
    CHECK(tirun_run_string(rt, "@ti.kernel\ndef f() -> ti.i32:\n    return 1\n", "<v1>") == 0 &&
              (h = tirun_kernel_get(rt, "f")) && tirun_kernel_launch(h, 0, NULL, &r) == 0 && r.as.i == 1,
          "f v1: %s", tirun_error(rt));
    CHECK(tirun_run_string(rt, "@ti.kernel\ndef f() -> ti.i32:\n    return 2\n", "<v2>") == 0 && h &&
              tirun_kernel_launch(h, 0, NULL, &r) == 0 && r.as.i == 2,
          "f v2 through the old handle: %s", tirun_error(rt));
    CHECK(tirun_run_string(rt, "@ti.kernel\ndef f() -> ti.i32:\n    return (\n", "<v3>") == 1 && h &&
              tirun_kernel_launch(h, 0, NULL, &r) == 0 && r.as.i == 2,
          "a broken v3 keeps v2: %s", tirun_error(rt));
    /* a script run again recompiles only the kernels that changed */
    const char *script = "import taichi as ti\nfrom taichi import _taichi_core as core\nti.init(offline_cache=False)\n"
                         "y = ti.field(ti.f32, shape=4)\n"
                         "@ti.kernel\ndef same():\n    for i in y:\n        y[i] += 1\n"
                         "@ti.kernel\ndef edited() -> ti.f32:\n    return y[0] * SCALE\n"
                         "same()\nr = edited()\nn = core.backend_compiles()\n";
    char v1[512], v2[512];
    snprintf(v1, sizeof v1, "SCALE = 2\n%s", script);
    snprintf(v2, sizeof v2, "SCALE = 3\n%s", script);
    CHECK(tirun_run_string(rt, v1, "<script>") == 0 && tirun_run_string(rt, "n1 = n\n", "<n1>") == 0 &&
              tirun_run_string(rt, v2, "<script>") == 0 &&
              tirun_run_string(rt, "assert r == 3.0 and n == n1 + 1, (r, n, n1)\n", "<reload>") == 0,
          "hot reload compiles only the edited kernel: %s", tirun_error(rt));
    /* host buffers through ti.types.ndarray parameters, without a copy */
    const char *nd = "@ti.kernel\ndef scale(a: ti.types.ndarray(dtype=ti.f32, ndim=2), k: ti.f32):\n"
                     "    for i, j in ti.ndrange(a.shape[0], a.shape[1]):\n        a[i, j] = a[i, j] * k\n"
                     "    a[0, 0] += 1\n"
                     "@ti.kernel\ndef dims(a: ti.types.ndarray(dtype=ti.f32, ndim=2)) -> ti.i32:\n"
                     "    return a.shape[0] * 100 + a.shape[1]\n"
                     "@ti.kernel\ndef fill(b: ti.types.ndarray(dtype=ti.i64, ndim=1)):\n"
                     "    for i in range(b.shape[0]):\n        b[i] = i * i\n"
                     "    for i in range(b.shape[0]):\n        b[0] += 1\n"
                     "@ti.kernel\ndef twice(x: ti.f32) -> ti.f32:\n    return x * 2\n";
    CHECK(tirun_run_string(rt, nd, "<ndarray>") == 0, "ndarray kernels: %s", tirun_error(rt));
    float buf[4][3];
    for (int i = 0; i < 12; i++) buf[i / 3][i % 3] = (float)i;
    tirun_array arr = {.data = buf, .dtype = TIRUN_F32, .ndim = 2, .shape = {4, 3}};
    tirun_value sargs[2] = {tirun_ndarray(&arr), tirun_float(2.0)};
    tirun_kernel *sk = tirun_kernel_get(rt, "scale");
    CHECK(sk && tirun_kernel_launch(sk, 2, sargs, NULL) == 0, "scale: %s", tirun_error(rt));
    int scaled = buf[0][0] == 1.0f;
    for (int i = 1; i < 12; i++) scaled = scaled && buf[i / 3][i % 3] == 2.0f * (float)i;
    CHECK(scaled, "scale wrote the host buffer: %g %g %g", buf[0][0], buf[1][2], buf[3][2]);
    CHECK(tirun_call(rt, "dims", 1, sargs, &r) == 0 && r.kind == TIRUN_INT && r.as.i == 403,
          "a.shape: %s", tirun_error(rt));
    int64_t squares[5] = {0};
    tirun_array sq = {.data = squares, .dtype = TIRUN_I64, .ndim = 1, .shape = {5}};
    tirun_value sqv = tirun_ndarray(&sq);
    CHECK(tirun_call(rt, "fill", 1, &sqv, NULL) == 0 && squares[0] == 5 && squares[3] == 9 && squares[4] == 16,
          "an i64 ndarray, atomics from a parallel loop: %s (%lld)", tirun_error(rt), (long long)squares[0]);
    arr.dtype = TIRUN_F64;
    CHECK(tirun_kernel_launch(sk, 2, sargs, NULL) != 0 && strstr(tirun_error(rt), "TypeError") &&
              strstr(tirun_error(rt), "dtype f32, got one of dtype f64"),
          "a dtype mismatch is an error: %s", tirun_error(rt));
    arr.dtype = TIRUN_F32;
    arr.ndim = 1;
    CHECK(tirun_kernel_launch(sk, 2, sargs, NULL) != 0 && strstr(tirun_error(rt), "ValueError") &&
              strstr(tirun_error(rt), "ndim 2, got one of ndim 1"),
          "an ndim mismatch is an error: %s", tirun_error(rt));
    arr.ndim = 2;
    CHECK(tirun_kernel_launch(sk, 2, sargs, NULL) == 0 && buf[0][0] == 3.0f && buf[3][2] == 44.0f,
          "usable after ndarray errors: %s", tirun_error(rt));
    CHECK(tirun_call(rt, "twice", 1, sargs, NULL) != 0 && strstr(tirun_error(rt), "TypeError"),
          "an ndarray for a scalar parameter: %s", tirun_error(rt));
    CHECK(tirun_run_string(rt, "@ti.kernel\ndef bad(a: ti.types.ndarray()):\n    pass\n", "<nd>") == 1 &&
              strstr(tirun_error(rt), "TaichiSyntaxError") && strstr(tirun_error(rt), "element dtype"),
          "an ndarray annotation without dtype: %s", tirun_error(rt));
    CHECK(tirun_run_string(rt, "ti.init(print_ir=True)\n" "@ti.kernel\n"
                                "def show(a: ti.types.ndarray(dtype=ti.f32, ndim=2)):\n    a[1, 2] += 1.0\n",
                           "<ir>") == 0 && (sk = tirun_kernel_get(rt, "show")) && tirun_kernel_launch(sk, 1, sargs, NULL) == 0 &&
              buf[1][2] == 21.0f && j.out && strstr(j.out, "= external_ptr $") && strstr(j.out, "atomic add"),
          "print_ir shows external_ptr: %s %s", tirun_error(rt), j.out ? j.out : "");
    tirun_free(rt);
    free(j.out);

    tirun_config_init(&cfg);
    cfg.banner = 0;
    cfg.write = capture;
    cfg.user = &j;
    j = (Job){.id = 0};
    rt = tirun_new_with(&cfg);
    CHECK(rt && tirun_run_string(rt, "import taichi as ti\nti.init()\nprint('ok')\n", "<quiet>") == 0 && j.out &&
              !strcmp(j.out, "ok\n"),
          "banner off: %s", j.out ? j.out : "(nothing)");
    tirun_free(rt);
    free(j.out);
}

int main(void)
{
    contract();
    pthread_t th[THREADS];
    Job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (Job){.id = i};
        if (pthread_create(&th[i], NULL, run, &jobs[i])) {
            printf("FAIL pthread_create\n");
            return 1;
        }
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(th[i], NULL);
        if (jobs[i].failure[0]) {
            printf("FAIL %s\n", jobs[i].failure);
            failures++;
        }
        free(jobs[i].out);
    }
    return failures != 0;
}
