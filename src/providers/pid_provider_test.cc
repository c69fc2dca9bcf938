#include "providers/pid_provider.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <string_view>

#include "common/diagnostic.h"
#include "elf/x86_insn_length.h"
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
  // is made twice. An empty name is `*`: entry, return and, as in illumos,
  // every instruction offset.
  size_t before = registry.probes().size();
  std::vector<const Probe*> all = registry.Match(Self() + ":libc:malloc:");
  ASSERT_GT(all.size(), 3u);
  EXPECT_EQ(all[0], found[0]);
  EXPECT_EQ(all[1]->name, "return");
  EXPECT_TRUE(PidData(*all[1]).is_return);
  EXPECT_EQ(all[2]->name, "0");
  EXPECT_TRUE(PidData(*all[2]).is_offset);
  EXPECT_EQ(registry.probes().size(), before + all.size() - 1);
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

TEST(PidProviderTest, OffsetNamesAreHexAsDTraceReadsThem) {
  EXPECT_EQ(OffsetOfProbeName("0"), 0u);
  EXPECT_EQ(OffsetOfProbeName("1a"), 0x1au);
  EXPECT_EQ(OffsetOfProbeName("1A"), 0x1au);
  EXPECT_EQ(OffsetOfProbeName("0x1a"), 0x1au);
  EXPECT_EQ(OffsetOfProbeName("0X1A"), 0x1au);
  EXPECT_EQ(OffsetOfProbeName("ffffffffffffffff"), UINT64_MAX);
  for (const char* bad : {"", "0x", "g", "entry", "-1", " 1", "1 ", "+1", "10000000000000000"})
    EXPECT_EQ(OffsetOfProbeName(bad), std::nullopt) << bad;
  EXPECT_EQ(OffsetProbeName(0), "0");
  EXPECT_EQ(OffsetProbeName(0x1a), "1a");
  EXPECT_EQ(OffsetProbeName(0x7f0012345678), "7f0012345678");
}

std::string Hex(uint64_t v) { return OffsetProbeName(v); }

// The compile error a description gives, as "TAG: message".
std::string ErrorOf(ProbeRegistry& registry, const std::string& spec) {
  try {
    registry.Match(spec);
  } catch (const CompileError& e) {
    return e.tag() + ": " + e.what();
  }
  return "no error";
}

// This test's own function, decoded from memory: its instruction starts
// up to `end` (its code is the file's: .text has no relocations).
std::vector<uint64_t> StartsInMemory(uint64_t end) {
  std::string_view code(reinterpret_cast<const char*>(&PidProviderTestFunction), end + 15);
  std::vector<uint64_t> starts;
  for (uint64_t at = 0; at <= end;) {
    starts.push_back(at);
    std::optional<size_t> length = elf::X86InstructionLength(code.substr(at));
    if (!length) break;
    at += *length;
  }
  return starts;
}

TEST(PidProviderTest, AGlobNameMakesAProbeAtEveryInstruction) {
  ProbeRegistry registry{KernelEventList{}};
  const std::string fn = Self() + ":a.out:PidProviderTestFunction:";
  std::vector<const Probe*> all = registry.Match(fn + "*");
  ASSERT_GE(all.size(), 4u);  // entry, return, two instructions at least
  EXPECT_EQ(all[0]->name, "entry");
  EXPECT_EQ(all[1]->name, "return");
  const PidProbeData& entry = PidData(*all[0]);
  std::vector<uint64_t> offsets;
  for (size_t i = 2; i < all.size(); ++i) {
    const PidProbeData& d = PidData(*all[i]);
    EXPECT_TRUE(d.is_offset);
    EXPECT_FALSE(d.is_return);
    EXPECT_EQ(all[i]->name, Hex(d.offset));
    EXPECT_EQ(all[i]->function, "PidProviderTestFunction");
    EXPECT_EQ(d.file_offset, entry.file_offset + d.offset);
    offsets.push_back(d.offset);
  }
  EXPECT_EQ(offsets, StartsInMemory(offsets.back()));
  // A glob over hex names takes only the offsets it matches.
  std::vector<const Probe*> some = registry.Match(fn + "[0-" + Hex(offsets[1]) + "]");
  ASSERT_EQ(some.size(), 2u);
  EXPECT_EQ(some[0], all[2]);
  EXPECT_EQ(some[1], all[3]);
}

