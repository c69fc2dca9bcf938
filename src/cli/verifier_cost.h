// Saying which statement makes a program too complex for the verifier.
//
// The verifier explores at most 1M instructions, counting every path
// separately, so costs multiply: a statement that leaves it many paths (a
// value a later branch depends on) makes every later statement verified once
// per path. Its message names no statement. ExplainVerifierCost() loads the
// program again cut after a statement (jumps past the cut go to an exit) to
// find the first statement the verifier gives up on, and that statement
// alone (the statements before it replaced by no-ops), to tell its own cost
// from the multiplication by what comes before it.
#pragma once

#include <linux/bpf.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "codegen/compiled_program.h"

namespace dt {

// insns[0, cut) then "r0 = 0; exit"; a jump to or past the cut lands on
// that exit. Valid for our code, which never jumps backwards. A cut at the
// end is the program itself.
std::vector<bpf_insn> ProgramPrefix(const std::vector<bpf_insn>& insns, size_t cut);

// insns with [begin, end) replaced by "goto +0" (no jump enters the range
// from outside it in our code; a ld_imm64 becomes two no-ops).
std::vector<bpf_insn> WithoutCode(const std::vector<bpf_insn>& insns, size_t begin, size_t end);

// What the verifier explores for a program, or nothing when it refuses it;
// *too_complex says whether it refused it for complexity.
using VerifierMeter =
    std::function<std::optional<uint32_t>(const std::vector<bpf_insn>&, bool* too_complex)>;

// One sentence naming the statement of `def` where verification gives up
// and what it costs there and alone; "" when no statement can be blamed.
// `insns` are def.insns with map fds resolved.
std::string ExplainVerifierCost(const ProgramDef& def, const std::vector<bpf_insn>& insns,
                                const VerifierMeter& meter);

}  // namespace dt
