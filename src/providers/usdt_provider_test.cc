#include "providers/usdt_provider.h"

#include <gtest/gtest.h>
#include <sys/sdt.h>
#include <unistd.h>

#include <string>

#include "common/diagnostic.h"
#include "providers/probe_registry.h"

// USDT probes of this test program, for its own usdt probes: one probe
// with a site in each of two functions, and one probe at two sites of one
// function.
extern "C" __attribute__((noinline)) void UsdtProviderTestFirst(long x) {
  STAP_PROBE1(dt_usdt_test, two__functions, x);
}
extern "C" __attribute__((noinline)) void UsdtProviderTestSecond(long x) {
  STAP_PROBE1(dt_usdt_test, two__functions, x + 1);
  STAP_PROBE2(dt_usdt_test, two__sites, x, 5);
  STAP_PROBE1(dt_usdt_test, two__sites, x * 2);
}

namespace dt {
namespace {

std::string Self() { return "dt_usdt_test" + std::to_string(getpid()); }

TEST(UsdtProviderTest, ProviderNamesEndInAPid) {
  std::optional<UsdtProviderName> python = ParseUsdtProviderName("python1234");
  ASSERT_TRUE(python);
  EXPECT_EQ(python->provider, "python");
  EXPECT_EQ(python->pid, 1234);
  EXPECT_TRUE(ParseUsdtProviderName("my_prov2x7"));
  EXPECT_EQ(ParseUsdtProviderName("my_prov2x7")->provider, "my_prov2x");
  EXPECT_FALSE(ParseUsdtProviderName("pid1234")) << "the pid provider's";
  EXPECT_FALSE(ParseUsdtProviderName("python"));
  EXPECT_FALSE(ParseUsdtProviderName("python0"));
  EXPECT_FALSE(ParseUsdtProviderName("python012"));
  EXPECT_FALSE(ParseUsdtProviderName("1234"));
  EXPECT_FALSE(ParseUsdtProviderName("py*1234"));
  EXPECT_FALSE(ParseUsdtProviderName("python99999999999999999999"));
}

TEST(UsdtProviderTest, BothSpellingsOfANameMatch) {
  EXPECT_TRUE(UsdtNameMatches("function-entry", "function__entry"));
  EXPECT_TRUE(UsdtNameMatches("function__entry", "function__entry"));
  EXPECT_TRUE(UsdtNameMatches("function-*", "function__entry"));
  EXPECT_TRUE(UsdtNameMatches("", "function__entry"));
  EXPECT_FALSE(UsdtNameMatches("function_entry", "function__entry"));
  EXPECT_FALSE(UsdtNameMatches("function-return", "function__entry"));
}

TEST(UsdtProviderTest, ProbesOfThisProcessAreNamedAsDtraceNamesThem) {
  ProbeRegistry registry{KernelEventList{}};
  std::vector<const Probe*> found = registry.Match(Self() + ":::");
  ASSERT_EQ(found.size(), 3u);
  std::string self_name;
  {
    char path[4096] = {};
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    ASSERT_GT(n, 0);
    self_name = std::string(path, static_cast<size_t>(n));
    self_name = self_name.substr(self_name.rfind('/') + 1);
  }
  EXPECT_EQ(found[0]->FullName(),
            Self() + ":" + self_name + ":UsdtProviderTestFirst:two-functions");
  EXPECT_EQ(found[1]->FullName(),
            Self() + ":" + self_name + ":UsdtProviderTestSecond:two-functions");
  EXPECT_EQ(found[2]->FullName(), Self() + ":" + self_name + ":UsdtProviderTestSecond:two-sites");
  const UsdtProbeData& sites = UsdtData(*found[2]);
  EXPECT_EQ(sites.pid, getpid());
  EXPECT_EQ(sites.note_name, "two__sites");
  ASSERT_EQ(sites.sites.size(), 2u);
  EXPECT_EQ(sites.sites[0].arguments.size(), 2u);
  EXPECT_EQ(sites.sites[1].arguments.size(), 1u);
  EXPECT_NE(sites.sites[0].file_offset, sites.sites[1].file_offset);
  EXPECT_EQ(sites.sites[0].semaphore_file_offset, 0u);

  // The note's spelling names the same probe; nothing is made twice.
  std::vector<const Probe*> again = registry.Match(Self() + "::UsdtProviderTestSecond:two__sites");
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0], found[2]);
  EXPECT_EQ(registry.Match(Self() + ":::").size(), 3u);
}