TEST(PidProviderTest, AnOffsetMustBeAnInstructionBoundaryInsideTheFunction) {
  ProbeRegistry registry{KernelEventList{}};
  const std::string fn = Self() + ":a.out:PidProviderTestFunction:";
  std::vector<uint64_t> starts = StartsInMemory(16);
  ASSERT_GE(starts.size(), 2u);
  uint64_t second = starts[1];
  std::vector<const Probe*> one = registry.Match(fn + Hex(second));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0]->name, Hex(second));
  EXPECT_EQ(PidData(*one[0]).offset, second);
  // Spelled another way, it is the same probe: nothing new is made.
  size_t before = registry.probes().size();
  std::string upper = "0X" + Hex(second);
  for (char& c : upper) c = static_cast<char>(toupper(c));
  EXPECT_EQ(registry.Match(fn + upper), one);
  EXPECT_EQ(registry.probes().size(), before);
  // The first instruction is longer than one byte (lea, or endbr64).
  ASSERT_GT(second, 1u);
  EXPECT_EQ(ErrorOf(registry, fn + "1"),
            "D_PROC_ALIGN: offset 0x1 is not aligned on an instruction");
  EXPECT_EQ(ErrorOf(registry, fn + "100000"),
            "D_PROC_OFF: offset 0x100000 outside of function 'PidProviderTestFunction'");
  EXPECT_EQ(ErrorOf(registry, fn + "xyz"), "D_PROC_NAME: 'xyz' is an invalid probe name");
}

TEST(PidProviderTest, TheDashFunctionTakesAnAbsoluteAddressInAOut) {
  ProbeRegistry registry{KernelEventList{}};
  uint64_t address = reinterpret_cast<uint64_t>(&PidProviderTestFunction);
  std::vector<const Probe*> entry = registry.Match(Self() + ":a.out:PidProviderTestFunction:entry");
  ASSERT_EQ(entry.size(), 1u);
  std::vector<const Probe*> at = registry.Match(Self() + "::-:" + Hex(address));
  ASSERT_EQ(at.size(), 1u);
  EXPECT_EQ(at[0]->module, "providers_tests");
  EXPECT_EQ(at[0]->function, "-");
  EXPECT_EQ(at[0]->name, Hex(address));
  EXPECT_TRUE(PidData(*at[0]).is_offset);
  EXPECT_EQ(PidData(*at[0]).file_offset, PidData(*entry[0]).file_offset);
  EXPECT_EQ(PidData(*at[0]).path, PidData(*entry[0]).path);
  EXPECT_EQ(registry.Match(Self() + ":a.out:-:0x" + Hex(address)), at);
  EXPECT_EQ(ErrorOf(registry, Self() + ":libc.so.6:-:" + Hex(address)),
            "D_PROC_LIB: only the a.out module is valid with the '-' function");
  EXPECT_EQ(ErrorOf(registry, Self() + ":a*:-:" + Hex(address)),
            "D_PROC_LIB: only the a.out module is valid with the '-' function");
  EXPECT_EQ(ErrorOf(registry, Self() + "::-:"),
            "D_PROC_NAME: only individual addresses may be specified with the '-' function");
  EXPECT_EQ(ErrorOf(registry, Self() + "::-:entry"),
            "D_PROC_NAME: 'entry' is an invalid probe name");
  EXPECT_EQ(ErrorOf(registry, Self() + "::-:" + Hex(address + 1)),
            "D_PROC_ALIGN: offset 0x" + Hex(address + 1) + " is not aligned on an instruction");
  EXPECT_EQ(ErrorOf(registry, Self() + "::-:10"),
            "D_PROC_CREATEFAIL: failed to create probe at '-+0x10': no executable file is mapped "
            "there");
}

}  // namespace
}  // namespace dt
