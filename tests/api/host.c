/* A host program built the way a game is, against the installed header and
 * library found through pkg-config (tests/run builds and runs it): it runs a
 * kernel program, launches a kernel through a handle, and reads a field. It
 * defines functions named as libtirun's internals are: the library must not
 * call them (it exports only tirun_*). */
#include <stdio.h>
#include <stdlib.h>
#include <tirun.h>

void sb_init(void *b);
void sb_init(void *b) { (void)b; abort(); }
void *vm_new(const void *cfg);
void *vm_new(const void *cfg) { (void)cfg; abort(); }

int main(void)
{
    tirun_config cfg;
    tirun_config_init(&cfg);
    cfg.banner = 0;
    tirun *rt = tirun_new_with(&cfg);
    if (!rt) return 1;
    const char *src = "import taichi as ti\n"
                      "ti.init(arch=ti.cpu)\n"
                      "x = ti.field(ti.f32, shape=8)\n"
                      "@ti.kernel\n"
                      "def step(dt: ti.f32):\n"
                      "    for i in x:\n"
                      "        x[i] += i * dt\n";
    if (tirun_run_string(rt, src, "host.py")) {
        fputs(tirun_error(rt), stderr);
        return 1;
    }
    tirun_kernel *step = tirun_kernel_get(rt, "step");
    tirun_value dt = tirun_float(0.5);
    for (int frame = 0; frame < 4; frame++)
        if (!step || tirun_kernel_launch(step, 1, &dt, NULL)) {
            fputs(tirun_error(rt), stderr);
            return 1;
        }
    float x[8];
    if (tirun_field_read(rt, "x", x, sizeof x)) {
        fputs(tirun_error(rt), stderr);
        return 1;
    }
    for (int i = 0; i < 8; i++) printf("%g%c", x[i], i == 7 ? '\n' : ' ');
    tirun_free(rt);
    return 0;
}
