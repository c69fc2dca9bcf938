#include "elf/cfi_records.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <tuple>

#include "elf/byte_reader.h"
#include "elf/elf_file.h"
#include "elf/elf_test_support.h"

namespace dt::elf {
namespace {

using testing::EhCie;
using testing::EhFde;
using testing::FileExists;
using testing::Lines;
using testing::RunCommand;
using testing::Sleb;
using testing::TestBinary;
using testing::U32;
using testing::Uleb;

constexpr uint64_t kVaddr = 0x2000;
// DW_CFA_def_cfa r7 (rsp) 8; DW_CFA_offset r16 at cfa-8.
const std::string kInitial = std::string("\x0c\x07\x08\x90\x01", 5);

std::string U64(uint64_t v) { return std::string(reinterpret_cast<char*>(&v), 8); }

TEST(CfiRecordsTest, DecodesAnEhFrameCieAndItsFdes) {
  std::string cie = EhCie(kInitial);
  std::string fde1 = EhFde(cie.size(), 0, kVaddr, 0x1000, 0x20, std::string("\x41\x0e\x10", 3));
  std::string fde2 = EhFde(cie.size() + fde1.size(), 0, kVaddr, 0x1020, 0x8, "");
  std::string section = cie + fde1 + fde2 + U32(0) + "junk after the terminator";
  CfiSectionInfo info{CfiFormat::kEhFrame, kVaddr, 0, 8};
  CfiRecords r = ParseCfiRecords(section, info);
  EXPECT_TRUE(r.errors.empty()) << r.errors[0];
  ASSERT_EQ(r.cies.size(), 1u);
  const Cie& c = r.cies[0];
  EXPECT_EQ(c.offset, 0u);
  EXPECT_EQ(c.version, 1);
  EXPECT_EQ(c.augmentation, "zR");
  EXPECT_EQ(c.code_alignment, 1u);
  EXPECT_EQ(c.data_alignment, -8);
  EXPECT_EQ(c.return_register, 16u);
  EXPECT_EQ(c.fde_encoding, eh_pe::kPcrel | eh_pe::kSdata4);
  EXPECT_TRUE(c.has_augmentation_data);
  EXPECT_EQ(c.initial_instructions, kInitial);
  ASSERT_EQ(r.fdes.size(), 2u);
  EXPECT_EQ(r.fdes[0].offset, cie.size());
  EXPECT_EQ(r.fdes[0].pc_begin, 0x1000u);
  EXPECT_EQ(r.fdes[0].pc_range, 0x20u);
  EXPECT_EQ(r.fdes[0].instructions, std::string("\x41\x0e\x10", 3));
  EXPECT_EQ(r.fdes[1].pc_begin, 0x1020u);
  EXPECT_EQ(r.fdes[1].cie, 0u);
}

TEST(CfiRecordsTest, DecodesDebugFrameWithALaterCieAndDwarf4Header) {
  // FDE first, naming the CIE that follows it by absolute offset.
  std::string fde_body = U32(0) + U64(0x401000) + U64(0x40) + std::string("\x41", 1);
  std::string fde = U32(uint32_t(fde_body.size())) + fde_body;
  uint32_t cie_at = uint32_t(fde.size());
  std::memcpy(&fde[4], &cie_at, 4);
  std::string cie_body = U32(0xffffffff) + char(4) + std::string("", 1) + char(8) + char(0) +
                         Uleb(1) + Sleb(-8) + Uleb(16) + kInitial;
  std::string cie = U32(uint32_t(cie_body.size())) + cie_body;
  CfiSectionInfo info{CfiFormat::kDebugFrame, 0, 0, 8};
  const std::string section = fde + cie;  // the records are views of it
  CfiRecords r = ParseCfiRecords(section, info);
  EXPECT_TRUE(r.errors.empty()) << r.errors[0];
  ASSERT_EQ(r.fdes.size(), 1u);
  EXPECT_EQ(r.fdes[0].pc_begin, 0x401000u);
  EXPECT_EQ(r.fdes[0].pc_range, 0x40u);
  EXPECT_EQ(r.cies.at(r.fdes[0].cie).version, 4);
  EXPECT_EQ(r.cies.at(r.fdes[0].cie).initial_instructions, kInitial);
}

TEST(CfiRecordsTest, Dwarf64Lengths) {
  std::string cie_body = U64(0) + char(1) + std::string("zR", 3) + Uleb(1) + Sleb(-8) + char(16) +
                         Uleb(1) + char(eh_pe::kUdata8) + kInitial;
  std::string cie = U32(0xffffffff) + U64(cie_body.size()) + cie_body;
  size_t fde_at = cie.size();
  std::string fde_body = U64(fde_at + 12) + U64(0x5000) + U64(0x10) + Uleb(0);
  std::string fde = U32(0xffffffff) + U64(fde_body.size()) + fde_body;
  const std::string section = cie + fde;  // the records are views of it
  CfiRecords r = ParseCfiRecords(section, CfiSectionInfo{CfiFormat::kEhFrame, 0, 0, 8});
  EXPECT_TRUE(r.errors.empty()) << r.errors[0];
  ASSERT_EQ(r.fdes.size(), 1u);
  EXPECT_EQ(r.fdes[0].pc_begin, 0x5000u);
  EXPECT_EQ(r.fdes[0].pc_range, 0x10u);
}

TEST(CfiRecordsTest, BadRecordsAreReportedAndTheRestKept) {
  std::string cie = EhCie(kInitial);
  // An FDE whose CIE pointer leads nowhere, then a good one.
  std::string orphan_body = U32(3) + U32(0) + U32(4) + Uleb(0);
  std::string orphan = U32(uint32_t(orphan_body.size())) + orphan_body;
  std::string good = EhFde(cie.size() + orphan.size(), 0, kVaddr, 0x1000, 0x10, "");
  std::string section = cie + orphan + good;
  CfiRecords r = ParseCfiRecords(section, CfiSectionInfo{CfiFormat::kEhFrame, kVaddr, 0, 8});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "FDE at 0x16 names no valid CIE at 0x17");
  ASSERT_EQ(r.fdes.size(), 1u);
  EXPECT_EQ(r.fdes[0].pc_begin, 0x1000u);

