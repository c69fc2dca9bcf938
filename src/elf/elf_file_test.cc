#include "elf/elf_file.h"

#include <elf.h>
#include <gtest/gtest.h>

#include <cstring>

#include "elf/elf_test_support.h"

namespace dt::elf {
namespace {

using testing::FileExists;
using testing::ReadFileBytes;
using testing::RunCommand;
using testing::TestBinary;

std::unique_ptr<ElfFile> MustOpen(const std::string& path) {
  std::string error;
  auto f = ElfFile::Open(path, &error);
  EXPECT_NE(f, nullptr) << error;
  return f;
}

// The PT_LOAD headers read straight from the bytes with <elf.h>, as an
// oracle independent of libelf.
std::vector<Elf64_Phdr> RawLoadHeaders(const std::string& bytes) {
  Elf64_Ehdr eh;
  std::memcpy(&eh, bytes.data(), sizeof eh);
  std::vector<Elf64_Phdr> out;
  for (int i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph;
    std::memcpy(&ph, bytes.data() + eh.e_phoff + i * eh.e_phentsize, sizeof ph);
    if (ph.p_type == PT_LOAD) out.push_back(ph);
  }
  return out;
}

uint32_t Crc32(const std::string& data) {
  uint32_t crc = 0xffffffffu;
  for (unsigned char c : data) {
    crc ^= c;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

TEST(ElfFileTest, TellsPieFromFixedExecutablesAndSharedObjects) {
  auto pie = MustOpen(TestBinary("unwind_nofp"));
  auto fixed = MustOpen(TestBinary("unwind_nopie"));
  auto lib = MustOpen(TestBinary("libelftest.so"));
  ASSERT_TRUE(pie && fixed && lib);
  EXPECT_EQ(pie->type(), ElfType::kSharedObject);
  EXPECT_TRUE(pie->is_pie());
  EXPECT_TRUE(pie->is_relocatable_at_load());
  EXPECT_EQ(fixed->type(), ElfType::kExecutable);
  EXPECT_FALSE(fixed->is_pie());
  EXPECT_FALSE(fixed->is_relocatable_at_load());
  EXPECT_EQ(lib->type(), ElfType::kSharedObject);
  EXPECT_FALSE(lib->is_pie());
  EXPECT_EQ(pie->machine(), EM_X86_64);
  EXPECT_TRUE(pie->is_64bit());
}

TEST(ElfFileTest, LoadSegmentsMatchTheProgramHeaders) {
  for (const char* name : {"unwind_nofp", "unwind_nopie", "libelftest.so"}) {
    std::string path = TestBinary(name);
    auto f = MustOpen(path);
    ASSERT_TRUE(f);
    auto raw = RawLoadHeaders(ReadFileBytes(path));
    ASSERT_EQ(f->load_segments().size(), raw.size()) << name;
    bool any_exec = false;
    for (size_t i = 0; i < raw.size(); ++i) {
      const LoadSegment& s = f->load_segments()[i];
      EXPECT_EQ(s.vaddr, raw[i].p_vaddr) << name;
      EXPECT_EQ(s.offset, raw[i].p_offset) << name;
      EXPECT_EQ(s.filesz, raw[i].p_filesz) << name;
      EXPECT_EQ(s.memsz, raw[i].p_memsz) << name;
      EXPECT_EQ(s.flags, raw[i].p_flags) << name;
      any_exec |= s.executable();
    }
    EXPECT_TRUE(any_exec) << name;
  }
  auto fixed = MustOpen(TestBinary("unwind_nopie"));
  const LoadSegment* text = fixed->SegmentForVaddr(fixed->entry());
  ASSERT_NE(text, nullptr);
  EXPECT_TRUE(text->executable());
  EXPECT_GE(text->vaddr, 0x400000u);  // the x86-64 default base of fixed executables
}

TEST(ElfFileTest, FindsSectionsAndTranslatesOffsets) {
  auto f = MustOpen(TestBinary("unwind_nofp"));
  ASSERT_TRUE(f);
  const Section* text = f->FindSection(".text");
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(text->type, uint32_t(SHT_PROGBITS));
  EXPECT_TRUE(text->flags & SHF_EXECINSTR);
  EXPECT_GE(f->entry(), text->addr);
  EXPECT_LT(f->entry(), text->addr + text->size);
  EXPECT_EQ(f->VaddrToFileOffset(text->addr), text->offset);
  EXPECT_EQ(f->FileOffsetToVaddr(text->offset), text->addr);
  EXPECT_EQ(f->FileOffsetToVaddr(text->offset + 5), text->addr + 5);
  // .bss occupies memory but no file bytes.
  const Section* bss = f->FindSection(".bss");
  ASSERT_NE(bss, nullptr);
  EXPECT_FALSE(f->VaddrToFileOffset(bss->addr + bss->size - 1));
  std::string error;
  EXPECT_FALSE(f->SectionData(*bss, &error));
  EXPECT_NE(error.find("section .bss has no file data"), std::string::npos) << error;
  EXPECT_EQ(f->FindSection(".no_such_section"), nullptr);
  auto data = f->SectionData(*text, &error);
  ASSERT_TRUE(data);
  EXPECT_EQ(data->size(), text->size);
  EXPECT_EQ(data->data(), f->bytes().data() + text->offset);
}

TEST(ElfFileTest, ReadsTheBuildIdReadelfShows) {
  for (const char* name : {"unwind_nofp", "libelftest.so"}) {
    std::string path = TestBinary(name);
    auto f = MustOpen(path);
    ASSERT_TRUE(f);
    std::string out = RunCommand("readelf -n '" + path + "' | sed -n 's/.*Build ID: //p'");
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    ASSERT_EQ(out.size(), 40u) << "readelf gave no build id for " << name;
    EXPECT_EQ(f->build_id(), out) << name;
  }
}

TEST(ElfFileTest, ReadsTheDebugLinkAndItsCrc) {
  auto stripped = MustOpen(TestBinary("unwind_nofp_stripped"));
  ASSERT_TRUE(stripped);
  ASSERT_TRUE(stripped->debug_link());
  EXPECT_EQ(stripped->debug_link()->file, "unwind_nofp");
  EXPECT_EQ(stripped->debug_link()->crc, Crc32(ReadFileBytes(TestBinary("unwind_nofp"))));
  auto original = MustOpen(TestBinary("unwind_nofp"));
  EXPECT_FALSE(original->debug_link());
  EXPECT_EQ(stripped->build_id(), original->build_id());
}

TEST(ElfFileTest, ListsNotesOfOneSection) {
  auto f = MustOpen(TestBinary("unwind_nofp"));
  ASSERT_TRUE(f);
  auto notes = f->Notes(".note.gnu.build-id");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].owner, "GNU");
  EXPECT_EQ(notes[0].type, uint32_t(NT_GNU_BUILD_ID));
  EXPECT_EQ(notes[0].desc.size(), 20u);
  // .note.gnu.property is 8-aligned; its record must still parse.
  auto property = f->Notes(".note.gnu.property");
  if (f->FindSection(".note.gnu.property") != nullptr) {
    ASSERT_EQ(property.size(), 1u);
    EXPECT_EQ(property[0].owner, "GNU");
    EXPECT_EQ(property[0].type, uint32_t(NT_GNU_PROPERTY_TYPE_0));
  }
}

TEST(ElfFileTest, NotesOfAnEightAlignedSectionArePaddedToEight) {
  auto f = MustOpen(TestBinary("libelftest.so"));
  ASSERT_TRUE(f);
  ASSERT_EQ(f->FindSection(".note.elftest")->addralign, 8u);
  auto notes = f->Notes(".note.elftest");
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].owner, "ABC");
  EXPECT_EQ(notes[0].type, 1u);
  EXPECT_EQ(notes[0].desc, std::string("\1\0\0\0\2\0\0\0\3\0\0\0", 12));
  EXPECT_EQ(notes[1].owner, "ABC");
  EXPECT_EQ(notes[1].type, 2u);
  EXPECT_EQ(notes[1].desc, std::string("\7\0\0\0", 4));
}

