#include "elf/proc_maps.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>

#include "elf/elf_file.h"
#include "elf/symbol_table.h"

extern "C" __attribute__((noinline, used)) int ProcMapsTestProbe(int x) { return x * 3 + 1; }

namespace dt::elf {
namespace {

constexpr const char* kMaps =
    "55d0c8a00000-55d0c8a01000 r--p 00000000 fe:00 1234                       /usr/bin/prog\n"
    "55d0c8a01000-55d0c8a02000 r-xp 00001000 fe:00 1234                       /usr/bin/prog\n"
    "7f0000000000-7f0000001000 rw-p 00000000 00:00 0 \n"
    "7f0000001000-7f0000002000 r-xs 00002000 08:1f 99          /tmp/my lib.so (deleted)\n"
    "this line is not a mapping\n"
    "7ffc00000000-7ffc00021000 rw-p 00000000 00:00 0                          [stack]\n"
    "7ffc000fe000-7ffc00100000 r-xp 00000000 00:00 0                          [vdso]\n"
    "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]\n";

TEST(ProcMapsTest, ParsesEveryField) {
  ProcessMaps maps = ProcessMaps::Parse(kMaps, "/usr/bin/prog");
  ASSERT_EQ(maps.mappings().size(), 7u);
  EXPECT_EQ(maps.skipped_lines(), 1u);
  const Mapping& text = maps.mappings()[1];
  EXPECT_EQ(text.start, 0x55d0c8a01000u);
  EXPECT_EQ(text.end, 0x55d0c8a02000u);
  EXPECT_EQ(text.offset, 0x1000u);
  EXPECT_TRUE(text.read && !text.write && text.exec && !text.shared);
  EXPECT_EQ(text.dev_major, 0xfeu);
  EXPECT_EQ(text.dev_minor, 0u);
  EXPECT_EQ(text.inode, 1234u);
  EXPECT_EQ(text.path, "/usr/bin/prog");
  EXPECT_TRUE(text.is_file());
  EXPECT_FALSE(text.deleted);
  EXPECT_TRUE(maps.IsMainExecutable(text));

  const Mapping& anon = maps.mappings()[2];
  EXPECT_TRUE(anon.is_anonymous());
  EXPECT_FALSE(anon.is_file());
  EXPECT_TRUE(anon.write);

  const Mapping& deleted = maps.mappings()[3];
  EXPECT_EQ(deleted.path, "/tmp/my lib.so");
  EXPECT_TRUE(deleted.deleted);
  EXPECT_TRUE(deleted.shared);
  EXPECT_EQ(deleted.dev_major, 8u);
  EXPECT_EQ(deleted.dev_minor, 0x1fu);
  EXPECT_FALSE(maps.IsMainExecutable(deleted));

  EXPECT_TRUE(maps.mappings()[4].is_special());
  EXPECT_EQ(maps.mappings()[5].path, "[vdso]");
  EXPECT_EQ(maps.mappings()[6].start, 0xffffffffff600000u);
  EXPECT_EQ(maps.MappingsOfFile(text).size(), 2u);
}

TEST(ProcMapsTest, FindsTheMappingOfAnAddress) {
  ProcessMaps maps = ProcessMaps::Parse(kMaps);
  EXPECT_EQ(maps.Find(0x55d0c8a00000), &maps.mappings()[0]);
  EXPECT_EQ(maps.Find(0x55d0c8a00fff), &maps.mappings()[0]);
  EXPECT_EQ(maps.Find(0x55d0c8a01000), &maps.mappings()[1]);
  EXPECT_EQ(maps.Find(0x55d0c8a02000), nullptr);  // the gap after the text
  EXPECT_EQ(maps.Find(0x1000), nullptr);
  EXPECT_EQ(maps.Find(0x7ffc000fe123), &maps.mappings()[5]);
  EXPECT_EQ(maps.Find(0xffffffffffffffff), nullptr);
  EXPECT_FALSE(maps.IsMainExecutable(maps.mappings()[1]));  // no executable path given
}

TEST(ProcMapsTest, MalformedLinesAreSkipped) {
  ProcessMaps maps = ProcessMaps::Parse(
      "zzzz-1000 r-xp 00000000 00:00 0\n"
      "2000-1000 r-xp 00000000 00:00 0 /backwards\n"
      "1000-2000 r-x\n"
      "1000-2000 r-xp 0 fe:00 x /bad-inode\n"
      "1000-2000 r-xp 00000000 fe:00 7 /ok\n"
      "\n\n"
      "3000-4000");
  ASSERT_EQ(maps.mappings().size(), 1u);
  EXPECT_EQ(maps.mappings()[0].path, "/ok");
  EXPECT_EQ(maps.skipped_lines(), 5u);
}

TEST(ProcMapsTest, ModuleNamesAreFileNames) {
  EXPECT_EQ(ModuleName("/usr/lib/x86_64-linux-gnu/libc.so.6"), "libc.so.6");
  EXPECT_EQ(ModuleName("/usr/bin/python3.11"), "python3.11");
  EXPECT_EQ(ModuleName("/tmp/x/prog (deleted)"), "prog");
  EXPECT_EQ(ModuleName("[vdso]"), "[vdso]");
  EXPECT_EQ(ModuleName("a.out"), "a.out");
}

TEST(ProcMapsTest, ModuleAliasesDropVersionSuffixesAsDtraceDoes) {
  EXPECT_EQ(ModuleAliases("libc.so.6"), (std::vector<std::string>{"libc.so.6", "libc.so", "libc"}));
  EXPECT_EQ(ModuleAliases("libstdc++.so.6.0.30"),
            (std::vector<std::string>{"libstdc++.so.6.0.30", "libstdc++.so.6.0", "libstdc++.so.6",
                                      "libstdc++.so", "libstdc++"}));
  EXPECT_EQ(ModuleAliases("python3.11"), (std::vector<std::string>{"python3.11", "python3"}));
  EXPECT_EQ(
      ModuleAliases("ld-linux-x86-64.so.2"),
      (std::vector<std::string>{"ld-linux-x86-64.so.2", "ld-linux-x86-64.so", "ld-linux-x86-64"}));
  EXPECT_EQ(ModuleAliases("libfoo.bar.so.1"),
            (std::vector<std::string>{"libfoo.bar.so.1", "libfoo.bar.so", "libfoo.bar", "libfoo"}));
  EXPECT_EQ(ModuleAliases("top"), (std::vector<std::string>{"top"}));
  EXPECT_EQ(ModuleAliases(".hidden"), (std::vector<std::string>{".hidden"}));
}

TEST(ProcMapsTest, ReadsThisProcessAndNormalizesItsOwnAddresses) {
  std::string error;
  auto maps = ProcessMaps::Read(getpid(), &error);
  ASSERT_TRUE(maps) << error;
  EXPECT_EQ(maps->pid(), getpid());
  EXPECT_EQ(maps->skipped_lines(), 0u);
  uint64_t fn = reinterpret_cast<uint64_t>(&ProcMapsTestProbe);
  const Mapping* m = maps->Find(fn);
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->exec);
  EXPECT_TRUE(maps->IsMainExecutable(*m));
  EXPECT_EQ(ModuleName(m->path), "elf_tests");

  auto exe = ElfFile::Open(m->path, &error);
  ASSERT_NE(exe, nullptr) << error;
  auto vaddr = Normalize(*m, *exe, fn + 2);
  ASSERT_TRUE(vaddr);
  SymbolTable symbols = SymbolTable::Load(*exe);
  auto match = symbols.Lookup(*vaddr);
  ASSERT_TRUE(match);
  EXPECT_EQ(match->symbol->name, "ProcMapsTestProbe");
  EXPECT_EQ(match->offset, 2u);

  const Mapping* libc = maps->Find(reinterpret_cast<uint64_t>(&abort));
  ASSERT_NE(libc, nullptr);
  EXPECT_EQ(ModuleName(libc->path), "libc.so.6");
  EXPECT_FALSE(maps->IsMainExecutable(*libc));
  EXPECT_FALSE(Normalize(*libc, *exe, libc->end));  // outside the mapping
}

TEST(ProcMapsTest, AProcessThatDoesNotExistIsAnError) {
  std::string error;
  EXPECT_FALSE(ProcessMaps::Read(999999999, &error));
  EXPECT_EQ(error, "/proc/999999999/maps: No such file or directory");
}

}  // namespace
}  // namespace dt::elf
