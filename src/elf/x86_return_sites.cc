#include "elf/x86_return_sites.h"

#include <cstdio>
#include <optional>

#include "elf/x86_insn_length.h"

namespace dt::elf {

namespace {

// A legacy prefix or a REX byte.
bool IsPrefix(uint8_t b) { return X86IsLegacyPrefix(b) || (b & 0xf0) == 0x40; }

// A branch's signed displacement: the instruction's last 1, 2 (a 66
// prefix, as AMD reads it) or 4 bytes.
int64_t Displacement(std::string_view insn, size_t bytes) {
  size_t at = insn.size() - bytes;
  if (bytes == 1) return static_cast<int8_t>(insn[at]);
  uint32_t v = 0;
  for (size_t i = 0; i < bytes; ++i)
    v |= static_cast<uint32_t>(static_cast<uint8_t>(insn[at + i])) << (8 * i);
  return bytes == 2 ? static_cast<int16_t>(v) : static_cast<int32_t>(v);
}

std::string At(uint64_t offset) {
  char text[32];
  snprintf(text, sizeof text, "+0x%llx", static_cast<unsigned long long>(offset));
  return text;
}

// What one instruction does to the ways out of the function.
enum class Flow {
  kOn,       // execution may go on to the next instruction
  kStops,    // it never does: ret, jmp, ud2, hlt, or a call (to a
             // function that does not return, when it is the last)
  kPadding,  // a nop: changes nothing
};

}  // namespace

X86ReturnSites FindX86ReturnSites(std::string_view code) {
  X86ReturnSites out;
  auto not_all = [&](const std::string& why) {
    if (out.exits_all_known) out.why_not = why;
    out.exits_all_known = false;
  };
  if (code.empty()) {
    not_all("the function has no size");
    return out;
  }
  const auto size = static_cast<int64_t>(code.size());
  Flow last = Flow::kOn;
  for (size_t at = 0; at < code.size();) {
    std::optional<size_t> length = X86InstructionLength(code.substr(at));
    if (!length) {
      not_all("the instruction at " + At(at) + " could not be decoded");
      return out;
    }
    std::string_view insn = code.substr(at, *length);
    size_t op_at = 0;
    bool operand16 = false;
    while (op_at < insn.size() && IsPrefix(static_cast<uint8_t>(insn[op_at]))) {
      operand16 |= insn[op_at] == 0x66;
      ++op_at;
    }
    auto op = static_cast<uint8_t>(insn[op_at]);
    auto op2 = op_at + 1 < insn.size() ? static_cast<uint8_t>(insn[op_at + 1]) : uint8_t{0};
    auto leaves = [&](size_t displacement_bytes, int64_t* target) {
      *target = static_cast<int64_t>(at + insn.size()) + Displacement(insn, displacement_bytes);
      return *target < 0 || *target >= size;
    };
    int64_t target = 0;
    Flow flow = Flow::kOn;
    if (op == 0xc3 || op == 0xc2) {
      out.sites.push_back({X86ReturnSite::kRet, at, 0, operand16});
      flow = Flow::kStops;
    } else if (op == 0xe9 || op == 0xeb) {
      if (leaves(insn.size() - op_at - 1, &target))
        out.sites.push_back({X86ReturnSite::kTailJump, at, target, operand16});
      flow = Flow::kStops;
    } else if ((op >= 0x70 && op <= 0x7f) || (op >= 0xe0 && op <= 0xe3) ||
               (op == 0x0f && op2 >= 0x80 && op2 <= 0x8f)) {
      // jcc, loop, jrcxz: a probe before it cannot tell whether it is taken.
      if (leaves(insn.size() - op_at - (op == 0x0f ? 2 : 1), &target))
        not_all("the conditional branch at " + At(at) + " leaves the function");
    } else if (op == 0xff && (op2 >> 3 & 7) >= 4 && (op2 >> 3 & 7) <= 5) {
      not_all("the indirect jmp at " + At(at) + " may leave the function");
      flow = Flow::kStops;
    } else if (op == 0xe8 || (op == 0xff && (op2 >> 3 & 7) >= 2 && (op2 >> 3 & 7) <= 3) ||
               op == 0xf4 || op == 0xcc || (op == 0x0f && op2 == 0x0b)) {
      flow = Flow::kStops;  // call, hlt, int3, ud2
    } else if (op == 0x90 || (op == 0x0f && op2 == 0x1f)) {
      flow = Flow::kPadding;
    }
    if (flow != Flow::kPadding) last = flow;
    at += *length;
  }
  if (last == Flow::kOn) not_all("its last instruction may run on past its end");
  return out;
}

}  // namespace dt::elf
