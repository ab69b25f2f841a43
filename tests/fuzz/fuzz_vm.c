/* libFuzzer target for the whole VM: each input is compiled and run as a
 * program, under a step budget, in a sandbox (no files, clocks or processes;
 * open() and input() removed). Whatever it does, the VM must end with a
 * result or an exception, with no crash, leak, hang or sanitizer report.
 * Output goes to /dev/null; tracebacks are still formatted. Built with
 * -Dfuzz=true (clang); run by scripts/fuzz vm. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stdlib/modules.h"
#include "vm/compile.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "w", stdout)) return 1;
    devnull = fopen("/dev/null", "w");
    return devnull ? 0 : 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    VmConfig cfg;
    mod_config_init(&cfg);
    VM *vm = vm_new(&cfg);
    if (!vm) return 0;
    vm->sandbox = true;
    vm->step_limited = true;
    vm->steps_left = 20000;
    static const char *const removed[] = { "open", "input", "breakpoint" };
    for (size_t i = 0; i < sizeof removed / sizeof *removed; i++)
        vm_dict_del(vm, vm->builtins, v_obj(vm_intern(vm, removed[i], strlen(removed[i]))));
    vm->exc = V_NONE;
    ParseSource src;
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&vm->arena, "<fuzz>", (const char *)data, size, &src, &err))
        mod = parse_module(&vm->arena, &src, &err);
    DictObj *g = mod && vm_register_source(vm, src.filename, src.text, src.len) ? vm_init_main(vm, "<fuzz>") : NULL;
    CodeObj *co = g ? vm_compile_module(vm, mod, &src) : NULL;
    Value r = co ? vm_run_code(vm, co, g, g) : V_EXC;
    if (r == V_EXC && vm->exc != V_NONE) {
        Value exc = vm->exc;
        vm->exc = V_NONE;
        vm_print_exception(vm, exc, devnull);
    }
    vm_free(vm);
    return 0;
}