TEST(UsdtProviderTest, OtherProvidersAndProcessesMatchNothing) {
  ProbeRegistry registry{KernelEventList{}};
  EXPECT_TRUE(registry.Match("no_such_provider" + std::to_string(getpid()) + ":::").empty());
  EXPECT_TRUE(registry.Match(Self() + ":no_such_module::").empty());
  // pid_max is at most 4194304.
  EXPECT_TRUE(registry.Match("dt_usdt_test99999999:::").empty());
}

TEST(UsdtProviderTest, AProcessScopeLimitsAProviderGlobToThatProcess) {
  ProbeRegistry registry{KernelEventList{}};
  // A glob looks at every process but dtrace's own (this one); others
  // running this test may match.
  for (const Probe* p : registry.Match("dt_usdt_tes*:::")) EXPECT_NE(UsdtData(*p).pid, getpid());
  // Matched again for one process (it loaded objects), it looks at that one
  // alone: here this one, which it never looks at otherwise.
  registry.set_process_scope(getpid());
  std::vector<const Probe*> found = registry.Match("dt_usdt_tes*:::");
  registry.set_process_scope(0);
  size_t ours = 0;
  for (const Probe* p : found) ours += UsdtData(*p).pid == getpid();
  EXPECT_EQ(ours, 3u);
}

TEST(UsdtProviderTest, WithZAProcessDescriptionThatNamesNothingKeepsAPlaceholder) {
  ProbeRegistry registry{KernelEventList{}};
  EXPECT_TRUE(registry.Match(Self() + ":libnotyet.so::fire").empty()) << "without -Z";
  SetUsdtPlaceholders(true);
  std::vector<const Probe*> found = registry.Match(Self() + ":libnotyet.so::fire");
  std::vector<const Probe*> again = registry.Match(Self() + ":libnotyet.so::fire");
  // Only for a process that is there, and not where a probe matches.
  std::vector<const Probe*> no_process = registry.Match("dt_usdt_test99999999:::fire");
  std::vector<const Probe*> real = registry.Match(Self() + ":::two-sites");
  SetUsdtPlaceholders(false);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0]->placeholder);
  EXPECT_EQ(found[0]->FullName(), Self() + ":libnotyet.so::fire");
  EXPECT_EQ(UsdtData(*found[0]).pid, getpid());
  EXPECT_TRUE(UsdtData(*found[0]).sites.empty());
  ASSERT_EQ(again.size(), 1u) << "made once";
  EXPECT_EQ(again[0], found[0]);
  EXPECT_TRUE(no_process.empty());
  ASSERT_EQ(real.size(), 1u);
  EXPECT_FALSE(real[0]->placeholder);
}

TEST(UsdtProviderTest, UsdtPathFilesGiveProbesForEveryProcess) {
  char path[4096] = {};
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  ASSERT_GT(n, 0);
  std::string self_path(path, static_cast<size_t>(n));
  std::string self_name = self_path.substr(self_path.rfind('/') + 1);
  ProbeRegistry registry{KernelEventList{}};
  EXPECT_TRUE(registry.Match("dt_usdt_test:::").empty()) << "no usdtpath: a pid is needed";
  // Empty entries (a leading ':', '::') are skipped, as in PATH.
  SetUsdtPaths(":" + self_path + "::");
  std::vector<const Probe*> found = registry.Match("dt_usdt_test:::two-sites");
  SetUsdtPaths("");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->FullName(),
            "dt_usdt_test:" + self_name + ":UsdtProviderTestSecond:two-sites");
  const UsdtProbeData& data = UsdtData(*found[0]);
  EXPECT_EQ(data.pid, 0) << "every process";
  EXPECT_EQ(data.path, self_path);
  EXPECT_EQ(data.sites.size(), 2u);
  EXPECT_EQ(found[0]->owner->ProgramName(*found[0]), "usdt probes of the usdtpath files");

  SetUsdtPaths("/no/such/file");
  try {
    registry.Match("dt_usdt_test:::");
    ADD_FAILURE() << "a usdtpath file that cannot be read is an error";
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot read usdtpath file /no/such/file: ", 0), 0u)
        << e.what();
  }
  SetUsdtPaths("");
}

}  // namespace
}  // namespace dt
