#include "bpf/builder.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "common/diagnostic.h"

namespace dt::bpf {
namespace {

TEST(BpfBuilderTest, ForwardAndBackwardJumpsResolve) {
  Builder b;
  Label top = b.NewLabel(), out = b.NewLabel();
  b.Bind(top);
  b.JumpIfImm(BPF_JEQ, R1, 0, out);  // insn 0: forward to 2, offset +1
  b.Jump(top);                       // insn 1: back to 0, offset -2
  b.Bind(out);
  b.Exit();  // insn 2
  auto insns = b.Finish();
  ASSERT_EQ(insns.size(), 3u);
  EXPECT_EQ(insns[0].off, 1);
  EXPECT_EQ(insns[1].off, -2);
  EXPECT_EQ(insns[1].code, BPF_JMP | BPF_JA);
}

TEST(BpfBuilderTest, FunctionAddressesAreRelativeInImm) {
  Builder b;
  Label callback = b.NewLabel();
  b.LoadFuncAddr(R2, callback);  // insns 0-1: the callback is at 3, imm 3 - 0 - 1
  b.Exit();                      // insn 2
  b.Bind(callback);
  b.Exit();  // insn 3
  auto insns = b.Finish();
  ASSERT_EQ(insns.size(), 4u);
  EXPECT_EQ(insns[0].code, BPF_LD | BPF_IMM | BPF_DW);
  EXPECT_EQ(insns[0].src_reg, BPF_PSEUDO_FUNC);
  EXPECT_EQ(insns[0].dst_reg, R2);
  EXPECT_EQ(insns[0].imm, 2);
  EXPECT_EQ(insns[0].off, 0);
  EXPECT_EQ(insns[1].imm, 0);
}

TEST(BpfBuilderTest, UnboundLabelIsAnError) {
  Builder b;
  b.Jump(b.NewLabel());
  EXPECT_THROW(b.Finish(), std::logic_error);
}

TEST(BpfBuilderTest, JumpBeyondSixteenBitsIsACompileError) {
  Builder b;
  Label far = b.NewLabel();
  b.Jump(far);
  for (int i = 0; i < 40000; ++i) b.MovImm(R0, 0);
  b.Bind(far);
  b.Exit();
  EXPECT_THROW(b.Finish(), CompileError);
}

TEST(BpfBuilderTest, SmallConstantsUseOneSlotLargeOnesTwo) {
  Builder b;
  b.LoadImm(R1, 5);
  b.LoadImm(R2, static_cast<uint64_t>(-1));
  EXPECT_EQ(b.size(), 2u);
  b.LoadImm(R3, 0x123456789ull);
  auto insns = b.Finish();
  ASSERT_EQ(insns.size(), 4u);
  EXPECT_EQ(insns[2].code, BPF_LD | BPF_DW | BPF_IMM);
  EXPECT_EQ(static_cast<uint32_t>(insns[2].imm), 0x23456789u);
  EXPECT_EQ(insns[3].imm, 1);
}

TEST(BpfBuilderTest, MapReferencesResolveToFds) {
  Builder b;
  b.LoadMapFd(R1, 2);
  b.LoadMapValueAddr(R2, 0, 16);
  auto insns = b.Finish();
  ResolveMapFds(insns, [](int index) { return 100 + index; });
  EXPECT_EQ(insns[0].src_reg, BPF_PSEUDO_MAP_FD);
  EXPECT_EQ(insns[0].imm, 102);
  EXPECT_EQ(insns[2].src_reg, BPF_PSEUDO_MAP_VALUE);
  EXPECT_EQ(insns[2].imm, 100);
  EXPECT_EQ(insns[3].imm, 16);
}

}  // namespace
}  // namespace dt::bpf