  // A length that runs past the section ends the walk.
  r = ParseCfiRecords(cie + U32(1000) + "short", CfiSectionInfo{CfiFormat::kEhFrame, kVaddr, 0, 8});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "record at 0x16 runs past the section end");
  EXPECT_EQ(r.cies.size(), 1u);

  // An unknown CIE version.
  std::string v9 = cie;
  v9[8] = 9;
  r = ParseCfiRecords(v9, CfiSectionInfo{CfiFormat::kEhFrame, kVaddr, 0, 8});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "CIE at 0x0 has unknown version 9");

  // An FDE encoding relative to a base we do not know.
  std::string datarel = cie;
  datarel[datarel.find('\x1b')] = char(eh_pe::kDatarel | eh_pe::kSdata4);
  std::string fde = EhFde(datarel.size(), 0, kVaddr, 0x1000, 0x10, "");
  r = ParseCfiRecords(datarel + fde, CfiSectionInfo{CfiFormat::kEhFrame, kVaddr, 0, 8});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "FDE at 0x16: pointer encoding 0x3b is not supported");
  EXPECT_TRUE(r.fdes.empty());
}

TEST(CfiRecordsTest, PointerEncodings) {
  CfiSectionInfo info{CfiFormat::kEhFrame, 0x3000, 0x1000, 8};
  struct Case {
    std::string bytes;
    uint8_t encoding;
    uint64_t want;
  } cases[] = {
      {U64(0x1234), eh_pe::kAbsptr, 0x1234},
      {Uleb(300), eh_pe::kUleb128, 300},
      {std::string("\xfe\xff", 2), eh_pe::kUdata2, 0xfffe},
      {std::string("\xfe\xff", 2), eh_pe::kSdata2, uint64_t(-2)},
      {U32(0xfffffff0), eh_pe::kSdata4, uint64_t(-16)},
      {Sleb(-5), eh_pe::kSleb128, uint64_t(-5)},
      {U32(0x10), eh_pe::kPcrel | eh_pe::kSdata4, 0x5010},
      {U32(0x10), eh_pe::kTextrel | eh_pe::kUdata4, 0x1010},
      {"", eh_pe::kOmit, 0},
  };
  for (const Case& c : cases) {
    ByteReader r(c.bytes);
    uint64_t v = 0;
    std::string error;
    ASSERT_TRUE(ReadEncodedPointer(&r, c.encoding, 0x5000, info, &v, &error))
        << int(c.encoding) << ": " << error;
    EXPECT_EQ(v, c.want) << int(c.encoding);
  }
  ByteReader r(U32(0));
  uint64_t v;
  std::string error;
  EXPECT_FALSE(ReadEncodedPointer(&r, eh_pe::kIndirect | eh_pe::kUdata4, 0, info, &v, &error));
  EXPECT_EQ(error, "indirect pointer encoding is not supported");
  ByteReader short_read(std::string("\x01", 1));
  EXPECT_FALSE(ReadEncodedPointer(&short_read, eh_pe::kUdata4, 0, info, &v, &error));
  EXPECT_EQ(error, "truncated pointer");
}

