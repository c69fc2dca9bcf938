// The dtrace provider: BEGIN, END and ERROR, which no kernel event fires.
#pragma once

#include "providers/provider.h"

namespace dt {

const Provider& DtraceProvider();

}  // namespace dt
