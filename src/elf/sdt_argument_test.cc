#include "elf/sdt_argument.h"

#include <gtest/gtest.h>

namespace dt::elf {
namespace {

SdtArgument Parse(const std::string& spec) {
  std::string error;
  auto a = ParseSdtArgument(spec, &error);
  EXPECT_TRUE(a) << spec << ": " << error;
  return a ? *a : SdtArgument{};
}

TEST(SdtArgumentTest, Registers) {
  SdtArgument a = Parse("-4@%edi");
  EXPECT_EQ(a.kind, SdtOperandKind::kRegister);
  EXPECT_EQ(a.size, 4);
  EXPECT_TRUE(a.is_signed);
  EXPECT_EQ(a.reg->name, "edi");
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kRdi);
  EXPECT_EQ(a.text, "-4@%edi");

  a = Parse("8@%rax");
  EXPECT_EQ(a.size, 8);
  EXPECT_FALSE(a.is_signed);
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kRax);

  a = Parse("1@%r8b");
  EXPECT_EQ(a.size, 1);
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kR8);
  EXPECT_EQ(a.reg->size, 1);

  a = Parse("-2@%ax");
  EXPECT_EQ(a.size, 2);
  EXPECT_TRUE(a.is_signed);
}

TEST(SdtArgumentTest, Constants) {
  SdtArgument a = Parse("8@$5");
  EXPECT_EQ(a.kind, SdtOperandKind::kConstant);
  EXPECT_EQ(a.value, 5);
  a = Parse("-4@$-1");
  EXPECT_EQ(a.value, -1);
  EXPECT_TRUE(a.is_signed);
  a = Parse("8@$0x10");
  EXPECT_EQ(a.value, 16);
  a = Parse("8@$-0x10");
  EXPECT_EQ(a.value, -16);
}

TEST(SdtArgumentTest, MemoryWithBaseIndexAndScale) {
  SdtArgument a = Parse("-8@16(%rbp)");
  EXPECT_EQ(a.kind, SdtOperandKind::kMemory);
  EXPECT_EQ(a.value, 16);
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kRbp);
  EXPECT_FALSE(a.index);
  EXPECT_TRUE(a.symbol.empty());

  a = Parse("8@-8(%rbp,%rax,8)");
  EXPECT_EQ(a.value, -8);
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kRbp);
  EXPECT_EQ(a.index->pt_regs_offset, pt_regs::kRax);
  EXPECT_EQ(a.scale, 8);

  a = Parse("-4@(%rax,%rdi,4)");
  EXPECT_EQ(a.value, 0);
  EXPECT_EQ(a.reg->name, "rax");
  EXPECT_EQ(a.index->name, "rdi");
  EXPECT_EQ(a.scale, 4);

  a = Parse("-4@-4(%rsp)");
  EXPECT_EQ(a.value, -4);
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kRsp);

  a = Parse("4@(%r12,%r13)");
  EXPECT_EQ(a.index->pt_regs_offset, pt_regs::kR13);
  EXPECT_EQ(a.scale, 1);

  a = Parse("4@0x20(%rbx)");
  EXPECT_EQ(a.value, 32);
}

TEST(SdtArgumentTest, SymbolRelativeMemory) {
  SdtArgument a = Parse("8@foo(%rip)");
  EXPECT_EQ(a.kind, SdtOperandKind::kMemory);
  EXPECT_EQ(a.symbol, "foo");
  EXPECT_EQ(a.value, 0);
  EXPECT_FALSE(a.reg);  // %rip only marks position-independent code

  a = Parse("-8@sdt_global+16(%rip)");
  EXPECT_EQ(a.symbol, "sdt_global");
  EXPECT_EQ(a.value, 16);

  a = Parse("4@_ZN3foo3barE-8(%rip)");
  EXPECT_EQ(a.symbol, "_ZN3foo3barE");
  EXPECT_EQ(a.value, -8);

  a = Parse("-4@sdt_array(,%rdi,4)");  // non-PIC: absolute symbol, indexed
  EXPECT_EQ(a.symbol, "sdt_array");
  EXPECT_FALSE(a.reg);
  EXPECT_EQ(a.index->name, "rdi");
  EXPECT_EQ(a.scale, 4);

  a = Parse("4@counter");  // non-PIC absolute
  EXPECT_EQ(a.symbol, "counter");
  EXPECT_FALSE(a.reg);

  a = Parse("8@8+table(%rip)");
  EXPECT_EQ(a.symbol, "table");
  EXPECT_EQ(a.value, 8);
}

