#include "elf/x86_registers.h"

#include <gtest/gtest.h>
#include <stddef.h>
#include <sys/user.h>

namespace dt::elf {
namespace {

// The kernel's struct pt_regs and glibc's user_regs_struct share their
// first 21 slots (r15 .. ss): offsetof is the oracle for our table.
TEST(X86RegistersTest, SlotsAreThoseOfPtRegs) {
  EXPECT_EQ(pt_regs::kR15, offsetof(user_regs_struct, r15));
  EXPECT_EQ(pt_regs::kR14, offsetof(user_regs_struct, r14));
  EXPECT_EQ(pt_regs::kR13, offsetof(user_regs_struct, r13));
  EXPECT_EQ(pt_regs::kR12, offsetof(user_regs_struct, r12));
  EXPECT_EQ(pt_regs::kRbp, offsetof(user_regs_struct, rbp));
  EXPECT_EQ(pt_regs::kRbx, offsetof(user_regs_struct, rbx));
  EXPECT_EQ(pt_regs::kR11, offsetof(user_regs_struct, r11));
  EXPECT_EQ(pt_regs::kR10, offsetof(user_regs_struct, r10));
  EXPECT_EQ(pt_regs::kR9, offsetof(user_regs_struct, r9));
  EXPECT_EQ(pt_regs::kR8, offsetof(user_regs_struct, r8));
  EXPECT_EQ(pt_regs::kRax, offsetof(user_regs_struct, rax));
  EXPECT_EQ(pt_regs::kRcx, offsetof(user_regs_struct, rcx));
  EXPECT_EQ(pt_regs::kRdx, offsetof(user_regs_struct, rdx));
  EXPECT_EQ(pt_regs::kRsi, offsetof(user_regs_struct, rsi));
  EXPECT_EQ(pt_regs::kRdi, offsetof(user_regs_struct, rdi));
  EXPECT_EQ(pt_regs::kOrigRax, offsetof(user_regs_struct, orig_rax));
  EXPECT_EQ(pt_regs::kRip, offsetof(user_regs_struct, rip));
  EXPECT_EQ(pt_regs::kCs, offsetof(user_regs_struct, cs));
  EXPECT_EQ(pt_regs::kFlags, offsetof(user_regs_struct, eflags));
  EXPECT_EQ(pt_regs::kRsp, offsetof(user_regs_struct, rsp));
  EXPECT_EQ(pt_regs::kSs, offsetof(user_regs_struct, ss));
  EXPECT_EQ(pt_regs::kSize, offsetof(user_regs_struct, fs_base));
}

struct Expected {
  const char* name;
  uint16_t offset;
  uint8_t size;
  int8_t dwarf;
};

TEST(X86RegistersTest, EveryWidthOfEveryRegister) {
  const Expected cases[] = {
      {"%rax", pt_regs::kRax, 8, 0},    {"%eax", pt_regs::kRax, 4, 0},
      {"%ax", pt_regs::kRax, 2, 0},     {"%al", pt_regs::kRax, 1, 0},
      {"%ah", pt_regs::kRax + 1, 1, 0}, {"%rdx", pt_regs::kRdx, 8, 1},
      {"%dh", pt_regs::kRdx + 1, 1, 1}, {"%ecx", pt_regs::kRcx, 4, 2},
      {"%bl", pt_regs::kRbx, 1, 3},     {"%sil", pt_regs::kRsi, 1, 4},
      {"%di", pt_regs::kRdi, 2, 5},     {"%dil", pt_regs::kRdi, 1, 5},
      {"%rbp", pt_regs::kRbp, 8, 6},    {"%bpl", pt_regs::kRbp, 1, 6},
      {"%esp", pt_regs::kRsp, 4, 7},    {"%spl", pt_regs::kRsp, 1, 7},
      {"%r8", pt_regs::kR8, 8, 8},      {"%r8d", pt_regs::kR8, 4, 8},
      {"%r8w", pt_regs::kR8, 2, 8},     {"%r8b", pt_regs::kR8, 1, 8},
      {"%r9l", pt_regs::kR9, 1, 9},     {"%r12d", pt_regs::kR12, 4, 12},
      {"%r15", pt_regs::kR15, 8, 15},   {"%r15b", pt_regs::kR15, 1, 15},
      {"%rip", pt_regs::kRip, 8, 16},   {"rdi", pt_regs::kRdi, 8, 5},
  };
  for (const Expected& e : cases) {
    auto r = FindX86Register(e.name);
    ASSERT_TRUE(r) << e.name;
    EXPECT_EQ(r->pt_regs_offset, e.offset) << e.name;
    EXPECT_EQ(r->size, e.size) << e.name;
    EXPECT_EQ(r->dwarf, e.dwarf) << e.name;
  }
}

TEST(X86RegistersTest, UnknownNamesAreRejected) {
  for (const char* bad : {"", "%", "%r16", "%r7", "%sih", "%xmm0", "%r8q", "%fs", "%rr8"}) {
    EXPECT_FALSE(FindX86Register(bad)) << bad;
  }
}

}  // namespace
}  // namespace dt::elf
