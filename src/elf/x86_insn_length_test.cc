#include "elf/x86_insn_length.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>

#include "elf/elf_file.h"
#include "elf/elf_test_support.h"
#include "elf/symbol_table.h"

namespace dt::elf {
namespace {

using testing::FileExists;
using testing::TestBinary;

std::string Bytes(const std::string& hex) {
  std::string out;
  std::istringstream in(hex);
  std::string byte;
  while (in >> byte) out.push_back(static_cast<char>(std::stoul(byte, nullptr, 16)));
  return out;
}

struct Case {
  const char* hex;
  size_t length;
};

// Encodings with something to get wrong, each with the length objdump -d
// (binutils 2.40) gives it (the comment is its disassembly).
const Case kCases[] = {
    {"90", 1},                                 // nop
    {"c3", 1},                                 // ret
    {"f3 0f 1e fa", 4},                        // endbr64
    {"55", 1},                                 // push %rbp
    {"48 89 e5", 3},                           // mov %rsp,%rbp
    {"48 83 ec 10", 4},                        // sub $0x10,%rsp
    {"48 81 ec 00 01 00 00", 7},               // sub $0x100,%rsp
    {"66 81 c1 34 12", 5},                     // add $0x1234,%cx
    {"66 48 81 c1 34 12 00 00", 8},            // data16 add $0x1234,%rcx
    {"48 b8 88 77 66 55 44 33 22 11", 10},     // movabs $0x1122334455667788,%rax
    {"b8 44 33 22 11", 5},                     // mov $0x11223344,%eax
    {"66 b8 22 11", 4},                        // mov $0x1122,%ax
    {"a0 88 77 66 55 44 33 22 11", 9},         // movabs 0x1122334455667788,%al
    {"48 a1 88 77 66 55 44 33 22 11", 10},     // movabs 0x1122334455667788,%rax
    {"67 a1 44 33 22 11", 6},                  // addr32 mov 0x11223344,%eax
    {"67 a2 44 33 22 11", 6},                  // addr32 mov %al,0x11223344
    {"f6 c1 07", 3},                           // test $0x7,%cl
    {"f6 d1", 2},                              // not %cl
    {"f7 c1 44 33 22 11", 6},                  // test $0x11223344,%ecx
    {"66 f7 c1 22 11", 5},                     // test $0x1122,%cx
    {"f7 d9", 2},                              // neg %ecx
    {"f7 05 00 01 00 00 44 33 22 11", 10},     // testl $0x11223344,0x100(%rip)
    {"c8 10 00 01", 4},                        // enter $0x10,$0x1
    {"c2 08 00", 3},                           // ret $0x8
    {"e8 00 00 00 00", 5},                     // call 0x5
    {"0f 84 00 01 00 00", 6},                  // je 0x106
    {"74 10", 2},                              // je 0x12
    {"8b 04 24", 3},                           // mov (%rsp),%eax
    {"8b 44 24 08", 4},                        // mov 0x8(%rsp),%eax
    {"8b 84 24 00 01 00 00", 7},               // mov 0x100(%rsp),%eax
    {"8b 04 25 00 01 00 00", 7},               // mov 0x100,%eax
    {"8b 05 00 01 00 00", 6},                  // mov 0x100(%rip),%eax
    {"8b 44 05 08", 4},                        // mov 0x8(%rbp,%rax,1),%eax
    {"66 2e 0f 1f 84 00 00 00 00 00", 10},     // cs nopw 0x0(%rax,%rax,1)
    {"66 66 2e 0f 1f 84 00 00 00 00 00", 11},  // data16 cs nopw 0x0(%rax,%rax,1)
    {"0f 1f 44 00 00", 5},                     // nopl 0x0(%rax,%rax,1)
    {"f0 48 0f b1 0f", 5},                     // lock cmpxchg %rcx,(%rdi)
    {"f3 48 ab", 3},                           // rep stos %rax,%es:(%rdi)
    {"64 48 8b 04 25 28 00 00 00", 9},         // mov %fs:0x28,%rax
    {"c5 f9 6f 06", 4},                        // vmovdqa (%rsi),%xmm0
    {"c5 fd 74 0f", 4},                        // vpcmpeqb (%rdi),%ymm0,%ymm1
    {"c5 f8 77", 3},                           // vzeroupper
    {"c5 fc 77", 3},                           // vzeroall
    {"c4 e3 79 0f c1 08", 6},                  // vpalignr $0x8,%xmm1,%xmm0,%xmm0
    {"c4 e2 7d 00 c1", 5},                     // vpshufb %ymm1,%ymm0,%ymm0
    {"c5 f9 70 c0 00", 5},                     // vpshufd $0x0,%xmm0,%xmm0
    {"c5 f9 73 d8 04", 5},                     // vpsrldq $0x4,%xmm0,%xmm0
    {"62 f1 7d 48 6f 06", 6},                  // vmovdqa32 (%rsi),%zmm0
    {"62 f1 7d 48 6f 46 01", 7},               // vmovdqa32 0x40(%rsi),%zmm0
    {"62 b3 7d 48 3f c1 00", 7},               // vpcmpeqb %zmm17,%zmm0,%k0
    {"62 f1 75 48 72 e0 05", 7},               // vpsrad $0x5,%zmm0,%zmm1
    {"66 0f 3a 0f c1 08", 6},                  // palignr $0x8,%xmm1,%xmm0
    {"66 0f 38 00 c1", 5},                     // pshufb %xmm1,%xmm0
    {"66 0f 73 d8 04", 5},                     // psrldq $0x4,%xmm0
    {"0f 0f c1 b4", 4},                        // pfmul %mm1,%mm0
    {"66 0f 78 c0 08 04", 6},                  // extrq $0x4,$0x8,%xmm0
    {"f2 0f 78 c1 08 04", 6},                  // insertq $0x4,$0x8,%xmm1,%xmm0
    {"0f ba e0 03", 4},                        // bt $0x3,%eax
    {"48 0f a4 c2 03", 5},                     // shld $0x3,%rax,%rdx
    {"c6 f8 01", 3},                           // xabort $0x1
    {"c7 f8 00 01 00 00", 6},                  // xbegin 0x106
    {"0f 05", 2},                              // syscall
    {"cd 80", 2},                              // int $0x80
    {"8f c0", 2},                              // pop %rax
    {"41 5c", 2},                              // pop %r12
    {"4c 8d 3d 00 01 00 00", 7},               // lea 0x100(%rip),%r15
    {"3e ff e0", 3},                           // notrack jmp *%rax
    {"f2 e9 00 01 00 00", 6},                  // bnd jmp 0x106
    {"0f 0b", 2},                              // ud2
    {"cc", 1},                                 // int3
    {"d9 ee", 2},                              // fldz
    {"df 3c 24", 3},                           // fistpll (%rsp)
    {"48 63 c7", 3},                           // movslq %edi,%rax
    {"6b c0 0c", 3},                           // imul $0xc,%eax,%eax
    {"69 c0 00 01 00 00", 6},                  // imul $0x100,%eax,%eax
    {"e3 02", 2},                              // jrcxz 0x4
    {"a8 01", 2},                              // test $0x1,%al
    {"a9 00 01 00 00", 5},                     // test $0x100,%eax
    {"66 a9 34 12", 4},                        // test $0x1234,%ax
    {"62 f5 7c 48 58 c1", 6},                  // vaddph %zmm1,%zmm0,%zmm0
    {"62 f6 7d 48 2c c1", 6},                  // vscalefph %zmm1,%zmm0,%zmm0
    {"62 f3 7c 48 66 c1 01", 7},               // vfpclassph $0x1,%zmm1,%k0
    {"66 0f 38 f6 c1", 5},                     // adcx %ecx,%eax
    {"66 68 34 12", 4},                        // pushw $0x1234
    {"68 00 01 00 00", 5},                     // push $0x100
    {"0f 01 d0", 3},                           // xgetbv
    {"0f ae e8", 3},                           // lfence
    {"48 0f c7 0e", 4},                        // cmpxchg16b (%rsi)
    {"0f 0d 08", 3},                           // prefetchw (%rax)
    {"66 c7 f8 00 01", 5},                     // xbeginw 0x105
    {"f3 0f b8 c1", 4},                        // popcnt %ecx,%eax
    {"0f 00 c0", 3},                           // sldt %eax
    {"e4 60", 2},                              // in $0x60,%al
    {"ca 08 00", 3},                           // lret $0x8
    {"c4 e2 f9 98 c1", 5},                     // vfmadd132pd %xmm1,%xmm0,%xmm0
    {"c4 e3 fd 01 c1 1b", 6},                  // vpermpd $0x1b,%ymm1,%ymm0
    {"62 f1 fd 48 c2 c1 01", 7},               // vcmpltpd %zmm1,%zmm0,%k0
    {"62 f1 7c 48 c6 c1 01", 7},               // vshufps $0x1,%zmm1,%zmm0,%zmm0
};

TEST(X86InstructionLength, KnownEncodings) {
  for (const Case& c : kCases) {
    std::string code = Bytes(c.hex);
    EXPECT_EQ(X86InstructionLength(code), c.length) << c.hex;
    // What follows does not change it.
    EXPECT_EQ(X86InstructionLength(code + Bytes("90 90 90 90 90 90 90 90 90 90 90 90 90 90")),
              c.length)
        << c.hex;
    // One byte short: unknown, never a read past the end.
    EXPECT_EQ(X86InstructionLength(code.substr(0, c.length - 1)), std::nullopt) << c.hex;
  }
}

TEST(X86InstructionLength, RefusesWhatItCannotKnow) {
  const char* unknown[] = {
      "06",                                               // push %es: not in 64-bit mode
      "27",                                               // daa
      "9a 00 00 00 00 00 00",                             // far call
      "d5 0a",                                            // aad / APX REX2
      "ea 00 00 00 00 00 00",                             // far jmp
      "8f e8 78 c2 c1 00",                                // XOP (AMD)
      "66 e8 00 00",                                      // call rel16 on AMD, rel32 on Intel
      "66 e9 00 00 00 00",                                // jmp, likewise
      "66 c5 f9 6f 06",                                   // VEX after a 66 prefix: #UD
      "48 c5 f9 6f 06",                                   // VEX after REX
      "62 f4 7c 08 01 c0",                                // EVEX map 4 (APX)
      "0f 04",                                            // no such 0F opcode
      "66 66 66 66 66 66 66 66 66 66 66 66 66 66 66 90",  // 16 bytes: 15 is the limit
      "",
  };
  for (const char* hex : unknown) EXPECT_EQ(X86InstructionLength(Bytes(hex)), std::nullopt) << hex;
  // Fourteen prefixes and the opcode: exactly 15 bytes, allowed.
  EXPECT_EQ(X86InstructionLength(Bytes("66 66 66 66 66 66 66 66 66 66 66 66 66 66 90")), 15u);
}

TEST(X86InstructionStarts, WalksAFunctionAndStopsAtWhatItCannotDecode) {
  // endbr64; push %rbp; mov %rsp,%rbp; mov $1,%eax; pop %rbp; ret
  X86Boundaries b = X86InstructionStarts(Bytes("f3 0f 1e fa 55 48 89 e5 b8 01 00 00 00 5d c3"));
  EXPECT_TRUE(b.complete);
  EXPECT_EQ(b.starts, (std::vector<uint64_t>{0, 4, 5, 8, 13, 14}));
  // push %rbp; daa (invalid); nop: the walk ends at the daa's start.
  b = X86InstructionStarts(Bytes("55 27 90"));
  EXPECT_FALSE(b.complete);
  EXPECT_EQ(b.starts, (std::vector<uint64_t>{0, 1}));
  // The last instruction runs past the end.
  b = X86InstructionStarts(Bytes("55 e8 00 00"));
  EXPECT_FALSE(b.complete);
  EXPECT_EQ(b.starts, (std::vector<uint64_t>{0, 1}));
}

// objdump -d, the oracle: every instruction it decodes in an object's code
// sections (its address and bytes), in order.
struct Disassembly {
  std::map<uint64_t, std::string> instructions;  // address -> bytes
  size_t bad = 0;                                // "(bad)": objdump could not decode
};

Disassembly Objdump(const std::string& path) {
  Disassembly d;
  std::string text = testing::RunCommand("objdump -d -w -z --insn-width=15 '" + path + "'");
  for (const std::string& line : testing::Lines(text)) {
    // "   26000:\tff 35 ea cf 1a 00   \tpush ..."
    size_t colon = line.find(":\t");
    if (colon == std::string::npos || line.empty() || line[0] != ' ') continue;
    size_t tab = line.find('\t', colon + 2);
    if (tab == std::string::npos) continue;
    uint64_t address = std::stoull(line.substr(0, colon), nullptr, 16);
    std::string bytes = Bytes(line.substr(colon + 2, tab - colon - 2));
    if (line.find("(bad)", tab) != std::string::npos) {
      ++d.bad;
      continue;
    }
    d.instructions[address] = bytes;
  }
  return d;
}

// Our length of every instruction objdump decodes, given the bytes that
// follow it in the section (up to 15): all must agree.
struct Agreement {
  size_t checked = 0;
  std::vector<std::string> disagreements;
};

Agreement CompareWithObjdump(const Disassembly& d) {
  Agreement a;
  for (auto it = d.instructions.begin(); it != d.instructions.end(); ++it) {
    std::string window = it->second;
    uint64_t next = it->first + it->second.size();
    for (auto n = std::next(it);
         n != d.instructions.end() && n->first == next && window.size() < 15; ++n) {
      window += n->second;
      next += n->second.size();
    }
    ++a.checked;
    std::optional<size_t> ours = X86InstructionLength(window);
    if (ours != it->second.size() && a.disagreements.size() < 20) {
      std::ostringstream s;
      s << std::hex << it->first << ":";
      for (unsigned char c : it->second) s << ' ' << static_cast<int>(c);
      s << std::dec << " objdump " << it->second.size() << " ours "
        << (ours ? std::to_string(*ours) : "unknown");
      a.disagreements.push_back(s.str());
    }
  }
  return a;
}

// Every function of an object with a symbol, walked from its start as the
// pid provider walks it: each start is one of objdump's instructions and
// the walk reaches the function's end. Returns the number of functions.
size_t WalkFunctions(const std::string& path, const Disassembly& d) {
  std::string error;
  std::unique_ptr<ElfFile> file = ElfFile::Open(path, &error);
  EXPECT_TRUE(file) << error;
  if (!file) return 0;
  SymbolTable symbols = SymbolTable::Load(*file);
  size_t functions = 0, failures = 0;
  for (const Symbol& s : symbols.symbols()) {
    if (s.kind != SymbolKind::kFunction || s.size == 0) continue;
    std::optional<uint64_t> offset = file->VaddrToFileOffset(s.address);
    std::optional<std::string_view> code = offset ? file->FileRange(*offset, s.size) : std::nullopt;
    EXPECT_TRUE(code) << path << " " << s.name;
    if (!code) continue;
    ++functions;
    X86Boundaries b = X86InstructionStarts(*code);
    bool ok = b.complete;
    for (uint64_t start : b.starts) ok &= d.instructions.count(s.address + start) == 1;
    if (!ok && ++failures <= 20) ADD_FAILURE() << path << ": walking " << s.name << " fails";
  }
  return functions;
}

bool HaveObjdump() { return testing::RunCommand("objdump --version").find("GNU objdump") == 0; }

TEST(X86InstructionLength, AgreesWithObjdumpOnAllOfLibc) {
  const std::string libc = "/lib/x86_64-linux-gnu/libc.so.6";
  if (!FileExists(libc)) GTEST_SKIP() << "no " << libc;
  ASSERT_TRUE(HaveObjdump()) << "objdump (binutils) is needed: scripts/setup.sh installs it";
  Disassembly d = Objdump(libc);
  // Debian 12's libc has about 335000 instructions (SSE, AVX2 and AVX-512
  // string functions among them); objdump decodes all of them.
  ASSERT_GT(d.instructions.size(), 100000u);
  EXPECT_EQ(d.bad, 0u);
  Agreement a = CompareWithObjdump(d);
  EXPECT_EQ(a.checked, d.instructions.size());
  for (const std::string& s : a.disagreements) ADD_FAILURE() << s;
  size_t functions = WalkFunctions(libc, d);
  printf("libc.so.6: %zu instructions, all lengths as objdump's; %zu functions walked\n", a.checked,
         functions);
}

// The test programs, function by function: a walk from each function's
// start lands on objdump's instruction boundaries only, and reaches the end.
TEST(X86InstructionStarts, WalksEveryFunctionOfTheTestProgramsAsObjdump) {
  ASSERT_TRUE(HaveObjdump()) << "objdump (binutils) is needed: scripts/setup.sh installs it";
  size_t functions = 0;
  for (const char* name :
       {"unwind_nofp", "unwind_fp", "unwind_nopie", "sdt_target", "libelftest.so"}) {
    std::string path = TestBinary(name);
    Disassembly d = Objdump(path);
    Agreement a = CompareWithObjdump(d);
    for (const std::string& s : a.disagreements) ADD_FAILURE() << name << " " << s;
    functions += WalkFunctions(path, d);
  }
  EXPECT_GT(functions, 20u);
}

}  // namespace
}  // namespace dt::elf
