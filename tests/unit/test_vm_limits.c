/* Checks the VM's limits for untrusted code (what the fuzzer relies on): a
 * step budget that no except or finally block can outlive, native loops
 * counted too, and the import sandbox; and that a VM without them runs the
 * same programs to the end. */
#include <stdio.h>
#include <string.h>

#include "stdlib/modules.h"
#include "vm/compile.h"

static int failures;

/* Runs src in a fresh VM; returns the exception's type name, or "ok". */
static const char *run(const char *src, int64_t steps, bool sandbox, char *buf, size_t cap)
{
    VmConfig cfg;
    mod_config_init(&cfg);
    VM *vm = vm_new(&cfg);
    if (!vm) return "no VM";
    vm->step_limited = steps > 0;
    vm->steps_left = steps;
    vm->sandbox = sandbox;
    ParseSource ps;
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&vm->arena, "<test>", src, strlen(src), &ps, &err)) mod = parse_module(&vm->arena, &ps, &err);
    DictObj *g = mod ? vm_init_main(vm, "<test>") : NULL;
    CodeObj *co = g ? vm_compile_module(vm, mod, &ps) : NULL;
    Value r = co ? vm_run_code(vm, co, g, g) : V_EXC;
    snprintf(buf, cap, "%s%s", r != V_EXC ? "ok" : v_is_obj(vm->exc) ? v_as_obj(vm->exc)->type->name->data : "?",
             vm->halted ? " (halted)" : "");
    vm_free(vm);
    return buf;
}

static void check(const char *what, const char *src, int64_t steps, bool sandbox, const char *want)
{
    char buf[128];
    const char *got = run(src, steps, sandbox, buf, sizeof buf);
    if (strcmp(got, want)) {
        printf("FAIL %s: got %s, want %s\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    const char *catch_all = "n = 0\n"
                            "while True:\n"
                            "    try:\n"
                            "        n += 1\n"
                            "    except BaseException:\n"
                            "        pass\n"
                            "    finally:\n"
                            "        n += 1\n";
    check("loop caught nowhere", catch_all, 10000, false, "RuntimeError (halted)");
    check("recursion", "def f(n):\n    try:\n        return f(n + 1)\n    except BaseException:\n        return f(n)\nf(0)\n",
          10000, false, "RuntimeError (halted)");
    check("native loop", "print(sum(range(2**62)))\n", 10000, false, "RuntimeError (halted)");
    check("within budget", "s = 0\nfor i in range(100):\n    s += i\nassert s == 4950\n", 10000, false, "ok");
    check("no budget", "s = 0\nfor i in range(100000):\n    s += i\nassert s == 4999950000\n", 0, false, "ok");
    check("sandbox refuses", "import time\n", 0, true, "ModuleNotFoundError");
    check("sandbox allows", "import math\nassert math.floor(math.pi) == 3\n", 0, true, "ok");
    check("no sandbox", "import time\n", 0, false, "ok");
    printf("%s\n", failures ? "test_vm_limits: FAILED" : "test_vm_limits: ok");
    return failures != 0;
}
