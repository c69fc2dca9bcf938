#include "elf/process_snapshot.h"

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "elf/elf_test_support.h"

extern "C" __attribute__((noinline, used)) int SnapshotTestProbe(int x) { return x * 5 + 2; }

namespace dt::elf {
namespace {

using testing::StoppedProgram;

// libc's malloc. Not &malloc: under AddressSanitizer that is the sanitizer's
// interceptor, linked into this test program.
uint64_t LibcMalloc() { return reinterpret_cast<uint64_t>(dlsym(RTLD_NEXT, "malloc")); }
using testing::TestBinary;

std::unique_ptr<ProcessSnapshot> MustTake(pid_t pid, ObjectCache* cache) {
  std::string error;
  auto s = ProcessSnapshot::Take(pid, cache, &error);
  EXPECT_NE(s, nullptr) << error;
  return s;
}

// The process address of an ELF vaddr of the object mapped at `any`.
uint64_t AddressOf(const ProcessSnapshot& s, const Mapping& any, uint64_t vaddr) {
  const ObjectFile* obj = s.ObjectOf(any);
  auto off = obj->elf().VaddrToFileOffset(vaddr);
  for (const Mapping* m : s.maps().MappingsOfFile(any)) {
    if (*off >= m->offset && *off - m->offset < m->end - m->start) {
      return m->start + (*off - m->offset);
    }
  }
  return 0;
}

TEST(ProcessSnapshotTest, SymbolizesAsDtracePrintsUserFrames) {
  ObjectCache cache;
  auto s = MustTake(getpid(), &cache);
  ASSERT_TRUE(s);
  uint64_t malloc_addr = LibcMalloc();
  EXPECT_EQ(s->Symbolize(malloc_addr).Format(), "libc.so.6`malloc");
  EXPECT_EQ(s->Symbolize(malloc_addr + 0x1a).Format(), "libc.so.6`malloc+0x1a");
  UserSymbol own = s->Symbolize(reinterpret_cast<uint64_t>(&SnapshotTestProbe) + 4);
  EXPECT_EQ(own.Format(), "elf_tests`SnapshotTestProbe+0x4");
  EXPECT_TRUE(own.main_executable);
  EXPECT_FALSE(s->Symbolize(malloc_addr).main_executable);

  // Anonymous memory: just the address.
  void* anon = malloc(1 << 20);  // large: its own anonymous mapping
  char want[32];
  snprintf(want, sizeof want, "0x%llx", static_cast<unsigned long long>(uintptr_t(anon)));
  auto fresh = MustTake(getpid(), &cache);
  EXPECT_EQ(fresh->Symbolize(uintptr_t(anon)).Format(), want);
  free(anon);
  EXPECT_TRUE(fresh->errors().empty()) << fresh->errors()[0];
}

TEST(ProcessSnapshotTest, AnAddressInAnObjectButNoSymbolShowsTheModule) {
  ObjectCache cache;
  auto s = MustTake(getpid(), &cache);
  ASSERT_TRUE(s);
  // The ELF header page of libc: mapped from the file, covered by no
  // function.
  const Mapping* libc = s->maps().Find(LibcMalloc());
  ASSERT_NE(libc, nullptr);
  const Mapping* first = s->maps().MappingsOfFile(*libc)[0];
  UserSymbol u = s->Symbolize(first->start + 0x10);
  char want[64];
  snprintf(want, sizeof want, "libc.so.6`0x%llx",
           static_cast<unsigned long long>(first->start + 0x10));
  EXPECT_EQ(u.Format(), want);
  EXPECT_EQ(u.vaddr, 0x10u);
}

TEST(ProcessSnapshotTest, SymbolizesTheVdsoFromProcessMemory) {
  uint64_t vdso = getauxval(AT_SYSINFO_EHDR);
  if (vdso == 0) GTEST_SKIP() << "no vDSO";
  ObjectCache cache;
  auto s = MustTake(getpid(), &cache);
  ASSERT_TRUE(s);
  const Mapping* m = s->maps().Find(vdso);
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->path, "[vdso]");
  const ObjectFile* obj = s->ObjectOf(*m);
  ASSERT_NE(obj, nullptr) << (s->errors().empty() ? "" : s->errors()[0]);
  auto syms = obj->symbols().FindByName("__vdso_clock_gettime");
  ASSERT_EQ(syms.size(), 1u);
  uint64_t addr = m->start + syms[0]->address + 3;  // the vDSO is linked at 0
  EXPECT_EQ(s->Symbolize(addr).Format(), "[vdso]`__vdso_clock_gettime+0x3");
}

TEST(ProcessSnapshotTest, SharesOneObjectPerFileAcrossProcesses) {
  StoppedProgram p(TestBinary("unwind_nofp"), "raise");
  ASSERT_TRUE(p.stopped());
  ObjectCache cache;
  auto mine = MustTake(getpid(), &cache);
  size_t after_mine = cache.size();
  auto theirs = MustTake(p.pid(), &cache);
  ASSERT_TRUE(mine && theirs);
  const Mapping* my_libc = mine->maps().Find(LibcMalloc());
  const ObjectFile* libc_obj = mine->ObjectOf(*my_libc);
  bool found = false;
  for (const Mapping& m : theirs->maps().mappings()) {
    if (m.path == my_libc->path) {
      EXPECT_EQ(theirs->ObjectOf(m), libc_obj);
      found = true;
    }
  }
  EXPECT_TRUE(found);
  // Theirs adds their executable and libelftest.so, nothing else new.
  EXPECT_EQ(cache.size(), after_mine + 2);
}

// The consumer snapshots a process early; its stacks are printed after it
// has exited, even if its executable is gone too.
TEST(ProcessSnapshotTest, StillSymbolizesAfterTheProcessAndItsFileAreGone) {
  // A deleted executable is opened through /proc/PID/map_files, which the
  // kernel lets only CAP_SYS_ADMIN (or CAP_CHECKPOINT_RESTORE) follow.
  if (geteuid() != 0) GTEST_SKIP() << "needs root: opens a deleted executable through map_files";
  char dir_template[] = "/tmp/elf_snapshot_XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  std::string copy = std::string(dir_template) + "/gone_prog";
  std::filesystem::copy_file(TestBinary("unwind_nofp"), copy);
  std::filesystem::permissions(copy, std::filesystem::perms::owner_all);

  ObjectCache cache;
  uint64_t c_addr = 0;
  std::unique_ptr<ProcessSnapshot> s;
  {
    StoppedProgram p(copy, "raise");
    ASSERT_TRUE(p.stopped());
    std::filesystem::remove_all(dir_template);  // deleted while it runs
    s = MustTake(p.pid(), &cache);
    ASSERT_TRUE(s);
    const Mapping* exe = nullptr;
    for (const Mapping& m : s->maps().mappings()) {
      if (s->maps().IsMainExecutable(m)) exe = &m;
    }
    ASSERT_NE(exe, nullptr);
    EXPECT_TRUE(exe->deleted);
    const ObjectFile* obj = s->ObjectOf(*exe);
    ASSERT_NE(obj, nullptr) << (s->errors().empty() ? "" : s->errors()[0]);
    auto c = obj->symbols().FindByName("c");
    ASSERT_EQ(c.size(), 1u);
    c_addr = AddressOf(*s, *exe, c[0]->address) + 5;
  }  // killed here
  ASSERT_NE(c_addr, 0u);
  UserSymbol u = s->Symbolize(c_addr);
  EXPECT_EQ(u.Format(), "gone_prog`c+0x5");
  EXPECT_TRUE(u.main_executable);
}

TEST(ProcessSnapshotTest, NonPieAddressesNeedNoBias) {
  StoppedProgram p(TestBinary("unwind_nopie"), "trap");
  ASSERT_TRUE(p.stopped());
  ASSERT_EQ(p.stop_signal(), SIGTRAP);
  ObjectCache cache;
  auto s = MustTake(p.pid(), &cache);
  ASSERT_TRUE(s);
  auto loc = s->Locate(p.regs().rip);
  ASSERT_TRUE(loc);
  ASSERT_TRUE(loc->vaddr);
  EXPECT_EQ(*loc->vaddr, p.regs().rip);  // a fixed executable runs at its link addresses
  UserSymbol u = s->Symbolize(p.regs().rip);
  EXPECT_EQ(u.module, "unwind_nopie");
  ASSERT_NE(u.symbol, nullptr);
  EXPECT_EQ(u.symbol->name, "c");
}

}  // namespace
}  // namespace dt::elf
