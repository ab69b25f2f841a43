/* .npy I/O. */
#include "np.h"

bool np_init_npyio(VM *vm, NpState *st) { return true; }
