#include "providers/probe_registry.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "providers/sdt_provider.h"
#include "providers/stable_providers.h"
#include "providers/syscall_provider.h"

namespace dt {
namespace {

#define REQUIRE_ROOT() \
  if (geteuid() != 0) GTEST_SKIP() << "needs root: reads tracefs"

// A small kernel: two syscalls (read = 0, getppid = 110) and a few
// tracepoints, given out of order and with categories that are not sdt's.
KernelEventList FakeEvents() {
  return {{"syscalls", "sys_exit_getppid"},
          {"syscalls", "sys_enter_getppid"},
          {"sched", "sched_switch"},
          {"syscalls", "sys_enter_read"},
          {"irq", "irq_handler_entry"},
          {"sched", "sched_process_exec"},
          {"kprobes", "my_kprobe"},
          {"uprobes", "my_uprobe"},
          {"syscalls", "sys_enter_nosuchcall"},
          {"sched", "sched_wakeup"}};
}

std::vector<std::string> Names(const std::vector<const Probe*>& probes) {
  std::vector<std::string> names;
  for (const Probe* p : probes) names.push_back(p->FullName());
  return names;
}

TEST(ProbeRegistryTest, KeepsIdsOfEarlierProvidersAndAppendsTracepointsSorted) {
  ProbeRegistry registry(FakeEvents());
  const auto& probes = registry.probes();
  // ... then sched/proc/io probes whose raw tracepoints the kernel has:
  // sched_switch gives on-cpu, off-cpu, sleep and preempt.
  ASSERT_EQ(probes.size(), 3u + 15u + 4u + 4u + 6u);
  EXPECT_EQ(probes[0]->FullName(), "dtrace:::BEGIN");
  EXPECT_EQ(probes[2]->FullName(), "dtrace:::ERROR");
  EXPECT_EQ(probes[3]->FullName(), "profile:::profile-97");
  EXPECT_EQ(probes[18]->FullName(), "syscall:vmlinux:read:entry");
  EXPECT_EQ(probes[19]->FullName(), "syscall:vmlinux:read:return");
  EXPECT_EQ(probes[20]->FullName(), "syscall:vmlinux:getppid:entry");
  EXPECT_EQ(probes[22]->FullName(), "sdt:irq::irq_handler_entry");
  EXPECT_EQ(probes[23]->FullName(), "sdt:sched::sched_process_exec");
  EXPECT_EQ(probes[24]->FullName(), "sdt:sched::sched_switch");
  EXPECT_EQ(probes[25]->FullName(), "sdt:sched::sched_wakeup");
  EXPECT_EQ(probes[26]->FullName(), "sched:vmlinux::on-cpu");
  EXPECT_EQ(probes[29]->FullName(), "sched:vmlinux::preempt");
  EXPECT_EQ(probes[30]->FullName(), "sched:vmlinux::wakeup");
  EXPECT_EQ(probes[31]->FullName(), "proc:vmlinux::exec-success");
  ASSERT_NE(probes[31]->owner->DefinitionInD(*probes[31]), nullptr);
  EXPECT_STREQ(probes[31]->owner->DefinitionInD(*probes[31])->fires_on, "sched_process_exec");
  EXPECT_TRUE(registry.Match("sched:::change-pri").empty());  // no sched_pi_setprio here
  for (size_t i = 0; i < probes.size(); ++i) EXPECT_EQ(probes[i]->id, i + 1);
}

TEST(ProbeRegistryTest, TracepointProbesKnowTheirTracepoint) {
  ProbeRegistry registry(FakeEvents());
  auto found = registry.Match("sdt:sched::sched_switch");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->owner, &SdtProvider());
  EXPECT_EQ(TracepointData(*found[0]).category, "sched");
  EXPECT_EQ(TracepointData(*found[0]).event, "sched_switch");
  EXPECT_EQ(found[0]->function, "");

  auto ret = registry.Match("syscall::getppid:return");
  ASSERT_EQ(ret.size(), 1u);
  EXPECT_EQ(ret[0]->owner, &SyscallProvider());
  EXPECT_EQ(SyscallData(*ret[0]).format_event, "sys_exit_getppid");
  EXPECT_TRUE(SyscallData(*ret[0]).is_return);
  EXPECT_EQ(SyscallData(*ret[0]).nr, 110);
}

TEST(ProbeRegistryTest, LeavesOutSyscallsKprobesAndUprobesFromSdt) {
  ProbeRegistry registry(FakeEvents());
  EXPECT_TRUE(registry.Match("sdt:syscalls::").empty());
  EXPECT_TRUE(registry.Match("sdt:kprobes::").empty());
  EXPECT_TRUE(registry.Match("sdt:uprobes::").empty());
  EXPECT_TRUE(registry.Match("syscall::nosuchcall:").empty());
}

TEST(ProbeRegistryTest, MatchesTracepointsWithGlobs) {
  ProbeRegistry registry(FakeEvents());
  EXPECT_EQ(Names(registry.Match("sdt:sched::sched_sw*")),
            std::vector<std::string>{"sdt:sched::sched_switch"});
  EXPECT_EQ(Names(registry.Match("sdt:sched::")),
            (std::vector<std::string>{"sdt:sched::sched_process_exec", "sdt:sched::sched_switch",
                                      "sdt:sched::sched_wakeup"}));
  EXPECT_EQ(registry.Match("sdt:::").size(), 4u);
  EXPECT_EQ(Names(registry.Match("sched_switch")),
            std::vector<std::string>{"sdt:sched::sched_switch"});
  EXPECT_EQ(Names(registry.Match("s?t:*::*_entry")),
            std::vector<std::string>{"sdt:irq::irq_handler_entry"});
  EXPECT_EQ(Names(registry.Match("sdt:sched::sched_[sw]*")),
            (std::vector<std::string>{"sdt:sched::sched_switch", "sdt:sched::sched_wakeup"}));
  EXPECT_TRUE(registry.Match("sdt:sched:x:sched_switch").empty());
  EXPECT_TRUE(registry.Match("tracepoint:sched::sched_switch").empty());
}

TEST(ProbeRegistryTest, OnDemandProfileProbesComeAfterTracepoints) {
  ProbeRegistry registry(FakeEvents());
  size_t before = registry.probes().size();
  auto found = registry.Match("profile:::tick-3s");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->id, before + 1);
  EXPECT_EQ(registry.Match("sdt:sched::sched_switch")[0]->id, 25u);
}

