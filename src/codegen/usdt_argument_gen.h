// The BPF that fetches one USDT argument at a firing: the same steps as
// elf/sdt_fetch.h's reference (FetchSdtArgument), from the uprobe's saved
// registers and the process's memory.
#pragma once

#include <cstdint>

#include "bpf/builder.h"
#include "elf/sdt_argument.h"

namespace dt {

// r0 = the argument, widened to 64 bits by its size and signedness. ctx
// (struct pt_regs *) is in r6; `scratch` is an 8-byte stack slot a memory
// operand is read into. Clobbers r1-r5. A symbol-relative operand must
// have its symbol's address folded into `value` (its symbol empty).
void GenUsdtArgument(bpf::Builder& b, const elf::SdtArgument& arg, int16_t scratch);

}  // namespace dt
