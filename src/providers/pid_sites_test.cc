#include "providers/pid_sites.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "providers/probe_registry.h"

// Functions of this test program, in assembly so their bytes are known:
//  * pid_sites_leave: a ret, and a tail call to pid_sites_callee.
//  * pid_sites_refused: `cs ret`, a site uprobes refuse.
//  * pid_sites_to_cold: jumps into its own `.cold` part, not a return.
//  * pid_sites_lock_entry: starts with a lock prefix (uprobes refuse its
//    entry), but its ret is fine.
extern "C" long pid_sites_leave(long);
extern "C" long pid_sites_refused(long);
extern "C" long pid_sites_to_cold(long);
extern "C" long pid_sites_lock_entry(long*);
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".globl pid_sites_callee\n"
    ".type pid_sites_callee, @function\n"
    "pid_sites_callee:\n"
    "  mov %rdi, %rax\n"
    "  ret\n"
    ".size pid_sites_callee, .-pid_sites_callee\n"
    ".p2align 4\n"
    ".globl pid_sites_leave\n"
    ".type pid_sites_leave, @function\n"
    "pid_sites_leave:\n"
    "  test %rdi, %rdi\n"  // 0
    "  je 1f\n"            // 3
    "  mov %rdi, %rax\n"   // 5
    "  ret\n"              // 8
    "1:\n"
    "  jmp pid_sites_callee\n"  // 9: rel8 or rel32, as the assembler picks
    ".size pid_sites_leave, .-pid_sites_leave\n"
    ".p2align 4\n"
    ".globl pid_sites_refused\n"
    ".type pid_sites_refused, @function\n"
    "pid_sites_refused:\n"
    "  mov %rdi, %rax\n"
    "  .byte 0x2e, 0xc3\n"  // cs ret
    ".size pid_sites_refused, .-pid_sites_refused\n"
    ".p2align 4\n"
    ".globl pid_sites_to_cold\n"
    ".type pid_sites_to_cold, @function\n"
    "pid_sites_to_cold:\n"
    "  mov %rdi, %rax\n"
    "  jmp pid_sites_to_cold.cold\n"
    ".size pid_sites_to_cold, .-pid_sites_to_cold\n"
    ".type pid_sites_to_cold.cold, @function\n"
    "pid_sites_to_cold.cold:\n"
    "  ret\n"
    ".size pid_sites_to_cold.cold, .-pid_sites_to_cold.cold\n"
    ".p2align 4\n"
    ".globl pid_sites_lock_entry\n"
    ".type pid_sites_lock_entry, @function\n"
    "pid_sites_lock_entry:\n"
    "  lock incq (%rdi)\n"
    "  mov (%rdi), %rax\n"
    "  ret\n"
    ".size pid_sites_lock_entry, .-pid_sites_lock_entry\n");

namespace dt {
namespace {

std::string Self() { return "pid" + std::to_string(getpid()); }

const PidProbeData& ReturnProbe(ProbeRegistry& registry, const std::string& function) {
  std::vector<const Probe*> found = registry.Match(Self() + ":a.out:" + function + ":return");
  EXPECT_EQ(found.size(), 1u) << function;
  return PidData(*found.at(0));
}

TEST(PidSites, AReturnProbeFiresAtEachRetAndTailCall) {
  ProbeRegistry registry{KernelEventList{}};
  const PidProbeData& data = ReturnProbe(registry, "pid_sites_leave");
  EXPECT_TRUE(data.is_return);
  EXPECT_FALSE(data.uprobes_refuse);
  ASSERT_EQ(data.return_sites.size(), 2u);
  EXPECT_EQ(data.return_sites[0].offset, 8u);
  EXPECT_EQ(data.return_sites[1].offset, 9u);
  EXPECT_EQ(data.return_sites[0].file_offset, data.file_offset + 8);
  EXPECT_EQ(data.return_sites[1].file_offset, data.file_offset + 9);
  // The entry probe is not affected.
  std::vector<const Probe*> entry = registry.Match(Self() + ":a.out:pid_sites_leave:entry");
  ASSERT_EQ(entry.size(), 1u);
  EXPECT_TRUE(PidData(*entry[0]).return_sites.empty());
}

TEST(PidSites, FallsBackToAUretprobeWhereSitesCannotBeTrusted) {
  ProbeRegistry registry{KernelEventList{}};
  // A site uprobes refuse makes the whole probe a uretprobe (its entry is
  // fine), not a probe that misses that return.
  const PidProbeData& refused = ReturnProbe(registry, "pid_sites_refused");
  EXPECT_TRUE(refused.return_sites.empty());
  EXPECT_FALSE(refused.uprobes_refuse);
  // A jump into the function's .cold part is not a return.
  EXPECT_TRUE(ReturnProbe(registry, "pid_sites_to_cold").return_sites.empty());
  // An entry uprobes refuse does not matter when the rets are the sites.
  const PidProbeData& lock = ReturnProbe(registry, "pid_sites_lock_entry");
  EXPECT_FALSE(lock.uprobes_refuse);
  ASSERT_EQ(lock.return_sites.size(), 1u);
  EXPECT_EQ(lock.return_sites[0].offset, 7u);  // lock incq (%rdi) is 4, mov 3
  std::vector<const Probe*> entry = registry.Match(Self() + ":a.out:pid_sites_lock_entry:entry");
  ASSERT_EQ(entry.size(), 1u);
  EXPECT_TRUE(PidData(*entry[0]).uprobes_refuse);
}

TEST(PidSites, SaysWhyAProbeFallsBack) {
  std::string error;
  std::unique_ptr<elf::ElfFile> file = elf::ElfFile::Open("/proc/self/exe", &error);
  ASSERT_TRUE(file) << error;
  elf::ObjectFile object(std::move(file));
  auto why = [&](const char* name) {
    std::vector<const elf::Symbol*> found = object.symbols().FindByName(name);
    EXPECT_EQ(found.size(), 1u) << name;
    if (found.empty()) return std::string("no symbol");
    std::optional<uint64_t> offset = object.elf().VaddrToFileOffset(found[0]->address);
    std::string why_not;
    std::vector<PidProbeData::ReturnSite> sites =
        PidReturnSites(object, *found[0], offset.value_or(0), &why_not);
    return sites.empty() ? why_not : std::to_string(sites.size()) + " sites";
  };
  EXPECT_EQ(why("pid_sites_leave"), "2 sites");
  EXPECT_EQ(why("pid_sites_refused"), "uprobes cannot probe the instruction at +0x3");
  EXPECT_EQ(why("pid_sites_to_cold"),
            "the jmp at +0x3 goes to code that is not a function's start");
}

}  // namespace
}  // namespace dt