TEST(ProbeRegistryTest, DtraceAndProfileProbesHaveNoTypedArgs) {
  ProbeRegistry registry(FakeEvents());
  EXPECT_TRUE(registry.Args(*registry.ById(1)).empty());
  EXPECT_TRUE(registry.Args(*registry.ById(4)).empty());
}

TEST(ProbeRegistryTest, MissingTracepointHasNoArgsInsteadOfFailing) {
  ProbeRegistry registry(KernelEventList{{"nosuchcategory", "nosuchevent"}});
  auto found = registry.Match("sdt:nosuchcategory::nosuchevent");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(registry.Args(*found[0]).empty());
}

TEST(ProbeRegistryTest, SchedSwitchArgsAreItsOwnFields) {
  REQUIRE_ROOT();
  ProbeRegistry registry;
  auto found = registry.Match("sdt:sched::sched_switch");
  ASSERT_EQ(found.size(), 1u);
  const std::vector<ProbeArg>& args = registry.Args(*found[0]);
  ASSERT_EQ(args.size(), 7u);
  EXPECT_EQ(args[0].name, "prev_comm");
  EXPECT_EQ(args[0].type, "char[16]");
  EXPECT_EQ(args[0].element_type, "char");
  EXPECT_EQ(args[0].array_length, 16);
  EXPECT_EQ(args[0].size, 16u);
  EXPECT_EQ(args[0].offset, 8u);  // right after the common_* fields
  EXPECT_EQ(args[1].name, "prev_pid");
  EXPECT_EQ(args[1].type, "pid_t");
  EXPECT_EQ(args[1].size, 4u);
  EXPECT_TRUE(args[1].is_signed);
  EXPECT_EQ(args[3].name, "prev_state");
  EXPECT_EQ(args[4].name, "next_comm");
  EXPECT_EQ(args[5].type, "pid_t");
  EXPECT_EQ(args[6].name, "next_prio");
  // Cached: the same vector comes back.
  EXPECT_EQ(&registry.Args(*found[0]), &args);
}

TEST(ProbeRegistryTest, DataLocFieldsLoseTheirPrefixButKeepTheFlag) {
  REQUIRE_ROOT();
  ProbeRegistry registry;
  auto found = registry.Match("sdt:sched::sched_process_exec");
  ASSERT_EQ(found.size(), 1u);
  const std::vector<ProbeArg>& args = registry.Args(*found[0]);
  ASSERT_FALSE(args.empty());
  EXPECT_EQ(args[0].name, "filename");
  EXPECT_EQ(args[0].type, "char[]");
  EXPECT_TRUE(args[0].is_data_loc);
  EXPECT_EQ(args[0].size, 4u);
}

TEST(ProbeRegistryTest, SyscallEntryArgsAreTheParameterTypes) {
  REQUIRE_ROOT();
  ProbeRegistry registry;
  auto found = registry.Match("syscall::openat:entry");
  ASSERT_EQ(found.size(), 1u);
  const std::vector<ProbeArg>& args = registry.Args(*found[0]);
  ASSERT_EQ(args.size(), 4u);
  EXPECT_EQ(args[0].name, "dfd");
  EXPECT_EQ(args[0].type, "int");
  EXPECT_EQ(args[1].name, "filename");
  EXPECT_EQ(args[1].type, "const char *");
  EXPECT_EQ(args[1].offset, 24u);
  EXPECT_EQ(args[2].type, "int");
  EXPECT_EQ(args[3].type, "umode_t");

  auto read = registry.Match("syscall::read:entry");
  ASSERT_EQ(read.size(), 1u);
  const std::vector<ProbeArg>& read_args = registry.Args(*read[0]);
  ASSERT_EQ(read_args.size(), 3u);
  EXPECT_EQ(read_args[0].type, "unsigned int");
  EXPECT_EQ(read_args[1].type, "char *");
  EXPECT_EQ(read_args[2].type, "size_t");
}

TEST(ProbeRegistryTest, SyscallReturnArgsAreTwoLongs) {
  REQUIRE_ROOT();
  ProbeRegistry registry;
  auto found = registry.Match("syscall::openat:return");
  ASSERT_EQ(found.size(), 1u);
  const std::vector<ProbeArg>& args = registry.Args(*found[0]);
  ASSERT_EQ(args.size(), 2u);
  for (const ProbeArg& arg : args) {
    EXPECT_EQ(arg.type, "long");
    EXPECT_EQ(arg.offset, 16u);
    EXPECT_EQ(arg.size, 8u);
    EXPECT_TRUE(arg.is_signed);
  }
}

TEST(ProbeRegistryTest, RealKernelHasThousandsOfProbes) {
  REQUIRE_ROOT();
  ProbeRegistry registry;
  EXPECT_GT(registry.probes().size(), 1000u);
  EXPECT_FALSE(registry.Match("sdt:sched::sched_switch").empty());
  EXPECT_EQ(registry.Match("BEGIN").size(), 1u);
  EXPECT_EQ(registry.Match("BEGIN")[0]->id, 1u);
}

}  // namespace
}  // namespace dt
