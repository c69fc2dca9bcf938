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

}  // namespace
}  // namespace dt
