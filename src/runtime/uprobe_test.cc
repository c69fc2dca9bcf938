#include "runtime/uprobe.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/diagnostic.h"
#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/test_insns.h"

// Functions of this test program to probe. The second starts with a
// lock-prefixed instruction, which uprobes cannot single-step.
extern "C" __attribute__((noinline)) int UprobeTestTarget(int x) {
  __asm__ volatile("");
  return x + 1;
}
// Probed with a reference counter only: the kernel refuses a second
// uprobe at one site with another counter (tests of this program run in
// parallel processes).
extern "C" __attribute__((noinline)) int UprobeTestCountedTarget(int x) {
  __asm__ volatile("");
  return x + 2;
}
extern "C" void UprobeTestLocked(int* counter);
__asm__(
    ".text\n"
    ".globl UprobeTestLocked\n"
    "UprobeTestLocked:\n"
    "  lock addl $1, (%rdi)\n"
    "  ret\n");

// A USDT-style semaphore: in a section with file contents (not .bss), so
// the kernel finds it in a mapping of this program's file.
extern "C" {
volatile unsigned short uprobe_test_semaphore __attribute__((section(".probes"), used)) = 0;
}

namespace dt::runtime {
namespace {

struct FileSite {
  std::string path;
  uint64_t offset = 0;
};

// Where the code at `address` lies in the file mapped there, from
// /proc/self/maps (what the pid provider computes from ELF headers).
FileSite SiteOf(const volatile void* address, char want = 'x') {
  auto at = reinterpret_cast<uint64_t>(address);
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    unsigned long long start = 0, end = 0, offset = 0;
    char perms[8] = {};
    int path_at = 0;
    if (sscanf(line.c_str(), "%llx-%llx %7s %llx %*s %*s %n", &start, &end, perms, &offset,
               &path_at) < 4)
      continue;
    if (at >= start && at < end && (want == 'x' ? perms[2] == 'x' : true))
      return {line.substr(static_cast<size_t>(path_at)), at - start + offset};
  }
  return {};
}

struct Counter {
  explicit Counter(bool multi)
      : map(CreateMap({"test_count", BPF_MAP_TYPE_ARRAY, 4, 8, 1})),
        program(LoadProgram(BPF_PROG_TYPE_KPROBE, test::CountIntoArray(map.fd()), "counter",
                            multi ? kUprobeMultiAttachType : 0)) {}
  uint64_t Value() const {
    uint32_t key = 0;
    uint64_t value = 0;
    EXPECT_TRUE(map.Lookup(&key, &value));
    return value;
  }
  Map map;
  Program program;
};

class UprobeTest : public testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    DT_REQUIRE_ROOT();
    if (GetParam() && !HasUprobeMulti()) GTEST_SKIP() << "no multi-uprobe link on this kernel";
  }
};

TEST_P(UprobeTest, EntryAndReturnFireOncePerCallUntilDetached) {
  FileSite site = SiteOf(reinterpret_cast<const void*>(&UprobeTestTarget));
  ASSERT_FALSE(site.path.empty());
  for (bool is_return : {false, true}) {
    Counter counter(GetParam());
    std::vector<UprobeFailure> failures;
    {
      Attachment a = AttachUprobes(counter.program.fd(), site.path, {{site.offset, 0}}, is_return,
                                   getpid(), GetParam(), &failures);
      EXPECT_TRUE(failures.empty());
      int sum = 0;
      for (int i = 0; i < 7; ++i) sum += UprobeTestTarget(i);
      EXPECT_EQ(sum, 28);
      EXPECT_EQ(counter.Value(), 7u) << (is_return ? "return" : "entry");
    }
    UprobeTestTarget(1);
    EXPECT_EQ(counter.Value(), 7u) << "fired after detaching";
  }
}

TEST_P(UprobeTest, ARefusedSiteIsReportedAndTheOthersStayAttached) {
  FileSite good = SiteOf(reinterpret_cast<const void*>(&UprobeTestTarget));
  FileSite locked = SiteOf(reinterpret_cast<const void*>(&UprobeTestLocked));
  ASSERT_EQ(good.path, locked.path);
  Counter counter(GetParam());
  std::vector<UprobeFailure> failures;
  Attachment a =
      AttachUprobes(counter.program.fd(), good.path, {{locked.offset, 0}, {good.offset, 1}}, false,
                    getpid(), GetParam(), &failures);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].site, 0u);
  EXPECT_EQ(failures[0].reason, "uprobes cannot probe the instruction there");
  UprobeTestTarget(3);
  int value = 0;
  UprobeTestLocked(&value);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(counter.Value(), 1u);
}

TEST_P(UprobeTest, AReferenceCounterCountsWhileAttached) {
  FileSite site = SiteOf(reinterpret_cast<const void*>(&UprobeTestCountedTarget));
  FileSite semaphore = SiteOf(&uprobe_test_semaphore, 'w');
  ASSERT_EQ(site.path, semaphore.path);
  Counter counter(GetParam());
  std::vector<UprobeFailure> failures;
  {
    Attachment a =
        AttachUprobes(counter.program.fd(), site.path, {{site.offset, 0, semaphore.offset}}, false,
                      getpid(), GetParam(), &failures);
    EXPECT_TRUE(failures.empty());
    EXPECT_EQ(uprobe_test_semaphore, 1);
    UprobeTestCountedTarget(1);
    EXPECT_EQ(counter.Value(), 1u);
  }
  EXPECT_EQ(uprobe_test_semaphore, 0) << "left counted after detaching";
}

TEST_P(UprobeTest, AFileThatIsNotThereIsAnError) {
  Counter counter(GetParam());
  std::vector<UprobeFailure> failures;
  EXPECT_THROW(AttachUprobes(counter.program.fd(), "/no/such/file", {{0, 0}}, false, getpid(),
                             GetParam(), &failures),
               RuntimeError);
}

INSTANTIATE_TEST_SUITE_P(Links, UprobeTest, testing::Values(false, true),
                         [](const testing::TestParamInfo<bool>& info) {
                           return std::string(info.param ? "MultiLink" : "OnePerSite");
                         });

}  // namespace
}  // namespace dt::runtime
