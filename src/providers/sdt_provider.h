// The sdt provider: every kernel tracepoint <category>:<event> as
// sdt:<category>::<event> (see kTracepointProvider in probe.h for the
// naming). Each probe is one BPF_PROG_TYPE_TRACEPOINT program whose args[]
// are the fields of the event's record.
#pragma once

#include <string>

#include "providers/provider.h"

namespace dt {

const Provider& SdtProvider();

// What the sdt provider keeps in each probe: events/<category>/<event>, the
// tracepoint to attach to.
struct TracepointProbeData : ProbeData {
  std::string category, event;
};

// The data of one of SdtProvider()'s probes.
const TracepointProbeData& TracepointData(const Probe& probe);

}  // namespace dt
