/* np.linalg in C. */
#include "np.h"

bool np_init_linalg(VM *vm, NpState *st) { return true; }
