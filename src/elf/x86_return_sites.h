// Where an x86-64 function gives control back: its `ret` instructions and
// the direct jumps that leave it (tail calls). The pid provider fires a
// return probe at each of them, so that arg0 is the offset of the
// returning instruction, as DTrace defines it (illumos' fasttrap places
// its return tracepoints the same way).
//
// Contract:
//  * `code` is the whole function (its symbol's size), decoded from its
//    start with elf/x86_insn_length.h.
//  * A site is a `ret` (C3, C2 iw, with any prefixes: `rep ret`, `bnd
//    ret`) or a `jmp` rel8/rel32 (EB, E9) whose target lies outside
//    [0, code.size()). A jump's target is given relative to the function's
//    start, so the caller can check it names a function (a tail call) and
//    not a fragment of this one (gcc's `.cold` parts).
//  * `exits_all_known` is false when the sites may not be every way out,
//    and `why_not` says why: an instruction could not be decoded, an
//    indirect jmp (a jump table, or a tail call through a pointer) may
//    leave, a conditional branch (jcc, loop, jrcxz) leaves, or the last
//    instruction may fall through past the end. Sites are still listed as
//    far as decoding went.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dt::elf {

struct X86ReturnSite {
  enum Kind : uint8_t { kRet, kTailJump } kind = kRet;
  uint64_t offset = 0;     // of the instruction in the function
  int64_t target = 0;      // kTailJump: where it goes, from the function's start
  bool operand16 = false;  // a 66 prefix (uprobes refuse such branches)
};

struct X86ReturnSites {
  std::vector<X86ReturnSite> sites;
  bool exits_all_known = true;
  std::string why_not;  // when !exits_all_known
};

X86ReturnSites FindX86ReturnSites(std::string_view code);

}  // namespace dt::elf
