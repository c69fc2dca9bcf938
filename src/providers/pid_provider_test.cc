#include "providers/pid_provider.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "common/diagnostic.h"
#include "providers/probe_registry.h"

// A function of this test program for its own pid probes.
extern "C" __attribute__((noinline)) int PidProviderTestFunction(int x) {
  __asm__ volatile("");
  return x * 2;
}

namespace dt {
namespace {

std::string Self() { return "pid" + std::to_string(getpid()); }

TEST(PidProviderTest, ProviderNamesCarryAPid) {
  EXPECT_EQ(PidOfProviderName("pid123"), 123);
  EXPECT_EQ(PidOfProviderName("pid"), 0);
  EXPECT_EQ(PidOfProviderName("pid0"), 0);
  EXPECT_EQ(PidOfProviderName("pid012"), 0);
  EXPECT_EQ(PidOfProviderName("pid12x"), 0);
  EXPECT_EQ(PidOfProviderName("pid*"), 0);
  EXPECT_EQ(PidOfProviderName("syscall"), 0);
  EXPECT_EQ(PidOfProviderName("pid99999999999999999999"), 0);
}

TEST(PidProviderTest, ProbesAreMadeWhenADescriptionNamesThem) {
  ProbeRegistry registry{KernelEventList{}};
  std::vector<const Probe*> found = registry.Match(Self() + ":libc.so.6:malloc:entry");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->provider, Self());
  EXPECT_EQ(found[0]->module, "libc.so.6");
  EXPECT_EQ(found[0]->function, "malloc");
  EXPECT_EQ(found[0]->name, "entry");
  EXPECT_EQ(found[0]->owner, &PidProvider());
  EXPECT_FALSE(PidData(*found[0]).is_return);
  EXPECT_GT(PidData(*found[0]).file_offset, 0u);
  // The shorter module names DTrace accepts name the same probes; nothing
  // is made twice.
  size_t before = registry.probes().size();
  std::vector<const Probe*> both = registry.Match(Self() + ":libc:malloc:");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0], found[0]);
  EXPECT_EQ(both[1]->name, "return");
  EXPECT_TRUE(PidData(*both[1]).is_return);
  EXPECT_EQ(registry.probes().size(), before + 1);
}

TEST(PidProviderTest, TheExecutableIsAOutAndAliasesNameTheCanonicalFunction) {
  ProbeRegistry registry{KernelEventList{}};
  std::vector<const Probe*> own = registry.Match(Self() + ":a.out:PidProviderTestFunction:entry");
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0]->module, "providers_tests");
  EXPECT_TRUE(PidData(*own[0]).in_executable);
  // glibc's __libc_malloc is another name of malloc: one probe, malloc's.
  std::vector<const Probe*> alias = registry.Match(Self() + ":libc.so.6:__libc_malloc:entry");
  ASSERT_EQ(alias.size(), 1u);
  EXPECT_EQ(alias[0]->function, "malloc");
}

TEST(PidProviderTest, GlobsMatchFunctionsAndModules) {
  ProbeRegistry registry{KernelEventList{}};
  std::vector<const Probe*> found = registry.Match(Self() + ":libc*:mallo?:entry");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->function, "malloc");
  EXPECT_GT(registry.Match(Self() + ":libc.so.6::entry").size(), 1000u);
}

TEST(PidProviderTest, MissingFunctionsAndProcessesAreErrorsAsInDTrace) {
  ProbeRegistry registry{KernelEventList{}};
  try {
    registry.Match(Self() + ":a.out:no_such_function:entry");
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_PROC_FUNC");
    EXPECT_STREQ(e.what(), "failed to lookup 'no_such_function' in module 'a.out'");
  }
  // With a glob anywhere the description may match nothing, silently.
  EXPECT_TRUE(registry.Match(Self() + ":a.out:no_such_*:entry").empty());
  try {
    registry.Match("pid4194305:::entry");
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_PROC_GRAB");
    EXPECT_STREQ(e.what(), "failed to grab process 4194305");
  }
}

}  // namespace
}  // namespace dt
