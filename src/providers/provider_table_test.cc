// The provider table and what each provider says about its programs: the
// facts code generation and the session rely on instead of a provider kind.
#include <gtest/gtest.h>
#include <linux/bpf.h>

#include <string>
#include <vector>

#include "providers/dtrace_provider.h"
#include "providers/fbt_provider.h"
#include "providers/lockstat_provider.h"
#include "providers/net_providers.h"
#include "providers/pid_provider.h"
#include "providers/probe_registry.h"
#include "providers/profile_provider.h"
#include "providers/provider.h"
#include "providers/sdt_provider.h"
#include "providers/stable_providers.h"
#include "providers/syscall_provider.h"
#include "providers/usdt_provider.h"

namespace dt {
namespace {

KernelEventList FakeEvents() {
  return {{"syscalls", "sys_enter_read"},
          {"syscalls", "sys_exit_read"},
          {"syscalls", "sys_enter_getppid"},
          {"sched", "sched_switch"}};
}

TEST(ProviderTableTest, ListsEachProviderOnceInProbeIdOrder) {
  const std::vector<const Provider*>& all = AllProviders();
  ASSERT_EQ(all.size(), 10u);
  EXPECT_EQ(all[0], &DtraceProvider());
  EXPECT_EQ(all[1], &ProfileProvider());
  EXPECT_EQ(all[2], &SyscallProvider());
  EXPECT_EQ(all[3], &SdtProvider());
  EXPECT_EQ(all[4], &StableProvider());
  EXPECT_EQ(all[5], &NetProvider());
  EXPECT_EQ(all[6], &LockstatProvider());
  EXPECT_EQ(all[7], &FbtProvider());
  EXPECT_EQ(all[8], &PidProvider());
  EXPECT_EQ(all[9], &UsdtProvider());
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(ProviderRank(*all[i]), i);
}

TEST(ProviderTableTest, EveryProbeKnowsItsProvider) {
  ProbeRegistry registry(FakeEvents());
  registry.Match("profile-1234hz");  // one made on demand
  for (const auto& p : registry.probes()) {
    ASSERT_NE(p->owner, nullptr) << p->FullName();
    EXPECT_LT(ProviderRank(*p->owner), AllProviders().size()) << p->FullName();
  }
}

TEST(ProviderTableTest, ShapesOfTheirPrograms) {
  EXPECT_TRUE(DtraceProvider().Shape().run_once);
  EXPECT_EQ(DtraceProvider().Shape().tracing_frames, 1);
  EXPECT_EQ(ProfileProvider().Shape().prog_type, static_cast<uint32_t>(BPF_PROG_TYPE_PERF_EVENT));
  EXPECT_TRUE(ProfileProvider().Shape().stack_starts_at_sample);
  EXPECT_TRUE(SyscallProvider().Shape().shared_by_probes);
  EXPECT_EQ(SyscallProvider().Shape().tracing_frames, 3);
  EXPECT_EQ(SdtProvider().Shape().prog_type, static_cast<uint32_t>(BPF_PROG_TYPE_TRACEPOINT));
  EXPECT_FALSE(StableProvider().Shape().shared_by_probes);
  for (const Provider* p : AllProviders()) EXPECT_NE(p->Shape().prog_type, 0u);
}

TEST(ProviderTableTest, SyscallProbesShareOneProgramPerSide) {
  ProbeRegistry registry(FakeEvents());
  auto entries = registry.Match("syscall:::entry");
  auto returns = registry.Match("syscall:::return");
  ASSERT_EQ(entries.size(), 2u);
  ASSERT_EQ(returns.size(), 2u);
  const Provider& syscall = SyscallProvider();
  EXPECT_EQ(syscall.ProgramGroup(*entries[0]), syscall.ProgramGroup(*entries[1]));
  EXPECT_NE(syscall.ProgramGroup(*entries[0]), syscall.ProgramGroup(*returns[0]));
  EXPECT_EQ(syscall.ProgramName(*entries[1]), "syscall:::entry");
  EXPECT_EQ(syscall.ProgramName(*returns[0]), "syscall:::return");
  // Other providers: a program per probe, named after it.
  auto sdt = registry.Match("sdt:sched::sched_switch");
  ASSERT_EQ(sdt.size(), 1u);
  EXPECT_EQ(SdtProvider().ProgramGroup(*sdt[0]), sdt[0]->id);
  EXPECT_EQ(SdtProvider().ProgramName(*sdt[0]), "sdt:sched::sched_switch");
}

TEST(ProviderTableTest, HowArgumentsAreAnalyzed) {
  ProbeRegistry registry(FakeEvents());
  for (const auto& p : registry.probes()) {
    bool stable = p->owner == &StableProvider();
    EXPECT_EQ(p->owner->DefinitionInD(*p) != nullptr, stable) << p->FullName();
    EXPECT_EQ(p->owner->ArgsAreRecordFields(), p->owner == &SdtProvider()) << p->FullName();
  }
}

}  // namespace
}  // namespace dt
