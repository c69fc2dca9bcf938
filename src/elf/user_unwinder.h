// A user-space stack unwinder for x86-64 processes, in plain C++: the
// reference the in-kernel (BPF) unwinder will be checked against, so it
// uses exactly the information the BPF side will have -- the compact
// UnwindTable rows of each object, three registers (rip, rsp, rbp) and
// reads of the process's stack.
//
// Per frame: find the mapping of pc (pc - 1 for return addresses), turn it
// into the object's ELF vaddr, look the row up and apply it as
// unwind_table.h describes. Where an object has no row for pc (no FDE),
// the frame-pointer rule (CFA = rbp + 16, return address at rbp + 8, saved
// rbp at rbp) is used when allowed. The walk stops at the outermost frame
// (an undefined return address, as _start's CFI says), at a zero return
// address, when the stack pointer stops growing, or at max_frames.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "elf/process_memory.h"
#include "elf/process_snapshot.h"

namespace dt::elf {

struct UserRegisters {
  uint64_t rip = 0;
  uint64_t rsp = 0;
  uint64_t rbp = 0;
};

enum class UnwindMethod {
  kTables,                  // unwind tables only
  kFramePointers,           // frame pointers only (what a plain FP walk gives)
  kTablesThenFramePointers  // tables; frame pointers where an object has none
};

enum class UnwindStop {
  kEndOfStack,         // reached the outermost frame
  kZeroReturnAddress,  // a return address of 0 (also an end)
  kMaxFrames,
  kNoMapping,        // pc outside every mapped object
  kNoUnwindInfo,     // no row for pc and frame pointers not allowed
  kUnsupportedRule,  // a row this format cannot express
  kBadMemory,        // the stack could not be read
  kNoProgress,       // the CFA did not move up the stack
};
std::string_view UnwindStopName(UnwindStop stop);

struct UnwindResult {
  std::vector<uint64_t> pcs;  // pcs[0] is the interrupted pc, then return addresses
  UnwindStop stop = UnwindStop::kEndOfStack;
};

struct UnwindOptions {
  UnwindMethod method = UnwindMethod::kTablesThenFramePointers;
  size_t max_frames = 128;
};

UnwindResult UnwindUserStack(const ProcessSnapshot& process, const UserRegisters& regs,
                             MemoryReader& memory, const UnwindOptions& options = {});

}  // namespace dt::elf
