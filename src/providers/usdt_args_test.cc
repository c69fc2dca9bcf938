#include "providers/usdt_args.h"

#include <gtest/gtest.h>

#include "elf/sdt_argument.h"

namespace dt {
namespace {

UsdtSite Site(const std::string& specs) {
  std::string error;
  UsdtSite site;
  std::optional<std::vector<elf::SdtArgument>> args = elf::ParseSdtArguments(specs, &error);
  EXPECT_TRUE(args) << error;
  if (args) site.arguments = *args;
  return site;
}

std::vector<std::string> Types(const std::vector<ProbeArg>& args) {
  std::vector<std::string> out;
  for (const ProbeArg& a : args) out.push_back(a.type);
  return out;
}

TEST(UsdtArgs, DeclaredTypesWin) {
  UsdtProbeData p;
  p.sites.push_back(Site("-4@%edi 8@%rsi -1@%dl"));
  p.declared_types = std::vector<std::string>{"int", "char *", "signed char"};
  std::vector<ProbeArg> args = UsdtProbeArgs(p);
  EXPECT_EQ(Types(args), (std::vector<std::string>{"int", "char *", "signed char"}));
  // Sizes for a type D cannot resolve: the site's, 8 unsigned for pointers.
  EXPECT_EQ(args[0].size, 4u);
  EXPECT_TRUE(args[0].is_signed);
  EXPECT_EQ(args[1].size, 8u);
  EXPECT_FALSE(args[1].is_signed);
  EXPECT_EQ(args[2].size, 1u);
  EXPECT_TRUE(args[2].is_signed);
  EXPECT_EQ(args[1].element_type, "char *");
}

TEST(UsdtArgs, TranslatedArgumentsAreD) {
  UsdtProbeData p;
  p.sites.push_back(Site("8@%rdi -4@%esi 8@%rdx"));
  p.declared_types = std::vector<std::string>{"struct conn *", "int", "char *"};
  p.translated_args = {{"conninfo_t *", 0}, {"string", 2}, {"long", 1}, {"int", 1}};
  EXPECT_EQ(Types(UsdtProbeArgs(p)),
            (std::vector<std::string>{"conninfo_t *", "string", "long", "int"}));
  EXPECT_EQ(UsdtArgInD(p, 0), "xlate <conninfo_t *> ((struct conn *)arg0)");
  EXPECT_EQ(UsdtArgInD(p, 1), "copyinstr((uintptr_t)arg2)");
  EXPECT_EQ(UsdtArgInD(p, 2), "((long)((int)arg1))");
  EXPECT_EQ(UsdtArgInD(p, 3), "((int)arg1)");
  EXPECT_EQ(UsdtArgInD(p, 4), "");
  // Without declared native types, the operand's size and sign.
  p.declared_types.reset();
  EXPECT_EQ(UsdtArgInD(p, 2), "((long)((int32_t)arg1))");
  p.translated_args.clear();
  EXPECT_EQ(UsdtArgInD(p, 0), "");
}

TEST(UsdtArgs, DeclaredNoArgumentsIsNone) {
  UsdtProbeData p;
  p.sites.push_back(Site(""));
  p.declared_types = std::vector<std::string>{};
  EXPECT_TRUE(UsdtProbeArgs(p).empty());
}

TEST(UsdtArgs, UndeclaredAreSizedIntegers) {
  UsdtProbeData p;
  p.sites.push_back(Site("8@%rbx 8@%rbp -4@%eax 2@%ax -1@%al -8@%rcx"));
  EXPECT_EQ(Types(UsdtProbeArgs(p)), (std::vector<std::string>{"uint64_t", "uint64_t", "int32_t",
                                                               "uint16_t", "int8_t", "int64_t"}));
}

TEST(UsdtArgs, SitesThatDisagreeGiveSixtyFourBits) {
  UsdtProbeData p;
  p.sites.push_back(Site("-4@%eax 4@%ebx 2@%cx"));
  p.sites.push_back(Site("-4@%edx 2@%bx 2@%dx"));
  EXPECT_EQ(Types(UsdtProbeArgs(p)), (std::vector<std::string>{"int32_t", "uint64_t", "uint16_t"}));
  p.sites.push_back(Site("-8@%rdx -2@%bx"));  // fewer arguments, signed
  EXPECT_EQ(Types(UsdtProbeArgs(p)), (std::vector<std::string>{"int64_t", "int64_t", "uint64_t"}));
}

TEST(UsdtArgs, UnknownArgumentsAreNone) {
  UsdtProbeData p;
  UsdtSite bad;
  bad.argument_error = "argument '%fs:8': unknown register";
  p.sites.push_back(bad);
  EXPECT_TRUE(UsdtProbeArgs(p).empty());
  p.sites.push_back(Site("-4@%eax"));  // another site's are known
  EXPECT_EQ(Types(UsdtProbeArgs(p)), (std::vector<std::string>{"int32_t"}));
}

TEST(UsdtArgs, SizedIntegerTypes) {
  EXPECT_STREQ(SizedIntegerType(1, false), "uint8_t");
  EXPECT_STREQ(SizedIntegerType(2, true), "int16_t");
  EXPECT_STREQ(SizedIntegerType(4, false), "uint32_t");
  EXPECT_STREQ(SizedIntegerType(8, true), "int64_t");
}

}  // namespace
}  // namespace dt
