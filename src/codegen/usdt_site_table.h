// The argument operands of USDT sites that a run adds to a program while
// it traces (probes in libraries loaded with dlopen(3) later, see
// cli/late_probes.h), as data the program reads: the program was compiled
// before those sites existed, so it cannot hold their operands as code the
// way it holds those of the sites known when compiling
// (codegen/usdt_argument_gen.h). Each argument the program reads (argN)
// gets a region of the late probe table (codegen/late_probe_table.h) with
// one 16-byte descriptor per site, indexed by the site's number (the low 32
// bits of the attach cookie, codegen/usdt_context.cc).
//
// A descriptor, little-endian:
//   0  i64  value: a constant, or a memory operand's displacement (the
//           symbol's address folded in)
//   8  u8   base register: its struct pt_regs byte offset + 1 (%ah: the
//           slot's + 2), 0 for none; a register operand is its base
//   9  u8   64 - 8 * the base register's width (zero-extends it)
//   10 u8   index register, as the base
//   11 u8   64 - 8 * the index register's width
//   12 u8   log2 of the index's scale
//   13 u8   64 - 8 * the argument's size (extends the value)
//   14 u8   flags: kUsdtOperandMemory, kUsdtOperandSigned
//   15 u8   the argument's size in bytes (a memory operand's read)
// The value is value + base + (index << scale); a memory operand reads
// `size` bytes there (0 where the read faults); the result keeps `size`
// bytes, sign- or zero-extended. An absent argument (past the site's, or
// its notes unparsable) is all zeros: 0.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "bpf/builder.h"
#include "codegen/compiled_program.h"
#include "elf/sdt_argument.h"

namespace dt {

struct UsdtSite;

inline constexpr uint32_t kUsdtOperandSize = 16;
inline constexpr uint8_t kUsdtOperandMemory = 1;
inline constexpr uint8_t kUsdtOperandSigned = 2;

// The descriptor of `arg`; nullptr: no argument. A symbol-relative operand
// must have its symbol's address folded into `value`.
std::array<uint8_t, kUsdtOperandSize> EncodeUsdtOperand(const elf::SdtArgument* arg);

// r0 = the argument the descriptor at r2 (a pointer into a map value)
// describes; ctx (struct pt_regs *) in r6. `scratch` and `desc_slot` are
// 8-byte stack slots (the memory read's, and r2 kept across the helper
// call). Clobbers r1-r5. Registers are read with a branch per pt_regs slot,
// since a program may read its context only at constant offsets.
void GenUsdtOperandFetch(bpf::Builder& b, int16_t scratch, int16_t desc_slot);

// Writes the descriptors of `site` as site number `site_index` into every
// operand region of `table` (LateProbeTable::site_operands).
void WriteUsdtSite(const LateProbeTable& table, std::vector<uint8_t>& value, uint32_t site_index,
                   const UsdtSite& site);

// The operand of argument n at `site`: nullptr past its arguments or where
// they could not be parsed (argN is 0).
const elf::SdtArgument* UsdtSiteOperand(const UsdtSite& site, int n);

}  // namespace dt