TEST(ElfFileTest, RejectsWhatIsNotElfWithAMessage) {
  std::string error;
  EXPECT_EQ(ElfFile::FromBytes("#!/bin/sh\necho hi\n", "script", &error), nullptr);
  EXPECT_EQ(error, "script: not an ELF file");
  EXPECT_EQ(ElfFile::FromBytes("", "empty", &error), nullptr);
  EXPECT_EQ(error, "empty: not an ELF file");
  EXPECT_EQ(ElfFile::Open("/nonexistent/x", &error), nullptr);
  EXPECT_EQ(error, "/nonexistent/x: No such file or directory");
  EXPECT_EQ(ElfFile::Open("/proc", &error), nullptr);
  EXPECT_EQ(error, "/proc: not a regular file");
}

// Every prefix of a real binary: either a clean error or an object whose
// sections and notes are all inside the bytes that exist.
TEST(ElfFileTest, TruncatedFilesNeverReadPastTheirEnd) {
  std::string bytes = ReadFileBytes(TestBinary("libelftest.so"));
  ASSERT_GT(bytes.size(), 4096u);
  size_t opened = 0;
  for (size_t len = 0; len < bytes.size(); len += (len < 256 ? 1 : 97)) {
    std::string error;
    auto f = ElfFile::FromBytes(bytes.substr(0, len), "cut", &error);
    if (f == nullptr) {
      EXPECT_FALSE(error.empty());
      continue;
    }
    ++opened;
    for (const Section& s : f->sections()) {
      if (auto d = f->SectionData(s, &error)) {
        EXPECT_LE(d->data() + d->size(), f->bytes().data() + f->bytes().size());
      }
    }
    for (const ElfNote& n : f->Notes()) {
      EXPECT_GE(n.desc.data(), f->bytes().data());
      EXPECT_LE(n.desc.data() + n.desc.size(), f->bytes().data() + f->bytes().size());
    }
    for (const LoadSegment& s : f->load_segments()) {
      if (s.filesz != 0) {
        EXPECT_LE(s.offset + s.filesz, len);
      }
      EXPECT_FALSE(f->FileOffsetToVaddr(len));  // nothing past the end translates
    }
  }
  EXPECT_GT(opened, 0u);
}

TEST(ElfFileTest, ReadsDebianSystemBinaries) {
  const std::string libc = "/lib/x86_64-linux-gnu/libc.so.6";
  if (!FileExists(libc)) GTEST_SKIP() << "no " << libc;
  auto f = MustOpen(libc);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->type(), ElfType::kSharedObject);
  EXPECT_FALSE(f->is_pie());
  EXPECT_EQ(f->build_id().size(), 40u);
  EXPECT_NE(f->FindSection(".eh_frame"), nullptr);
  EXPECT_EQ(f->FindSection(".symtab"), nullptr);  // Debian strips it
  ASSERT_TRUE(f->debug_link());
  EXPECT_EQ(f->debug_link()->file.substr(f->debug_link()->file.size() - 6), ".debug");
}

}  // namespace
}  // namespace dt::elf