TEST(SdtArgumentTest, AnOperandWithoutSizeIsEightUnsignedBytes) {
  SdtArgument a = Parse("%rsi");
  EXPECT_EQ(a.size, 8);
  EXPECT_FALSE(a.is_signed);
  EXPECT_EQ(a.reg->pt_regs_offset, pt_regs::kRsi);
  a = Parse("-16(%rbp)");
  EXPECT_EQ(a.kind, SdtOperandKind::kMemory);
  EXPECT_EQ(a.value, -16);
}

TEST(SdtArgumentTest, SeveralSpecificationsSeparatedBySpaces) {
  std::string error;
  auto args = ParseSdtArguments("8@%r14 8@%rax -4@%ebp", &error);
  ASSERT_TRUE(args) << error;
  ASSERT_EQ(args->size(), 3u);
  EXPECT_EQ((*args)[0].reg->pt_regs_offset, pt_regs::kR14);
  EXPECT_EQ((*args)[2].reg->pt_regs_offset, pt_regs::kRbp);
  EXPECT_TRUE((*args)[2].is_signed);
  args = ParseSdtArguments("", &error);
  ASSERT_TRUE(args);
  EXPECT_TRUE(args->empty());
  args = ParseSdtArguments("  8@%rdi   ", &error);
  ASSERT_TRUE(args);
  EXPECT_EQ(args->size(), 1u);
}

TEST(SdtArgumentTest, MalformedSpecificationsAreErrors) {
  struct Case {
    const char* spec;
    const char* error;
  } cases[] = {
      {"3@%eax", "bad argument specification '3@%eax': bad size"},
      {"16@%rax", "bad argument specification '16@%rax': bad size"},
      {"8@", "bad argument specification '8@': no operand"},
      {"8@%xmm0", "bad argument specification '8@%xmm0': unknown register"},
      {"8@%fs:0x28",
       "bad argument specification '8@%fs:0x28': segment registers are not supported"},
      {"8@$", "bad argument specification '8@$': bad constant"},
      {"8@$5x", "bad argument specification '8@$5x': bad constant"},
      {"8@16(%rbp", "bad argument specification '8@16(%rbp': unexpected text"},
      {"8@16(%rbp)x", "bad argument specification '8@16(%rbp)x': unexpected text"},
      {"8@(%rax,%rbx,3)", "bad argument specification '8@(%rax,%rbx,3)': bad scale"},
      {"8@(%eax)", "bad argument specification '8@(%eax)': address registers must be 64-bit"},
      {"8@16(%rip)",
       "bad argument specification '8@16(%rip)': %rip-relative operand without a symbol"},
      {"8@16", "bad argument specification '8@16': memory operand without base or symbol"},
      {"8@()", "bad argument specification '8@()': memory operand without base"},
  };
  for (const Case& c : cases) {
    std::string error;
    EXPECT_FALSE(ParseSdtArgument(c.spec, &error)) << c.spec;
    EXPECT_EQ(error, c.error);
  }
  std::string error;
  EXPECT_FALSE(ParseSdtArguments("8@%rax 3@%rbx", &error));
  EXPECT_EQ(error, "bad argument specification '3@%rbx': bad size");
}

}  // namespace
}  // namespace dt::elf
