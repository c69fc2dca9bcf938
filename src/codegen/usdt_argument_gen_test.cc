// GenUsdtArgument run for real: a uprobe program on a function of this
// test fetches argument specifications from the registers and memory the
// call gives it, and the values are checked against the note format's
// rules (size, signedness, base + index * scale + displacement).
#include "codegen/usdt_argument_gen.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "runtime/bpf_map.h"
#include "runtime/bpf_prog.h"
#include "runtime/test_insns.h"
#include "runtime/uprobe.h"

// At its entry the arguments are in rdi, rsi, rdx and rcx.
extern "C" __attribute__((noinline)) long UsdtArgumentTestTarget(const long* table, long index,
                                                                 long small, long wide) {
  __asm__ volatile("" ::: "memory");
  return table[index] + small + wide;
}

namespace dt {
namespace {

using namespace bpf;

struct Case {
  const char* spec;
  uint64_t expected;
};

// The file and offset of this program's code at `address`.
bool FileSiteOf(const void* address, std::string* path, uint64_t* offset) {
  auto at = reinterpret_cast<uint64_t>(address);
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    unsigned long long start = 0, end = 0, file_offset = 0;
    char perms[8] = {};
    int path_at = 0;
    if (sscanf(line.c_str(), "%llx-%llx %7s %llx %*s %*s %n", &start, &end, perms, &file_offset,
               &path_at) < 4)
      continue;
    if (at >= start && at < end && perms[2] == 'x') {
      *path = line.substr(static_cast<size_t>(path_at));
      *offset = at - start + file_offset;
      return true;
    }
  }
  return false;
}

TEST(UsdtArgumentGenTest, FetchesWhatTheSpecificationsSay) {
  DT_REQUIRE_ROOT();
  static const long table[4] = {10, -20, 30, 0x7fffffff00000005};
  const Case cases[] = {
      {"8@%rsi", 1},
      {"-4@%edx", static_cast<uint64_t>(-3)},
      {"4@%edx", 0xfffffffd},
      {"-1@%cl", static_cast<uint64_t>(-17)},  // 0xef
      {"2@%cx", 0xcdef},
      {"-2@%cx", static_cast<uint64_t>(-12817)},
      {"1@%ch", 0xcd},
      {"8@%rcx", 0x1234567890abcdef},
      {"-4@$-5", static_cast<uint64_t>(-5)},
      {"1@$300", 44},
      {"-8@8(%rdi)", static_cast<uint64_t>(-20)},
      {"-8@(%rdi,%rsi,8)", static_cast<uint64_t>(-20)},
      {"-8@8(%rdi,%rsi,8)", 30},
      {"2@(%rdi,%rsi,8)", 65516},
      {"-4@28(%rdi)", 0x7fffffff},
      {"8@-4(%rdi,%rsi,4)", 10},
  };
  constexpr size_t kCount = sizeof cases / sizeof cases[0];

  runtime::Map results = runtime::CreateMap({"usdt_args", BPF_MAP_TYPE_ARRAY, 4, 8 * kCount, 1});
  Builder b;
  b.Mov(R6, R1);
  // Results go to the stack, [r10 - 8 - 8 * kCount, r10 - 8), then to the map.
  const int16_t scratch = -8;
  auto result_slot = [&](size_t i) { return static_cast<int16_t>(-8 - 8 * (kCount - i)); };
  for (size_t i = 0; i < kCount; ++i) {
    std::string error;
    std::optional<elf::SdtArgument> arg = elf::ParseSdtArgument(cases[i].spec, &error);
    ASSERT_TRUE(arg) << cases[i].spec << ": " << error;
    GenUsdtArgument(b, *arg, scratch);
    b.Store(8, R10, result_slot(i), R0);
  }
  b.StoreImm(4, R10, scratch, 0);  // key 0
  b.LoadMapFd(R1, 0);
  b.Mov(R2, R10);
  b.AluImm(BPF_ADD, R2, scratch);
  b.Mov(R3, R10);
  b.AluImm(BPF_ADD, R3, result_slot(0));
  b.MovImm(R4, BPF_ANY);
  b.Call(BPF_FUNC_map_update_elem);
  b.MovImm(R0, 0);
  b.Exit();
  std::vector<bpf_insn> insns = b.Finish();
  ResolveMapFds(insns, [&](int) { return results.fd(); });
  runtime::Program program = runtime::LoadProgram(BPF_PROG_TYPE_KPROBE, insns, "usdt_args");

  std::string path;
  uint64_t offset = 0;
  ASSERT_TRUE(FileSiteOf(reinterpret_cast<const void*>(&UsdtArgumentTestTarget), &path, &offset));
  std::vector<runtime::UprobeFailure> failures;
  {
    runtime::Attachment a = runtime::AttachUprobes(program.fd(), path, {{offset, 0}}, false,
                                                   getpid(), false, &failures);
    ASSERT_TRUE(failures.empty());
    UsdtArgumentTestTarget(table, 1, -3, 0x1234567890abcdef);
  }
  uint32_t key = 0;
  std::vector<uint64_t> values(kCount);
  ASSERT_TRUE(results.Lookup(&key, values.data()));
  for (size_t i = 0; i < kCount; ++i) EXPECT_EQ(values[i], cases[i].expected) << cases[i].spec;
}

}  // namespace
}  // namespace dt
