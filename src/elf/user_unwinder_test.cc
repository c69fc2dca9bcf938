#include "elf/user_unwinder.h"

#include <gtest/gtest.h>

#include <iostream>

#include "elf/elf_test_support.h"

namespace dt::elf {
namespace {

using testing::StoppedProgram;
using testing::TestBinary;

struct Unwound {
  std::vector<UserSymbol> frames;
  UnwindStop stop;
  std::string text;  // one frame a line, for failure messages
};

// Runs the program until it stops itself, then unwinds its stack from the
// registers ptrace gives, reading the stack with process_vm_readv.
Unwound UnwindStopped(const std::string& binary, const std::string& mode, UnwindMethod method,
                      ObjectCache* cache, int* stop_signal = nullptr) {
  Unwound out;
  StoppedProgram p(TestBinary(binary), mode);
  EXPECT_TRUE(p.stopped()) << binary;
  if (!p.stopped()) return out;
  if (stop_signal != nullptr) *stop_signal = p.stop_signal();
  std::string error;
  auto snapshot = ProcessSnapshot::Take(p.pid(), cache, &error);
  EXPECT_NE(snapshot, nullptr) << error;
  if (snapshot == nullptr) return out;
  ProcessMemory memory(p.pid());
  UserRegisters regs{p.regs().rip, p.regs().rsp, p.regs().rbp};
  UnwindOptions options;
  options.method = method;
  UnwindResult r = UnwindUserStack(*snapshot, regs, memory, options);
  out.stop = r.stop;
  for (uint64_t pc : r.pcs) {
    // Return addresses name the call: symbolize pc - 1, print pc's offset.
    UserSymbol u = snapshot->Symbolize(out.frames.empty() ? pc : pc - 1);
    if (!out.frames.empty() && u.symbol != nullptr) ++u.offset;
    u.address = pc;
    out.frames.push_back(u);
    out.text += "  " + u.Format() + "\n";
  }
  out.text += "  (" + std::string(UnwindStopName(r.stop)) + ")\n";
  return out;
}

std::string Func(const UserSymbol& u) { return u.symbol != nullptr ? u.symbol->name : "?"; }

// The frames from c outward, as "module`function".
std::vector<std::string> FromC(const Unwound& u) {
  std::vector<std::string> out;
  bool seen = false;
  for (const UserSymbol& f : u.frames) {
    seen |= Func(f) == "c";
    if (seen) out.push_back(f.module + "`" + Func(f));
  }
  return out;
}

void ExpectStoppedInsideRaise(const Unwound& u) {
  // The stop is in libc below c: every frame before c is libc's, the last
  // of them raise.
  size_t c = 0;
  while (c < u.frames.size() && Func(u.frames[c]) != "c") ++c;
  ASSERT_LT(c, u.frames.size()) << u.text;
  ASSERT_GE(c, 1u) << u.text;
  for (size_t i = 0; i < c; ++i) EXPECT_EQ(u.frames[i].module, "libc.so.6") << u.text;
  EXPECT_EQ(Func(u.frames[c - 1]), "raise") << u.text;
}

std::vector<std::string> MainChain(const std::string& exe) {
  // __libc_start_call_main is static: .dynsym has no name for it.
  return {exe + "`c",     exe + "`b",    exe + "`a",
          exe + "`main",  "libc.so.6`?", "libc.so.6`__libc_start_main",
          exe + "`_start"};
}

TEST(UserUnwinderTest, UnwindsWithoutFramePointersThroughTheExecutableAndLibc) {
  ObjectCache cache;
  Unwound u = UnwindStopped("unwind_nofp", "raise", UnwindMethod::kTables, &cache);
  std::cout << "unwind_nofp, stopped by raise(SIGSTOP), tables:\n" << u.text;
  ExpectStoppedInsideRaise(u);
  EXPECT_EQ(FromC(u), MainChain("unwind_nofp")) << u.text;
  EXPECT_EQ(u.stop, UnwindStop::kEndOfStack) << u.text;
}

TEST(UserUnwinderTest, FramePointersAloneLoseTheFramesOfAnOmitFramePointerBuild) {
  ObjectCache cache;
  Unwound u = UnwindStopped("unwind_nofp", "trap", UnwindMethod::kFramePointers, &cache);
  std::vector<std::string> first;
  for (size_t i = 0; i < u.frames.size() && i < 4; ++i) first.push_back(Func(u.frames[i]));
  EXPECT_NE(first, (std::vector<std::string>{"c", "b", "a", "main"})) << u.text;
}

TEST(UserUnwinderTest, UnwindsAFramePointerBuildWithTablesAndWithFramePointers) {
  ObjectCache cache;
  Unwound tables = UnwindStopped("unwind_fp", "raise", UnwindMethod::kTables, &cache);
  ExpectStoppedInsideRaise(tables);
  EXPECT_EQ(FromC(tables), MainChain("unwind_fp")) << tables.text;
  EXPECT_EQ(tables.stop, UnwindStop::kEndOfStack);

  int signal = 0;
  Unwound fp = UnwindStopped("unwind_fp", "trap", UnwindMethod::kFramePointers, &cache, &signal);
  std::cout << "unwind_fp, stopped by int3 in c, frame pointers only:\n" << fp.text;
  EXPECT_EQ(signal, SIGTRAP);
  ASSERT_GE(fp.frames.size(), 4u) << fp.text;
  std::vector<std::string> first;
  for (size_t i = 0; i < 4; ++i) first.push_back(Func(fp.frames[i]));
  // libc has no frame pointers, so the chain ends somewhere after main.
  EXPECT_EQ(first, (std::vector<std::string>{"c", "b", "a", "main"})) << fp.text;
}

TEST(UserUnwinderTest, UnwindsAFixedAddressExecutable) {
  ObjectCache cache;
  Unwound u = UnwindStopped("unwind_nopie", "trap", UnwindMethod::kTables, &cache);
  ASSERT_FALSE(u.frames.empty());
  EXPECT_EQ(Func(u.frames[0]), "c") << u.text;  // the int3 is in c itself
  EXPECT_EQ(FromC(u), MainChain("unwind_nopie")) << u.text;
  EXPECT_EQ(u.stop, UnwindStop::kEndOfStack);
}

TEST(UserUnwinderTest, UnwindsThroughOurSharedLibrary) {
  ObjectCache cache;
  Unwound u = UnwindStopped("unwind_nofp", "lib-raise", UnwindMethod::kTables, &cache);
  std::cout << "unwind_nofp, a -> libelftest.so -> b, tables:\n" << u.text;
  ExpectStoppedInsideRaise(u);
  std::vector<std::string> want = MainChain("unwind_nofp");
  want.insert(want.begin() + 2, "libelftest.so`elftest_call_through");
  EXPECT_EQ(FromC(u), want) << u.text;
}

TEST(UserUnwinderTest, UnwindsWithDebugFrameOnly) {
  ObjectCache cache;
  Unwound u = UnwindStopped("unwind_debugframe", "raise", UnwindMethod::kTables, &cache);
  ExpectStoppedInsideRaise(u);
  EXPECT_EQ(FromC(u), MainChain("unwind_debugframe")) << u.text;
}

// A stripped executable unwinds the same: .eh_frame survives strip. Its
// frames are at the same vaddrs as the unstripped build's.
TEST(UserUnwinderTest, UnwindsAStrippedExecutable) {
  ObjectCache cache;
  Unwound full = UnwindStopped("unwind_nofp", "raise", UnwindMethod::kTables, &cache);
  Unwound stripped = UnwindStopped("unwind_nofp_stripped", "raise", UnwindMethod::kTables, &cache);
  ASSERT_EQ(stripped.frames.size(), full.frames.size()) << stripped.text << full.text;
  EXPECT_EQ(stripped.stop, UnwindStop::kEndOfStack);
  for (size_t i = 0; i < full.frames.size(); ++i) {
    EXPECT_EQ(stripped.frames[i].vaddr, full.frames[i].vaddr) << i;
    if (full.frames[i].module == "unwind_nofp") {
      EXPECT_EQ(stripped.frames[i].module, "unwind_nofp_stripped");
    } else {
      EXPECT_EQ(stripped.frames[i].module, full.frames[i].module);
    }
  }
}

// Inside a lazy PLT entry (jmp *GOT; push $index; jmp PLT0) the CFA moves
// by 8 at the push, which only the PLT expression row expresses. Unwind
// this process from a made-up stop in one of its own PLT entries.
TEST(UserUnwinderTest, UnwindsFromInsideAPltEntry) {
  ObjectCache cache;
  std::string error;
  auto self = ProcessSnapshot::Take(getpid(), &cache, &error);
  ASSERT_NE(self, nullptr) << error;
  uint64_t here = reinterpret_cast<uint64_t>(&UnwindUserStack);
  const Mapping* text = self->maps().Find(here);
  ASSERT_NE(text, nullptr);
  const ObjectFile* exe = self->ObjectOf(*text);
  ASSERT_NE(exe, nullptr);
  const Symbol* plt = nullptr;
  for (const Symbol& s : exe->symbols().symbols()) {
    if (s.kind == SymbolKind::kPlt) plt = &s;
  }
  ASSERT_NE(plt, nullptr) << "elf_tests has no lazy PLT";
  // The runtime address: this mapping's bias applied to the entry's vaddr.
  uint64_t bias = here - *self->Locate(here)->vaddr;
  uint64_t entry = plt->address + bias;
  ASSERT_EQ(self->Symbolize(entry).Format(), "elf_tests`" + plt->name);

  uint64_t caller = here + 1;  // any return address inside a known function
  ProcessMemory memory(getpid());
  UnwindOptions two;
  two.max_frames = 2;
  // Before the push (byte 0..10): the return address is at rsp.
  uint64_t at_entry[2] = {caller, 0};
  UnwindResult r =
      UnwindUserStack(*self, {entry + 6, reinterpret_cast<uint64_t>(at_entry), 0}, memory, two);
  EXPECT_EQ(r.pcs, (std::vector<uint64_t>{entry + 6, caller}));
  // After it (byte 11..15): the pushed index is at rsp, the return address
  // above it.
  uint64_t after_push[3] = {7, caller, 0};
  r = UnwindUserStack(*self, {entry + 11, reinterpret_cast<uint64_t>(after_push), 0}, memory, two);
  EXPECT_EQ(r.pcs, (std::vector<uint64_t>{entry + 11, caller}));
}

class BrokenMemory : public MemoryReader {
 public:
  bool Read(uint64_t, void*, size_t) override { return false; }
};

TEST(UserUnwinderTest, StopsCleanlyOnBadInput) {
  ObjectCache cache;
  std::string error;
  auto self = ProcessSnapshot::Take(getpid(), &cache, &error);
  ASSERT_NE(self, nullptr) << error;
  BrokenMemory broken;
  // A pc in no mapping.
  UnwindResult r = UnwindUserStack(*self, {0x10, 0x1000, 0}, broken);
  EXPECT_EQ(r.stop, UnwindStop::kNoMapping);
  EXPECT_EQ(r.pcs, std::vector<uint64_t>{0x10});
  // A pc of 0.
  r = UnwindUserStack(*self, {0, 0x1000, 0}, broken);
  EXPECT_EQ(r.stop, UnwindStop::kZeroReturnAddress);
  EXPECT_TRUE(r.pcs.empty());
  // A good pc but an unreadable stack.
  uint64_t pc = reinterpret_cast<uint64_t>(&UnwindUserStack) + 1;
  r = UnwindUserStack(*self, {pc, 0x1000, 0}, broken);
  EXPECT_EQ(r.stop, UnwindStop::kBadMemory);
  // The frame limit: at a function's first byte the return address is at
  // rsp; make it return into that function's first byte again (a return
  // address is looked up at pc - 1).
  UnwindOptions one;
  one.max_frames = 1;
  ProcessMemory memory(getpid());
  uint64_t entry = reinterpret_cast<uint64_t>(&UnwindUserStack);
  uint64_t stack[3] = {entry + 1, entry + 1, 0};
  r = UnwindUserStack(*self, {entry, reinterpret_cast<uint64_t>(stack), 0}, memory, one);
  EXPECT_EQ(r.stop, UnwindStop::kMaxFrames);
  EXPECT_EQ(r.pcs, std::vector<uint64_t>{entry});
  one.max_frames = 2;
  r = UnwindUserStack(*self, {entry, reinterpret_cast<uint64_t>(stack), 0}, memory, one);
  EXPECT_EQ(r.stop, UnwindStop::kMaxFrames);
  EXPECT_EQ(r.pcs, (std::vector<uint64_t>{entry, entry + 1}));
}

}  // namespace
}  // namespace dt::elf
