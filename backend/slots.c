/* The slot encoding of backend.h, shared by every backend and by program/'s
 * argument conversion. */
#include "backend.h"

#include <string.h>

#include "../ir/snode.h"

void bk_slot_set_int(uint64_t *slot, int64_t v) { *slot = (uint64_t)v; }

void bk_slot_set_float(uint64_t *slot, IrType t, double v)
{
    *slot = 0;
    if (t == IR_F64) {
        memcpy(slot, &v, sizeof v);
    } else {
        float f = t == IR_F16 ? (float)ir_f16_to_double(ir_f16_from_double(v))
                              : (float)ir_flush_denormal(IR_F32, (float)v);
        memcpy(slot, &f, sizeof f);
    }
}

int64_t bk_slot_int(const uint64_t *slot) { return (int64_t)*slot; }

double bk_slot_float(const uint64_t *slot, IrType t)
{
    if (t == IR_F64) {
        double d;
        memcpy(&d, slot, sizeof d);
        return d;
    }
    float f;
    memcpy(&f, slot, sizeof f);
    return f;
}
