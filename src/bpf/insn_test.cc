#include "bpf/insn.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "bpf/disasm.h"

namespace dt::bpf {
namespace {

using namespace encode;

// The eight bytes of an instruction as the kernel reads them (x86-64,
// little-endian): opcode, dst in the low nibble and src in the high one,
// then off and imm.
std::string Bytes(const bpf_insn& insn) {
  unsigned char raw[sizeof(bpf_insn)];
  std::memcpy(raw, &insn, sizeof raw);
  std::string text;
  for (unsigned char b : raw) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%02x", b);
    text += hex;
  }
  return text;
}

std::string Text(std::vector<bpf_insn> insns) { return DisassembleBpf(insns); }

TEST(EncodeTest, BytesAreTheKernelsLayout) {
  EXPECT_EQ(Bytes(MovImm(R0, 1)), "b700000001000000");
  EXPECT_EQ(Bytes(Mov(R2, R10)), "bfa2000000000000");
  EXPECT_EQ(Bytes(AluImm(BPF_ADD, R2, -8)), "07020000f8ffffff");
  EXPECT_EQ(Bytes(Load(BPF_DW, R0, R1, 40)), "7910280000000000");
  EXPECT_EQ(Bytes(StoreImm(BPF_W, R10, -4, 0)), "620afcff00000000");
  EXPECT_EQ(Bytes(JumpIfImm(BPF_JEQ, R0, 0, 2)), "1500020000000000");
  EXPECT_EQ(Bytes(Call(BPF_FUNC_map_lookup_elem)), "8500000001000000");
  EXPECT_EQ(Bytes(Exit()), "9500000000000000");
}

TEST(EncodeTest, EachFormReadsBackAsWritten) {
  EXPECT_EQ(Text({Alu(BPF_SUB, R1, R2)}), "   0: r1 -= r2\n");
  EXPECT_EQ(Text({Alu32(BPF_XOR, R3, R4)}), "   0: w3 ^= w4\n");
  EXPECT_EQ(Text({Alu32Imm(BPF_AND, R3, 255)}), "   0: w3 &= 255\n");
  EXPECT_EQ(Text({Neg(R5)}), "   0: r5 = -r5\n");
  EXPECT_EQ(Text({ByteSwapToBe(R6, 16)}), "   0: r6 = be16 r6\n");
  EXPECT_EQ(Text({Store(BPF_H, R10, -2, R7)}), "   0: *(u16 *)(r10 - 2) = r7\n");
  EXPECT_EQ(Text({AtomicAdd(BPF_DW, R0, 8, R1)}), "   0: lock *(u64 *)(r0 + 8) += r1\n");
  EXPECT_EQ(Text({JumpIf(BPF_JSGT, R1, R2, -1)}), "   0: if r1 s> r2 goto -1 <0>\n");
  EXPECT_EQ(Text({Jump(3)}), "   0: goto +3 <4>\n");
  EXPECT_EQ(Text({Nop()}), "   0: goto +0 <1>\n");
}

TEST(EncodeTest, WideLoadsFillBothSlots) {
  WideInsn constant = LoadImm64(R1, 0x123456789abcdef0ull);
  EXPECT_TRUE(IsLoadImm64(constant[0]));
  EXPECT_FALSE(IsLoadImm64(constant[1]));
  EXPECT_EQ(Text({constant[0], constant[1]}), "   0: r1 = 0x123456789abcdef0 ll\n");

  WideInsn map = LoadMapFd(R1, 7);
  EXPECT_EQ(map[0].src_reg, BPF_PSEUDO_MAP_FD);
  EXPECT_EQ(map[0].imm, 7);
  EXPECT_EQ(Text({map[0], map[1]}), "   0: r1 = map[fd:7] ll\n");

  WideInsn value = LoadMapValueAddr(R2, 3, 16);
  EXPECT_EQ(value[0].src_reg, BPF_PSEUDO_MAP_VALUE);
  EXPECT_EQ(Text({value[0], value[1]}), "   0: r2 = map[fd:3]+16 ll\n");
}

TEST(EncodeTest, JumpsWithOffsetsAreNotCallsOrExits) {
  EXPECT_TRUE(IsJumpWithOffset(Jump(1)));
  EXPECT_TRUE(IsJumpWithOffset(JumpIfImm(BPF_JNE, R0, 0, 1)));
  EXPECT_TRUE(IsJumpWithOffset(Insn(BPF_JMP32 | BPF_JEQ | BPF_K, 0, 0, 1, 0)));
  EXPECT_FALSE(IsJumpWithOffset(Call(1)));
  EXPECT_FALSE(IsJumpWithOffset(Exit()));
  EXPECT_FALSE(IsJumpWithOffset(MovImm(R0, 0)));
}

TEST(EncodeTest, RegistersAreFourBits) {
  bpf_insn insn = Insn(BPF_ALU64 | BPF_MOV | BPF_X, 0x1f, 0x2e, 0, 0);
  EXPECT_EQ(insn.dst_reg, 0xf);
  EXPECT_EQ(insn.src_reg, 0xe);
}

TEST(SizeCodeTest, WidthsAndNothingElse) {
  EXPECT_EQ(SizeCode(1), BPF_B);
  EXPECT_EQ(SizeCode(2), BPF_H);
  EXPECT_EQ(SizeCode(4), BPF_W);
  EXPECT_EQ(SizeCode(8), BPF_DW);
  EXPECT_THROW(SizeCode(3), std::logic_error);
  EXPECT_THROW(SizeCode(16), std::logic_error);
}

}  // namespace
}  // namespace dt::bpf
