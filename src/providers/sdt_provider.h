// The sdt provider: every kernel tracepoint <category>:<event> as
// sdt:<category>::<event> (see kTracepointProvider in probe.h for the
// naming). Each probe is one BPF_PROG_TYPE_TRACEPOINT program whose args[]
// are the fields of the event's record.
#pragma once

#include "providers/provider.h"

namespace dt {

const Provider& SdtProvider();

}  // namespace dt
