#include "providers/stability.h"

#include <gtest/gtest.h>

#include "providers/dtrace_provider.h"
#include "providers/profile_provider.h"
#include "providers/provider.h"
#include "providers/sdt_provider.h"
#include "providers/syscall_provider.h"

namespace dt {
namespace {

Probe MakeProbe(const Provider& provider, const char* module, const char* function,
                const char* name) {
  Probe p;
  p.owner = &provider;
  p.module = module;
  p.function = function;
  p.name = name;
  return p;
}

TEST(StabilityTest, NamesAreDTraces) {
  EXPECT_STREQ(StabilityName(Stability::kEvolving), "Evolving");
  EXPECT_STREQ(StabilityName(Stability::kPrivate), "Private");
  EXPECT_STREQ(DependencyClassName(DependencyClass::kIsa), "ISA");
  EXPECT_STREQ(DependencyClassName(DependencyClass::kCpu), "CPU");
  EXPECT_STREQ(DependencyClassName(DependencyClass::kUnknown), "Unknown");
}

TEST(StabilityTest, MinimumIsFieldByField) {
  Attributes a{Stability::kStable, Stability::kPrivate, DependencyClass::kCommon};
  Attributes b{Stability::kEvolving, Stability::kStable, DependencyClass::kIsa};
  Attributes expected{Stability::kEvolving, Stability::kPrivate, DependencyClass::kIsa};
  EXPECT_EQ(MinAttributes(a, b), expected);
}

TEST(StabilityTest, EmptyFieldsDoNotLowerTheDescription) {
  Attributes stable{Stability::kStable, Stability::kStable, DependencyClass::kCommon};
  EXPECT_EQ(DescriptionAttributes(MakeProbe(DtraceProvider(), "", "", "BEGIN")), stable);
  Attributes evolving{Stability::kEvolving, Stability::kEvolving, DependencyClass::kCommon};
  EXPECT_EQ(DescriptionAttributes(MakeProbe(ProfileProvider(), "", "", "tick-1s")), evolving);
}

TEST(StabilityTest, NamedModulesAndFunctionsLowerIt) {
  Attributes priv{Stability::kPrivate, Stability::kPrivate, DependencyClass::kUnknown};
  EXPECT_EQ(DescriptionAttributes(MakeProbe(SyscallProvider(), "vmlinux", "read", "entry")), priv);
  EXPECT_EQ(DescriptionAttributes(MakeProbe(SdtProvider(), "sched", "", "x")), priv);
}

TEST(StabilityTest, ArgumentAttributesPerProvider) {
  Attributes syscall_args{Stability::kUnstable, Stability::kUnstable, DependencyClass::kIsa};
  EXPECT_EQ(SyscallProvider().Attributes().args, syscall_args);
  Attributes sdt_args{Stability::kPrivate, Stability::kPrivate, DependencyClass::kIsa};
  EXPECT_EQ(SdtProvider().Attributes().args, sdt_args);
  EXPECT_EQ(DtraceProvider().Attributes().args.name, Stability::kStable);
}

TEST(StabilityTest, AttributesAreWrittenAsDTraceWritesThem) {
  EXPECT_EQ(AttributesString({Stability::kStable, Stability::kPrivate, DependencyClass::kCommon}),
            "Stable/Private/Common");
}

TEST(StabilityTest, ComparisonIsNameThenDataThenClass) {
  Attributes min{Stability::kStable, Stability::kPrivate, DependencyClass::kCommon};
  // A higher name stability wins whatever follows it.
  EXPECT_FALSE(AttributesBelow(
      {Stability::kStandard, Stability::kInternal, DependencyClass::kUnknown}, min));
  EXPECT_TRUE(
      AttributesBelow({Stability::kEvolving, Stability::kStandard, DependencyClass::kCommon}, min));
  EXPECT_TRUE(
      AttributesBelow({Stability::kStable, Stability::kInternal, DependencyClass::kCommon}, min));
  EXPECT_TRUE(
      AttributesBelow({Stability::kStable, Stability::kPrivate, DependencyClass::kIsa}, min));
  EXPECT_FALSE(AttributesBelow(min, min));
}

TEST(StabilityTest, ParsesAminValues) {
  using S = Stability;
  using C = DependencyClass;
  EXPECT_EQ(ParseAttributes("Stable/Private/Common"),
            (Attributes{S::kStable, S::kPrivate, C::kCommon}));
  EXPECT_EQ(ParseAttributes("evolving/UNSTABLE/isa"),
            (Attributes{S::kEvolving, S::kUnstable, C::kIsa}));
  // Fields left out are the highest.
  EXPECT_EQ(ParseAttributes("Private"), (Attributes{S::kPrivate, S::kStandard, C::kCommon}));
  EXPECT_EQ(ParseAttributes("Private/"), (Attributes{S::kPrivate, S::kStandard, C::kCommon}));
  EXPECT_EQ(ParseAttributes("Stable/Stable/CPU/"), (Attributes{S::kStable, S::kStable, C::kCpu}));
  EXPECT_EQ(ParseAttributes(""), (Attributes{S::kStandard, S::kStandard, C::kCommon}));
  EXPECT_EQ(ParseAttributes("Stable/Stable/Common/Common"), std::nullopt);
  EXPECT_EQ(ParseAttributes("Stable//Common"), std::nullopt);
  EXPECT_EQ(ParseAttributes("/Stable"), std::nullopt);
  EXPECT_EQ(ParseAttributes("Common"), std::nullopt);                // a class is not a stability
  EXPECT_EQ(ParseAttributes("Stable/Stable/Stable"), std::nullopt);  // nor the reverse
  EXPECT_EQ(ParseAttributes("Stabl"), std::nullopt);
}

}  // namespace
}  // namespace dt
