#include "elf/user_unwinder.h"

namespace dt::elf {
namespace {

bool ReadWord(MemoryReader& memory, uint64_t addr, uint64_t* v) {
  return memory.Read(addr, v, sizeof *v);
}

// Applies one table row: fills cfa, and the caller's rbp.
enum class Step { kOk, kEnd, kUnsupported, kNoInfo, kBadMemory };

Step ApplyRow(const UnwindRow& row, const UserRegisters& regs, MemoryReader& memory, uint64_t* cfa,
              uint64_t* caller_rbp) {
  switch (row.cfa_rule) {
    case kCfaRspOffset:
      *cfa = regs.rsp + int64_t(row.cfa_offset);
      break;
    case kCfaRbpOffset:
      *cfa = regs.rbp + int64_t(row.cfa_offset);
      break;
    case kCfaPlt:
      *cfa = regs.rsp + 8 + ((regs.rip & 15) >= uint64_t(row.cfa_offset) ? 8 : 0);
      break;
    case kCfaEndOfStack:
      return Step::kEnd;
    case kCfaNoInfo:
      return Step::kNoInfo;
    default:
      return Step::kUnsupported;
  }
  switch (row.rbp_rule) {
    case kRbpUnchanged:
      *caller_rbp = regs.rbp;
      break;
    case kRbpAtCfaOffset:
      if (!ReadWord(memory, *cfa + int64_t(row.rbp_offset), caller_rbp)) return Step::kBadMemory;
      break;
    default:
      *caller_rbp = 0;
      break;  // unknown; only an rbp-based CFA would need it
  }
  return Step::kOk;
}

}  // namespace

std::string_view UnwindStopName(UnwindStop stop) {
  switch (stop) {
    case UnwindStop::kEndOfStack:
      return "end of stack";
    case UnwindStop::kZeroReturnAddress:
      return "zero return address";
    case UnwindStop::kMaxFrames:
      return "frame limit";
    case UnwindStop::kNoMapping:
      return "pc in no mapped object";
    case UnwindStop::kNoUnwindInfo:
      return "no unwind information";
    case UnwindStop::kUnsupportedRule:
      return "unsupported unwind rule";
    case UnwindStop::kBadMemory:
      return "unreadable stack";
    case UnwindStop::kNoProgress:
      return "stack pointer did not advance";
  }
  return "?";
}

UnwindResult UnwindUserStack(const ProcessSnapshot& process, const UserRegisters& start,
                             MemoryReader& memory, const UnwindOptions& options) {
  UnwindResult result;
  UserRegisters regs = start;
  bool use_tables = options.method != UnwindMethod::kFramePointers;
  bool use_fp = options.method != UnwindMethod::kTables;
  for (;;) {
    if (regs.rip == 0) {
      result.stop = UnwindStop::kZeroReturnAddress;
      return result;
    }
    if (result.pcs.size() >= options.max_frames) {
      result.stop = UnwindStop::kMaxFrames;
      return result;
    }
    result.pcs.push_back(regs.rip);
    // A return address points after the call; the call itself may be the
    // last byte of its function.
    uint64_t lookup = result.pcs.size() == 1 ? regs.rip : regs.rip - 1;

    uint64_t cfa = 0, caller_rbp = 0;
    Step step = Step::kNoInfo;
    if (use_tables) {
      auto loc = process.Locate(lookup);
      if (!loc) {
        result.stop = UnwindStop::kNoMapping;
        return result;
      }
      const UnwindRow* row = nullptr;
      if (loc->object != nullptr && loc->vaddr) row = loc->object->unwind_table().Find(*loc->vaddr);
      if (row != nullptr) step = ApplyRow(*row, regs, memory, &cfa, &caller_rbp);
    }
    if (step == Step::kNoInfo && use_fp) {
      if (regs.rbp == 0 || !ReadWord(memory, regs.rbp, &caller_rbp)) {
        result.stop = regs.rbp == 0 ? UnwindStop::kEndOfStack : UnwindStop::kBadMemory;
        return result;
      }
      cfa = regs.rbp + 16;
      step = Step::kOk;
    }
    switch (step) {
      case Step::kOk:
        break;
      case Step::kEnd:
        result.stop = UnwindStop::kEndOfStack;
        return result;
      case Step::kNoInfo:
        result.stop = UnwindStop::kNoUnwindInfo;
        return result;
      case Step::kUnsupported:
        result.stop = UnwindStop::kUnsupportedRule;
        return result;
      case Step::kBadMemory:
        result.stop = UnwindStop::kBadMemory;
        return result;
    }
    uint64_t return_address;
    if (!ReadWord(memory, cfa - 8, &return_address)) {
      result.stop = UnwindStop::kBadMemory;
      return result;
    }
    // The stack grows down: a caller's frame is always above its callee's.
    if (cfa <= regs.rsp) {
      result.stop = UnwindStop::kNoProgress;
      return result;
    }
    regs.rip = return_address;
    regs.rsp = cfa;
    regs.rbp = caller_rbp;
  }
}

}  // namespace dt::elf