// readelf -wF's FDE headers ("pc=begin..end") are the oracle for real files.
std::set<std::pair<uint64_t, uint64_t>> ReadelfFdeRanges(const std::string& path,
                                                         const std::string& section) {
  std::set<std::pair<uint64_t, uint64_t>> out;
  bool in_section = false;
  for (const std::string& line : Lines(RunCommand("readelf -wF '" + path + "'"))) {
    if (line.rfind("Contents of the ", 0) == 0)
      in_section = line.find(section) != std::string::npos;
    size_t pc = line.find(" FDE cie=");
    if (!in_section || pc == std::string::npos) continue;
    size_t eq = line.find("pc=", pc);
    size_t dots = line.find("..", eq);
    out.emplace(std::stoull(line.substr(eq + 3, dots - eq - 3), nullptr, 16),
                std::stoull(line.substr(dots + 2), nullptr, 16));
  }
  return out;
}

void ExpectSameFdesAsReadelf(const std::string& path, const std::string& section) {
  std::string error;
  auto f = ElfFile::Open(path, &error);
  ASSERT_NE(f, nullptr) << error;
  const Section* s = f->FindSection(section);
  ASSERT_NE(s, nullptr);
  CfiSectionInfo info{section == ".eh_frame" ? CfiFormat::kEhFrame : CfiFormat::kDebugFrame,
                      s->addr, 0, 8};
  CfiRecords r = ParseCfiRecords(*f->SectionData(*s, &error), info);
  EXPECT_TRUE(r.errors.empty()) << r.errors[0];
  std::set<std::pair<uint64_t, uint64_t>> ours;
  for (const Fde& fde : r.fdes) ours.emplace(fde.pc_begin, fde.pc_begin + fde.pc_range);
  auto want = ReadelfFdeRanges(path, section);
  EXPECT_GT(want.size(), 3u);
  EXPECT_EQ(ours, want) << path << " " << section;
}

TEST(CfiRecordsTest, FindsTheFdesReadelfFinds) {
  ExpectSameFdesAsReadelf(TestBinary("unwind_nofp"), ".eh_frame");
  ExpectSameFdesAsReadelf(TestBinary("libelftest.so"), ".eh_frame");
  ExpectSameFdesAsReadelf(TestBinary("unwind_debugframe"), ".debug_frame");
  const std::string libc = "/lib/x86_64-linux-gnu/libc.so.6";
  if (FileExists(libc)) ExpectSameFdesAsReadelf(libc, ".eh_frame");
}

}  // namespace
}  // namespace dt::elf
