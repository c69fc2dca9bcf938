#include "elf/x86_return_sites.h"

#include <gtest/gtest.h>

#include <sstream>

#include "elf/elf_file.h"
#include "elf/elf_test_support.h"
#include "elf/symbol_table.h"

#ifndef DT_PID_TARGET
#error "elf_tests are built with DT_PID_TARGET, the pid provider's test program (CMakeLists.txt)"
#endif

namespace dt::elf {
namespace {

std::string Bytes(const std::string& hex) {
  std::string out;
  std::istringstream in(hex);
  std::string byte;
  while (in >> byte) out.push_back(static_cast<char>(std::stoul(byte, nullptr, 16)));
  return out;
}

// "ret@13 jmp@3->-16": the sites, for compact expectations.
std::string Describe(const X86ReturnSites& r) {
  std::ostringstream s;
  for (const X86ReturnSite& site : r.sites) {
    if (s.tellp() > 0) s << ' ';
    s << std::hex << (site.kind == X86ReturnSite::kRet ? "ret@" : "jmp@") << site.offset;
    if (site.kind == X86ReturnSite::kTailJump) s << "->" << std::dec << site.target;
  }
  return s.str();
}

TEST(X86ReturnSites, RetsInAllTheirForms) {
  // mov %rdi,%rax; ret; rep ret; ret $8; rep ret $8; bnd ret
  X86ReturnSites r = FindX86ReturnSites(Bytes("48 89 f8 c3 f3 c3 c2 08 00 f3 c2 08 00 f2 c3"));
  EXPECT_TRUE(r.exits_all_known) << r.why_not;
  EXPECT_EQ(Describe(r), "ret@3 ret@4 ret@6 ret@9 ret@d");
}

TEST(X86ReturnSites, JumpsOutOfTheFunctionAreTailCallsAndJumpsInsideAreNot) {
  // 0: jmp +0 (to 2, inside); 2: jmp rel8 -4 (to -2); 4: jmp rel32 +0x100
  // (to 0x109); 9: jmp rel32 -9 (to 5, inside)
  X86ReturnSites r = FindX86ReturnSites(Bytes("eb 00 eb fa e9 00 01 00 00 e9 f7 ff ff ff"));
  EXPECT_TRUE(r.exits_all_known) << r.why_not;
  EXPECT_EQ(Describe(r), "jmp@2->-2 jmp@4->265");
  // A 66-prefixed jump is flagged: uprobes refuse it. (The decoder does
  // not know 66 e9's length: Intel and AMD read it differently.)
  r = FindX86ReturnSites(Bytes("66 eb 10"));
  ASSERT_EQ(r.sites.size(), 1u);
  EXPECT_TRUE(r.sites[0].operand16);
}

TEST(X86ReturnSites, PaddingAfterTheLastRetIsNotAWayOut) {
  // ret; nopl 0(%rax); xchg %ax,%ax; nopw %cs:0(%rax,%rax)
  X86ReturnSites r =
      FindX86ReturnSites(Bytes("c3 0f 1f 40 00 66 90 66 2e 0f 1f 84 00 00 00 00 00"));
  EXPECT_TRUE(r.exits_all_known) << r.why_not;
  EXPECT_EQ(Describe(r), "ret@0");
  // Ending on a call (to a function that does not return) or ud2 is no way
  // out either.
  EXPECT_TRUE(FindX86ReturnSites(Bytes("e8 00 00 00 00")).exits_all_known);
  EXPECT_TRUE(FindX86ReturnSites(Bytes("0f 0b")).exits_all_known);
}

TEST(X86ReturnSites, SaysWhenItCannotKnowEveryWayOut) {
  struct Case {
    const char* hex;
    const char* why;
  } cases[] = {
      {"", "the function has no size"},
      {"55 27 c3", "the instruction at +0x1 could not be decoded"},
      {"ff e0", "the indirect jmp at +0x0 may leave the function"},        // jmp *%rax
      {"3e ff e0", "the indirect jmp at +0x0 may leave the function"},     // notrack jmp
      {"41 ff 24 c4", "the indirect jmp at +0x0 may leave the function"},  // jmp *(%r12,%rax,8)
      {"74 10 c3", "the conditional branch at +0x0 leaves the function"},  // je out
      {"0f 85 00 01 00 00 c3", "the conditional branch at +0x0 leaves the function"},
      {"e3 10 c3", "the conditional branch at +0x0 leaves the function"},  // jrcxz out
      {"48 89 f8", "its last instruction may run on past its end"},
      {"c3 48 89 f8 90", "its last instruction may run on past its end"},
  };
  for (const Case& c : cases) {
    X86ReturnSites r = FindX86ReturnSites(Bytes(c.hex));
    EXPECT_FALSE(r.exits_all_known) << c.hex;
    EXPECT_EQ(r.why_not, c.why) << c.hex;
  }
  // Branches that stay inside are fine: je +0; jrcxz +0; loop -2 (itself).
  X86ReturnSites r = FindX86ReturnSites(Bytes("74 00 e3 00 e2 fe c3"));
  EXPECT_TRUE(r.exits_all_known) << r.why_not;
}

// The pid provider's test program, built with gcc -O2: two_returns has a
// ret on each branch and tail_call ends in a jmp to tail_target. objdump
// -d is the oracle for where they are.
struct Function {
  uint64_t address = 0;
  std::string_view code;
};

Function Find(const ElfFile& file, const SymbolTable& symbols, const std::string& name) {
  std::vector<const Symbol*> found = symbols.FindByName(name);
  EXPECT_EQ(found.size(), 1u) << name;
  if (found.empty()) return {};
  std::optional<uint64_t> offset = file.VaddrToFileOffset(found[0]->address);
  std::optional<std::string_view> code =
      offset ? file.FileRange(*offset, found[0]->size) : std::nullopt;
  EXPECT_TRUE(code) << name;
  return {found[0]->address, code.value_or(std::string_view())};
}

// Offsets of objdump's `ret` and `jmp` lines in one function, as ours.
std::string ObjdumpSites(const std::string& path, const std::string& name, uint64_t address) {
  std::string text =
      testing::RunCommand("objdump -d -w --no-show-raw-insn '" + path + "' --disassemble=" + name);
  std::ostringstream s;
  for (const std::string& line : testing::Lines(text)) {
    size_t colon = line.find(":\t");
    if (colon == std::string::npos || line.empty() || line[0] != ' ') continue;
    std::string insn = line.substr(colon + 2);
    uint64_t at = std::stoull(line.substr(0, colon), nullptr, 16) - address;
    if (s.tellp() > 0 && (insn.rfind("ret", 0) == 0 || insn.rfind("jmp", 0) == 0)) s << ' ';
    if (insn.rfind("ret", 0) == 0) s << "ret@" << std::hex << at << std::dec;
    if (insn.rfind("jmp", 0) == 0) {
      // "jmp    12f0 <tail_target>"
      uint64_t target = std::stoull(insn.substr(insn.find_first_not_of(" ", 3)), nullptr, 16);
      s << "jmp@" << std::hex << at << std::dec << "->" << static_cast<int64_t>(target - address);
    }
  }
  return s.str();
}

TEST(X86ReturnSites, FindsTheReturnsOfTheTestProgramAsObjdump) {
  const std::string path = DT_PID_TARGET;
  std::string error;
  std::unique_ptr<ElfFile> file = ElfFile::Open(path, &error);
  ASSERT_TRUE(file) << error;
  SymbolTable symbols = SymbolTable::Load(*file);

  Function two = Find(*file, symbols, "two_returns");
  X86ReturnSites r = FindX86ReturnSites(two.code);
  EXPECT_TRUE(r.exits_all_known) << r.why_not;
  ASSERT_EQ(r.sites.size(), 2u) << Describe(r);
  EXPECT_EQ(Describe(r), ObjdumpSites(path, "two_returns", two.address));

  Function tail = Find(*file, symbols, "tail_call");
  Function target = Find(*file, symbols, "tail_target");
  r = FindX86ReturnSites(tail.code);
  EXPECT_TRUE(r.exits_all_known) << r.why_not;
  ASSERT_EQ(r.sites.size(), 1u) << Describe(r);
  EXPECT_EQ(r.sites[0].kind, X86ReturnSite::kTailJump);
  EXPECT_EQ(tail.address + static_cast<uint64_t>(r.sites[0].target), target.address);
  EXPECT_EQ(Describe(r), ObjdumpSites(path, "tail_call", tail.address));
}

}  // namespace
}  // namespace dt::elf
