#include "runtime/attach.h"

#include <gtest/gtest.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>

#include "common/diagnostic.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

// An array map with one u64 counter, and a program of `type` that bumps it.
struct Counter {
  explicit Counter(uint32_t prog_type)
      : map(CreateMap({"test_count", BPF_MAP_TYPE_ARRAY, 4, 8, 1})),
        program(LoadProgram(prog_type, test::CountIntoArray(map.fd()), "counter")) {}

  uint64_t Value() const {
    uint32_t key = 0;
    uint64_t value = 0;
    EXPECT_TRUE(map.Lookup(&key, &value));
    return value;
  }

  Map map;
  Program program;
};

void CallGetppid(int times) {
  for (int i = 0; i < times; ++i) syscall(SYS_getppid);
}

TEST(AttachTest, RawTracepointFiresUntilDetached) {
  DT_REQUIRE_ROOT();
  Counter counter(BPF_PROG_TYPE_RAW_TRACEPOINT);
  {
    Attachment attachment = AttachRawTracepoint(counter.program.fd(), "sys_enter");
    EXPECT_EQ(attachment.size(), 1u);
    CallGetppid(10);
    EXPECT_GE(counter.Value(), 10u);
  }
  uint64_t after_detach = counter.Value();
  CallGetppid(10);
  EXPECT_EQ(counter.Value(), after_detach);
}

TEST(AttachTest, TracepointFiresForItsSyscallOnly) {
  DT_REQUIRE_ROOT();
  Counter counter(BPF_PROG_TYPE_TRACEPOINT);
  Attachment attachment = AttachTracepoint(counter.program.fd(), "syscalls", "sys_enter_getppid");
  uint64_t before = counter.Value();
  CallGetppid(25);
  EXPECT_GE(counter.Value() - before, 25u);
  attachment.Detach();
  EXPECT_TRUE(attachment.empty());
  uint64_t after_detach = counter.Value();
  CallGetppid(5);
  EXPECT_EQ(counter.Value(), after_detach);
}

TEST(AttachTest, PerfTimerFiresOnEveryOnlineCpu) {
  DT_REQUIRE_ROOT();
  Counter counter(BPF_PROG_TYPE_PERF_EVENT);
  std::vector<int> cpus = OnlineCpus();
  // 1000 Hz on each CPU; spin until many ticks are seen. The cpu-clock
  // only advances while a CPU runs, so a loaded machine needs longer than
  // 10 ms: wait for the ticks, with a deadline far beyond it.
  Attachment attachment = AttachPerfTimer(counter.program.fd(), 1000, true, cpus);
  EXPECT_EQ(attachment.size(), cpus.size());
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (counter.Value() <= 10u && std::chrono::steady_clock::now() < deadline) {
  }
  EXPECT_GT(counter.Value(), 10u);
  attachment.Detach();

  // A period in ns (tick-5ms style) on one CPU.
  Attachment tick = AttachPerfTimer(counter.program.fd(), 5'000'000, false, {cpus[0]});
  EXPECT_EQ(tick.size(), 1u);
}

TEST(AttachTest, ErrorsNameTheTarget) {
  DT_REQUIRE_ROOT();
  Counter counter(BPF_PROG_TYPE_TRACEPOINT);
  try {
    AttachTracepoint(counter.program.fd(), "syscalls", "sys_enter_nosuch");
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(),
                 "cannot attach to tracepoint syscalls:sys_enter_nosuch: no such tracepoint");
  }
  Counter raw(BPF_PROG_TYPE_RAW_TRACEPOINT);
  try {
    AttachRawTracepoint(raw.program.fd(), "no_such_raw_tp");
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(),
                 "cannot attach to raw tracepoint no_such_raw_tp: no such raw tracepoint");
  }
  // A raw tracepoint program cannot hang off a perf event.
  EXPECT_THROW(AttachTracepoint(raw.program.fd(), "syscalls", "sys_enter_getppid"), RuntimeError);
  EXPECT_THROW(AttachPerfTimer(counter.program.fd(), 0, true, {0}), RuntimeError);
}

TEST(CpuListTest, ParsesRangesAndSingles) {
  EXPECT_EQ(ParseCpuList("0-3,6\n"), (std::vector<int>{0, 1, 2, 3, 6}));
  EXPECT_EQ(ParseCpuList("0"), (std::vector<int>{0}));
  EXPECT_EQ(ParseCpuList(""), (std::vector<int>{}));
  EXPECT_THROW(ParseCpuList("3-1"), RuntimeError);
  EXPECT_THROW(ParseCpuList("a"), RuntimeError);
  EXPECT_THROW(ParseCpuList("1-"), RuntimeError);
  EXPECT_THROW(ParseCpuList("1,,2"), RuntimeError);
}

TEST(CpuListTest, OnlineCpusIncludesCpuZero) {
  std::vector<int> cpus = OnlineCpus();
  ASSERT_FALSE(cpus.empty());
  EXPECT_EQ(cpus[0], 0);
}

}  // namespace
}  // namespace dt::runtime
