#include "elf/x86_insn_length.h"

namespace dt::elf {

bool X86IsLegacyPrefix(uint8_t b) {
  switch (b) {
    case 0x26:
    case 0x2e:
    case 0x36:
    case 0x3e:
    case 0x64:
    case 0x65:
    case 0x66:
    case 0x67:
    case 0xf0:
    case 0xf2:
    case 0xf3:
      return true;
    default:
      return false;
  }
}

namespace {

constexpr size_t kMaxInstructionLength = 15;

// What follows an opcode besides its ModRM operand.
enum class Imm : uint8_t {
  kNone,
  kByte,
  kWord,
  kDword,  // rel32 of call/jmp/jcc: 64-bit mode keeps it 32 bits
  kZ,      // 16 bits with a 66 prefix, else 32 (REX.W keeps it 32)
  kV,      // B8-BF: 16, 32 or, with REX.W, 64 bits
  kEnter,  // imm16 then imm8
  kMoffs,  // A0-A3: an address, 64 bits (32 with a 67 prefix)
  kInvalid,
};

struct Opcode {
  bool modrm = false;
  Imm imm = Imm::kNone;
};

constexpr Opcode kInvalidOpcode{false, Imm::kInvalid};

// The one-byte map after prefixes and REX (0F, VEX, EVEX and the group
// F6/F7 tests are decided by the caller).
Opcode OneByteOpcode(uint8_t op) {
  if (op < 0x40) {
    // The eight ALU rows: r/m forms, then AL/eAX with an immediate. The
    // rest of each row (push/pop of segments, BCD adjustments) is not
    // valid in 64-bit mode; 0F and the segment prefixes never get here.
    switch (op & 7) {
      case 0:
      case 1:
      case 2:
      case 3:
        return {true, Imm::kNone};
      case 4:
        return {false, Imm::kByte};
      case 5:
        return {false, Imm::kZ};
      default:
        return kInvalidOpcode;
    }
  }
  if (op >= 0x50 && op <= 0x5f) return {};                   // push/pop register
  if (op >= 0x70 && op <= 0x7f) return {false, Imm::kByte};  // jcc rel8
  if (op >= 0x84 && op <= 0x8f) return {true, Imm::kNone};
  if (op >= 0x90 && op <= 0x9f) return op == 0x9a ? kInvalidOpcode : Opcode{};
  if (op >= 0xa0 && op <= 0xa3) return {false, Imm::kMoffs};
  if (op >= 0xb0 && op <= 0xb7) return {false, Imm::kByte};
  if (op >= 0xb8 && op <= 0xbf) return {false, Imm::kV};
  if (op >= 0xd8 && op <= 0xdf) return {true, Imm::kNone};   // x87
  if (op >= 0xe0 && op <= 0xe7) return {false, Imm::kByte};  // loop, jrcxz, in, out
  switch (op) {
    case 0x63:  // movsxd
      return {true, Imm::kNone};
    case 0x68:
      return {false, Imm::kZ};
    case 0x69:
      return {true, Imm::kZ};
    case 0x6a:
      return {false, Imm::kByte};
    case 0x6b:
      return {true, Imm::kByte};
    case 0x6c:
    case 0x6d:
    case 0x6e:
    case 0x6f:
      return {};
    case 0x80:
    case 0x83:
      return {true, Imm::kByte};
    case 0x81:
      return {true, Imm::kZ};
    case 0xa4:
    case 0xa5:
    case 0xa6:
    case 0xa7:
    case 0xaa:
    case 0xab:
    case 0xac:
    case 0xad:
    case 0xae:
    case 0xaf:
      return {};
    case 0xa8:
      return {false, Imm::kByte};
    case 0xa9:
      return {false, Imm::kZ};
    case 0xc0:
    case 0xc1:
    case 0xc6:  // mov r/m8, imm8; xabort
      return {true, Imm::kByte};
    case 0xc7:  // mov r/m, imm; xbegin rel
      return {true, Imm::kZ};
    case 0xc2:
    case 0xca:
      return {false, Imm::kWord};
    case 0xc3:
    case 0xc9:
    case 0xcb:
    case 0xcc:
    case 0xcf:
      return {};
    case 0xc8:
      return {false, Imm::kEnter};
    case 0xcd:
      return {false, Imm::kByte};
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3:
      return {true, Imm::kNone};
    case 0xd7:
      return {};
    case 0xe8:
    case 0xe9:
      return {false, Imm::kDword};
    case 0xeb:
      return {false, Imm::kByte};
    case 0xec:
    case 0xed:
    case 0xee:
    case 0xef:
    case 0xf1:
    case 0xf4:
    case 0xf5:
    case 0xf8:
    case 0xf9:
    case 0xfa:
    case 0xfb:
    case 0xfc:
    case 0xfd:
      return {};
    case 0xf6:
    case 0xf7:
    case 0xfe:
    case 0xff:
      return {true, Imm::kNone};  // F6/F7 /0 and /1 add theirs: see below
    default:
      // 06/07 rows are above; here: 60-62 (62 is EVEX, decided earlier),
      // 82, 9A, C4/C5 (VEX, earlier), CE, D4-D6, EA.
      return kInvalidOpcode;
  }
}

// The 0F map (after 0F; 0F 38 and 0F 3A are decided by the caller).
Opcode TwoByteOpcode(uint8_t op) {
  if (op >= 0x80 && op <= 0x8f) return {false, Imm::kDword};  // jcc rel32
  if (op >= 0xc8 && op <= 0xcf) return {};                    // bswap
  switch (op) {
    case 0x04:
    case 0x0a:
    case 0x0c:
    case 0x24:
    case 0x25:
    case 0x26:
    case 0x27:
    case 0x36:
    case 0x39:
    case 0x3b:
    case 0x3c:
    case 0x3d:
    case 0x3e:
    case 0x3f:
    case 0x7a:
    case 0x7b:
    case 0xa6:
    case 0xa7:
      return kInvalidOpcode;
    case 0x05:  // syscall
    case 0x06:
    case 0x07:
    case 0x08:
    case 0x09:
    case 0x0b:  // ud2
    case 0x0e:
    case 0x30:  // wrmsr, rdtsc, rdmsr, rdpmc, sysenter, sysexit
    case 0x31:
    case 0x32:
    case 0x33:
    case 0x34:
    case 0x35:
    case 0x37:  // getsec
    case 0x77:  // emms
    case 0xa0:  // push/pop fs, cpuid
    case 0xa1:
    case 0xa2:
    case 0xa8:  // push/pop gs, rsm
    case 0xa9:
    case 0xaa:
      return {};
    case 0x0f:  // 3DNow!: the operation is a byte after the operands
    case 0x70:  // pshuf*, shifts by an immediate
    case 0x71:
    case 0x72:
    case 0x73:
    case 0xa4:  // shld/shrd imm8
    case 0xac:
    case 0xba:  // bt* imm8
    case 0xc2:  // cmpps
    case 0xc4:  // pinsrw, pextrw, shufps
    case 0xc5:
    case 0xc6:
      return {true, Imm::kByte};
    default:
      return {true, Imm::kNone};
  }
}

// VEX and EVEX map 1 (0F) opcodes that take an imm8.
bool MapOneHasImm8(uint8_t op) {
  return (op >= 0x70 && op <= 0x73) || op == 0xc2 || op == 0xc4 || op == 0xc5 || op == 0xc6;
}

// Bytes of a ModRM operand from p[0] (ModRM, SIB, displacement): the same
// layout for 64- and 32-bit addressing, the only two of 64-bit mode.
std::optional<size_t> ModrmLength(std::string_view code, size_t at) {
  if (at >= code.size()) return std::nullopt;
  uint8_t modrm = static_cast<uint8_t>(code[at]);
  uint8_t mod = modrm >> 6, rm = modrm & 7;
  if (mod == 3) return 1;
  size_t length = 1;
  if (rm == 4) {
    if (at + 1 >= code.size()) return std::nullopt;
    uint8_t base = static_cast<uint8_t>(code[at + 1]) & 7;
    length = 2;
    if (mod == 0 && base == 5) return length + 4;
  } else if (mod == 0 && rm == 5) {
    return length + 4;  // rip-relative
  }
  if (mod == 1) return length + 1;
  if (mod == 2) return length + 4;
  return length;
}

struct Prefixes {
  bool operand16 = false;  // 66
  bool address32 = false;  // 67
  bool repne = false;      // F2
  bool mandatory = false;  // 66, F2, F3 or F0: none may precede VEX/EVEX
  uint8_t rex = 0;         // the REX byte right before the opcode, 0 if none
};

std::optional<size_t> ImmediateLength(Imm imm, const Prefixes& p) {
  bool wide = (p.rex & 0x08) != 0;
  switch (imm) {
    case Imm::kNone:
      return 0;
    case Imm::kByte:
      return 1;
    case Imm::kWord:
      return 2;
    case Imm::kDword:
      // A 66 prefix makes a near branch's displacement 16 bits on AMD and
      // is ignored on Intel: no one length is right.
      if (p.operand16) return std::nullopt;
      return 4;
    case Imm::kZ:
      return p.operand16 && !wide ? 2 : 4;
    case Imm::kV:
      return wide ? 8 : p.operand16 ? 2 : 4;
    case Imm::kEnter:
      return 3;
    case Imm::kMoffs:
      return p.address32 ? 4 : 8;
    case Imm::kInvalid:
      return std::nullopt;
  }
  return std::nullopt;
}

// ModRM plus immediate from `at` (the byte after the opcode).
std::optional<size_t> OperandsLength(std::string_view code, size_t at, Opcode op,
                                     const Prefixes& p) {
  size_t length = 0;
  if (op.modrm) {
    std::optional<size_t> m = ModrmLength(code, at);
    if (!m) return std::nullopt;
    length = *m;
  }
  std::optional<size_t> imm = ImmediateLength(op.imm, p);
  if (!imm) return std::nullopt;
  return length + *imm;
}

// VEX (C4, C5) and EVEX (62) at code[at]: the prefix, opcode and operands.
std::optional<size_t> VexLength(std::string_view code, size_t at, const Prefixes& p) {
  if (p.mandatory || p.rex != 0) return std::nullopt;  // #UD
  uint8_t kind = static_cast<uint8_t>(code[at]);
  size_t prefix_bytes = kind == 0xc5 ? 2 : kind == 0xc4 ? 3 : 4;
  if (at + prefix_bytes >= code.size()) return std::nullopt;
  uint8_t map = 1;
  uint8_t p0 = static_cast<uint8_t>(code[at + 1]);
  if (kind == 0xc4) {
    map = p0 & 0x1f;
    if (map < 1 || map > 3) return std::nullopt;
  } else if (kind == 0x62) {
    uint8_t p1 = static_cast<uint8_t>(code[at + 2]);
    map = p0 & 0x07;
    // Maps 1-3, and 5-6 (AVX512-FP16); bit 2 of P1 is always 1 in EVEX.
    if (map == 0 || map == 4 || map == 7 || (p1 & 0x04) == 0) return std::nullopt;
  }
  size_t opcode_at = at + prefix_bytes;
  uint8_t op = static_cast<uint8_t>(code[opcode_at]);
  Opcode o{true, Imm::kNone};
  if (map == 1 && op == 0x77 && kind != 0x62) o.modrm = false;  // vzeroupper, vzeroall
  if ((map == 1 && MapOneHasImm8(op)) || map == 3) o.imm = Imm::kByte;
  std::optional<size_t> operands = OperandsLength(code, opcode_at + 1, o, p);
  if (!operands) return std::nullopt;
  return prefix_bytes + 1 + *operands;
}

std::optional<size_t> Length(std::string_view code) {
  Prefixes p;
  size_t at = 0;
  for (; at < code.size() && at < kMaxInstructionLength; ++at) {
    uint8_t b = static_cast<uint8_t>(code[at]);
    if (X86IsLegacyPrefix(b)) {
      p.rex = 0;  // a REX not right before the opcode is ignored
      p.operand16 |= b == 0x66;
      p.address32 |= b == 0x67;
      p.repne |= b == 0xf2;
      p.mandatory |= b == 0x66 || b == 0xf2 || b == 0xf3 || b == 0xf0;
    } else if ((b & 0xf0) == 0x40) {
      p.rex = b;
    } else {
      break;
    }
  }
  if (at >= code.size() || at >= kMaxInstructionLength) return std::nullopt;
  uint8_t op = static_cast<uint8_t>(code[at]);
  std::optional<size_t> rest;
  if (op == 0xc4 || op == 0xc5 || op == 0x62) {
    rest = VexLength(code, at, p);
    if (!rest) return std::nullopt;
    return at + *rest;
  }
  if (op == 0x0f) {
    if (at + 1 >= code.size()) return std::nullopt;
    uint8_t op2 = static_cast<uint8_t>(code[at + 1]);
    if (op2 == 0x38 || op2 == 0x3a) {
      if (at + 2 >= code.size()) return std::nullopt;
      Opcode o{true, op2 == 0x3a ? Imm::kByte : Imm::kNone};
      rest = OperandsLength(code, at + 3, o, p);
      if (!rest) return std::nullopt;
      return at + 3 + *rest;
    }
    Opcode o = TwoByteOpcode(op2);
    rest = OperandsLength(code, at + 2, o, p);
    if (!rest) return std::nullopt;
    size_t extra = 0;
    // SSE4a's EXTRQ/INSERTQ with immediates: a length and an index.
    if (op2 == 0x78 && (p.operand16 || p.repne)) extra = 2;
    return at + 2 + *rest + extra;
  }
  if (op == 0x8f) {
    // POP r/m is /0; other reg values are AMD's XOP prefix.
    if (at + 1 >= code.size()) return std::nullopt;
    if ((static_cast<uint8_t>(code[at + 1]) >> 3 & 7) != 0) return std::nullopt;
  }
  if (op == 0xd5) return std::nullopt;  // AAD outside 64-bit mode, APX's REX2 in it
  Opcode o = OneByteOpcode(op);
  if ((op == 0xf6 || op == 0xf7) && at + 1 < code.size() &&
      (static_cast<uint8_t>(code[at + 1]) >> 3 & 7) < 2) {
    o.imm = op == 0xf6 ? Imm::kByte : Imm::kZ;  // test r/m, imm
  }
  rest = OperandsLength(code, at + 1, o, p);
  if (!rest) return std::nullopt;
  return at + 1 + *rest;
}

}  // namespace

std::optional<size_t> X86InstructionLength(std::string_view code) {
  std::optional<size_t> length = Length(code);
  if (!length || *length > kMaxInstructionLength || *length > code.size()) return std::nullopt;
  return length;
}

X86Boundaries X86InstructionStarts(std::string_view code) {
  X86Boundaries out;
  for (size_t at = 0; at < code.size();) {
    out.starts.push_back(at);
    std::optional<size_t> length = X86InstructionLength(code.substr(at));
    if (!length) {
      out.complete = false;
      break;
    }
    at += *length;
  }
  return out;
}

}  // namespace dt::elf
