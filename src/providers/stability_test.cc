#include "providers/stability.h"

#include <gtest/gtest.h>

namespace dt {
namespace {

Probe MakeProbe(ProviderKind kind, const char* module, const char* function, const char* name) {
  Probe p;
  p.kind = kind;
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
  EXPECT_EQ(DescriptionAttributes(MakeProbe(ProviderKind::kDtrace, "", "", "BEGIN")), stable);
  Attributes evolving{Stability::kEvolving, Stability::kEvolving, DependencyClass::kCommon};
  EXPECT_EQ(DescriptionAttributes(MakeProbe(ProviderKind::kProfile, "", "", "tick-1s")), evolving);
}

TEST(StabilityTest, NamedModulesAndFunctionsLowerIt) {
  Attributes priv{Stability::kPrivate, Stability::kPrivate, DependencyClass::kUnknown};
  EXPECT_EQ(DescriptionAttributes(MakeProbe(ProviderKind::kSyscall, "vmlinux", "read", "entry")),
            priv);
  EXPECT_EQ(DescriptionAttributes(MakeProbe(ProviderKind::kTracepoint, "sched", "", "x")), priv);
}

TEST(StabilityTest, ArgumentAttributesPerProvider) {
  Attributes syscall_args{Stability::kUnstable, Stability::kUnstable, DependencyClass::kIsa};
  EXPECT_EQ(AttributesOf(ProviderKind::kSyscall).args, syscall_args);
  Attributes sdt_args{Stability::kPrivate, Stability::kPrivate, DependencyClass::kIsa};
  EXPECT_EQ(AttributesOf(ProviderKind::kTracepoint).args, sdt_args);
  EXPECT_EQ(AttributesOf(ProviderKind::kDtrace).args.name, Stability::kStable);
}

}  // namespace
}  // namespace dt
