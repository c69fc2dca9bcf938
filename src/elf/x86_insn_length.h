// The length of an x86-64 instruction (64-bit mode), from its bytes alone:
// where the next instruction starts. The pid provider needs it to know
// which offsets in a function are instruction boundaries (a uprobe placed
// inside an instruction would corrupt it) and to list a function's
// instruction offsets as DTrace does.
//
// Contract:
//  * Decodes the encoding, not the meaning: legacy prefixes, REX, VEX (C4,
//    C5), EVEX (62), the one-byte map, the 0F, 0F38 and 0F3A maps, ModRM,
//    SIB, displacements and every immediate size (66-prefixed immediates,
//    REX.W's imm64 for B8-BF, moffs of A0-A3 with or without 67, the F6/F7
//    /0 and /1 tests, ENTER's three bytes, 3DNow!'s suffix, SSE4a's
//    EXTRQ/INSERTQ pair).
//  * Answers nullopt ("unknown") rather than guess: for an opcode that is
//    invalid in 64-bit mode, an XOP or APX encoding, more bytes needed than
//    `code` holds, or an instruction longer than the architecture's 15.
//    Nothing is read past `code`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace dt::elf {

// Whether `b` is one of the legacy prefixes (segment, 66, 67, lock, rep).
bool X86IsLegacyPrefix(uint8_t b);

// The length of the instruction that starts at code[0], or nullopt.
std::optional<size_t> X86InstructionLength(std::string_view code);

// Instruction starts from the beginning of `code` (a function's bytes), in
// order. `complete` is false when an instruction could not be decoded (or
// ran past the end of `code`): the walk stops there, and the last start is
// that instruction's (its start is known, where it ends is not).
struct X86Boundaries {
  std::vector<uint64_t> starts;
  bool complete = true;
};
X86Boundaries X86InstructionStarts(std::string_view code);

}  // namespace dt::elf
