#include "elf/unwind_table.h"

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "elf/cfa_program.h"
#include "elf/cfi_records.h"
#include "elf/elf_file.h"
#include "elf/elf_test_support.h"
#include "elf/symbol_table.h"

namespace dt::elf {
namespace {

using testing::EhCie;
using testing::EhFde;
using testing::FileExists;
using testing::TestBinary;

CfiRow Row(CfaRule cfa, RegisterRule rbp = {},
           RegisterRule ra = {RegisterRule::Kind::kOffset, -8, 0, {}}) {
  CfiRow r;
  r.pc = 0x1234;
  r.cfa = cfa;
  r.rbp = rbp;
  r.return_address = ra;
  return r;
}
CfaRule Reg(uint64_t reg, int64_t off) { return {CfaRule::Kind::kRegisterOffset, reg, off, {}}; }
RegisterRule SavedAt(int64_t off) { return {RegisterRule::Kind::kOffset, off, 0, {}}; }

std::string Describe(const UnwindRow& r) {
  return std::to_string(r.cfa_rule) + "/" + std::to_string(r.cfa_offset) + "/" +
         std::to_string(r.rbp_rule) + "/" + std::to_string(r.rbp_offset);
}

// The CFA offset of the row covering pc, -1 when none does.
int64_t CfaOffsetAt(const UnwindTable& t, uint64_t pc) {
  const UnwindRow* r = t.Find(pc);
  return r != nullptr ? r->cfa_offset : -1;
}

const std::string kPltExpr("\x77\x08\x80\x00\x3f\x1a\x3b\x2a\x33\x24\x22", 11);

TEST(UnwindTableTest, CompactsTheRulesAnX86UnwinderNeeds) {
  auto c = [](const CfiRow& r) { return Describe(CompactCfiRow(r)); };
  EXPECT_EQ(CompactCfiRow(Row(Reg(7, 16))).pc, 0x1234u);
  EXPECT_EQ(c(Row(Reg(7, 16))), "1/16/0/0");
  EXPECT_EQ(c(Row(Reg(6, 16), SavedAt(-16))), "2/16/1/-16");
  EXPECT_EQ(c(Row(Reg(7, 100000), SavedAt(-24))), "1/100000/1/-24");
  EXPECT_EQ(c(Row(Reg(10, 0))), "5/0/0/0");  // %r10 while realigning the stack
  EXPECT_EQ(c(Row(Reg(7, int64_t(1) << 40))), "5/0/0/0");
  EXPECT_EQ(c(Row({CfaRule::Kind::kExpression, 0, 0, kPltExpr})), "3/11/0/0");
  std::string ibt = kPltExpr;
  ibt[6] = 0x3a;  // lit10
  EXPECT_EQ(c(Row({CfaRule::Kind::kExpression, 0, 0, ibt})), "3/10/0/0");
  EXPECT_EQ(c(Row({CfaRule::Kind::kExpression, 0, 0, "\x77\x08"})), "5/0/0/0");
  EXPECT_EQ(c(Row({CfaRule::Kind::kInvalid, 0, 0, {}})), "5/0/0/0");
  EXPECT_EQ(c(Row({CfaRule::Kind::kUndefined, 0, 0, {}})), "5/0/0/0");
  EXPECT_EQ(c(Row(Reg(7, 8), {}, {RegisterRule::Kind::kUndefined, 0, 0, {}})), "4/0/0/0");
  EXPECT_EQ(c(Row(Reg(7, 8), {}, SavedAt(-16))), "5/0/0/0");
  EXPECT_EQ(c(Row(Reg(7, 16), {RegisterRule::Kind::kRegister, 0, 3, {}})), "1/16/2/0");
  EXPECT_EQ(c(Row(Reg(7, 16), SavedAt(40000))), "1/16/2/0");
}

TEST(UnwindTableTest, MergesRowsMarksGapsAndLetsLaterOverlappingFdesWin) {
  const std::string initial("\x0c\x07\x08\x90\x01", 5);  // rsp+8, ra at cfa-8
  std::string s = EhCie(initial);
  // 0x1000..0x1010: push at +1, pop at +0xf (rsp+16 between).
  s += EhFde(s.size(), 0, 0x2000, 0x1000, 0x10, std::string("\x41\x0e\x10\x4e\x0e\x08", 6));
  // 0x1010..0x1020: nothing (rsp+8 throughout): merges with the row above.
  s += EhFde(s.size(), 0, 0x2000, 0x1010, 0x10, "");
  // Gap 0x1020..0x1040, then 0x1040..0x1060 whose second half another FDE
  // (0x1050..0x1058) overrides, rows at 0x1054 included.
  s += EhFde(s.size(), 0, 0x2000, 0x1040, 0x20, std::string("\x48\x0e\x20\x4c\x0e\x40", 6));
  s += EhFde(s.size(), 0, 0x2000, 0x1050, 0x8, std::string("\x0e\x30", 2));
  CfiSectionInfo info{CfiFormat::kEhFrame, 0x2000, 0, 8};
  CfiRecords records = ParseCfiRecords(s, info);
  ASSERT_TRUE(records.errors.empty()) << records.errors[0];
  UnwindTable t = UnwindTable::FromRecords({{&records, &info}}, nullptr);
  std::vector<std::string> rows;
  for (const UnwindRow& r : t.rows()) {
    char pc[16];
    snprintf(pc, sizeof pc, "%llx:", static_cast<unsigned long long>(r.pc));
    rows.push_back(pc + Describe(r));
  }
  EXPECT_EQ(rows, (std::vector<std::string>{"1000:1/8/0/0", "1001:1/16/0/0", "100f:1/8/0/0",
                                            "1020:0/0/0/0", "1040:1/8/0/0", "1048:1/32/0/0",
                                            "1050:1/48/0/0", "1058:0/0/0/0"}));
  EXPECT_EQ(t.stats().fdes, 4u);
  EXPECT_EQ(t.stats().rows, 8u);
  EXPECT_EQ(t.Find(0xfff), nullptr);
  EXPECT_EQ(CfaOffsetAt(t, 0x1000), 8);
  EXPECT_EQ(CfaOffsetAt(t, 0x1005), 16);
  EXPECT_EQ(CfaOffsetAt(t, 0x101f), 8);
  EXPECT_EQ(t.Find(0x1020), nullptr);  // the gap
  EXPECT_EQ(t.Find(0x103f), nullptr);
  EXPECT_EQ(CfaOffsetAt(t, 0x1057), 48);
  EXPECT_EQ(t.Find(0x1058), nullptr);  // the overriding FDE ended; so did coverage
  EXPECT_EQ(t.Find(UINT64_MAX), nullptr);
  EXPECT_EQ(t.size_bytes(), 8 * 16u);
}

TEST(UnwindTableTest, AlignmentPaddingBetweenFunctionsIsNoGap) {
  std::string s = EhCie(std::string("\x0c\x07\x08\x90\x01", 5));
  // 0x1000..0x100b, then the next function at 0x1010 (5 bytes of padding),
  // then 0x1020..0x1030 and a real gap of 16 bytes before 0x1040.
  s += EhFde(s.size(), 0, 0x2000, 0x1000, 0xb, std::string("\x41\x0e\x10\x49\x0e\x08", 6));
  s += EhFde(s.size(), 0, 0x2000, 0x1010, 0x10, "");
  s += EhFde(s.size(), 0, 0x2000, 0x1020, 0x10, "");
  s += EhFde(s.size(), 0, 0x2000, 0x1040, 0x10, "");
  CfiSectionInfo info{CfiFormat::kEhFrame, 0x2000, 0, 8};
  CfiRecords records = ParseCfiRecords(s, info);
  UnwindTable t = UnwindTable::FromRecords({{&records, &info}}, nullptr);
  std::vector<uint64_t> pcs;
  for (const UnwindRow& r : t.rows()) pcs.push_back(r.pc);
  EXPECT_EQ(pcs, (std::vector<uint64_t>{0x1000, 0x1001, 0x100a, 0x1030, 0x1040, 0x1050}));
  EXPECT_EQ(CfaOffsetAt(t, 0x100c), 8);  // padding: the rule before it
  EXPECT_EQ(t.Find(0x1030), nullptr);
}

// The table must say, at every row boundary of every FDE, what the CFA
// program says there (compacted).
void ExpectTableMatchesCfi(const std::string& path) {
  std::string error;
  auto f = ElfFile::Open(path, &error);
  ASSERT_NE(f, nullptr) << error;
  UnwindTable t = UnwindTable::Build(*f);
  ASSERT_FALSE(t.empty()) << path;
  EXPECT_EQ(t.stats().error_count, 0u) << t.stats().errors[0];
  for (size_t i = 1; i < t.rows().size(); ++i) {
    ASSERT_LT(t.rows()[i - 1].pc, t.rows()[i].pc) << path;
    ASSERT_FALSE(t.rows()[i - 1].SameRules(t.rows()[i])) << path << " row " << i;
  }
  EXPECT_EQ(t.rows().back().cfa_rule, kCfaNoInfo);

  size_t checked = 0;
  for (const char* section : {".eh_frame", ".debug_frame"}) {
    const Section* s = f->FindSection(section);
    if (s == nullptr) continue;
    CfiSectionInfo info{
        std::string(section) == ".eh_frame" ? CfiFormat::kEhFrame : CfiFormat::kDebugFrame, s->addr,
        0, 8};
    CfiRecords records = ParseCfiRecords(*f->SectionData(*s, &error), info);
    for (const Fde& fde : records.fdes) {
      if (fde.pc_range == 0 || f->SegmentForVaddr(fde.pc_begin) == nullptr) continue;
      std::vector<CfiRow> rows;
      RunCfaProgram(records.cies[fde.cie], fde, info, &rows, &error);
      for (const CfiRow& row : rows) {
        const UnwindRow* got = t.Find(row.pc);
        ASSERT_NE(got, nullptr) << path << std::hex << " pc 0x" << row.pc;
        EXPECT_TRUE(got->SameRules(CompactCfiRow(row)))
            << path << std::hex << " pc 0x" << row.pc << ": " << Describe(*got) << " vs "
            << Describe(CompactCfiRow(row));
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 5u);
}

TEST(UnwindTableTest, AgreesWithTheCfaProgramsOfOurBinaries) {
  for (const char* name : {"unwind_nofp", "unwind_fp", "unwind_nopie", "libelftest.so",
                           "unwind_nofp_stripped", "unwind_debugframe"}) {
    ExpectTableMatchesCfi(TestBinary(name));
  }
}

TEST(UnwindTableTest, OurFunctionsHaveTheRulesTheirBuildImplies) {
  std::string error;
  for (const char* name : {"unwind_nofp", "unwind_fp", "unwind_debugframe"}) {
    auto f = ElfFile::Open(TestBinary(name), &error);
    ASSERT_NE(f, nullptr) << error;
    UnwindTable t = UnwindTable::Build(*f);
    SymbolTable symbols = SymbolTable::Load(*f);
    const Symbol* b = symbols.FindByName("b").at(0);
    // At entry every function's CFA is rsp+8.
    ASSERT_NE(t.Find(b->address), nullptr) << name;
    EXPECT_EQ(Describe(*t.Find(b->address)), "1/8/0/0") << name;
    // In the middle of b: rsp-based without frame pointers, rbp-based with.
    const UnwindRow* mid = t.Find(b->address + b->size / 2);
    ASSERT_NE(mid, nullptr) << name;
    if (std::string(name) == "unwind_fp") {
      EXPECT_EQ(Describe(*mid), "2/16/1/-16") << name;
    } else {
      EXPECT_EQ(mid->cfa_rule, kCfaRspOffset) << name;
      EXPECT_GT(mid->cfa_offset, 8) << name;
    }
    // _start ends the stack; the PLT has its expression.
    const Symbol* start = symbols.FindByName("_start").at(0);
    ASSERT_NE(t.Find(start->address), nullptr);
    EXPECT_EQ(t.Find(start->address)->cfa_rule, kCfaEndOfStack) << name;
    const Symbol* plt = symbols.FindByName("raise@plt").at(0);
    ASSERT_NE(t.Find(plt->address), nullptr);
    EXPECT_EQ(Describe(*t.Find(plt->address)), "3/11/0/0") << name;
  }
}

void Measure(const std::string& path) {
  auto start = std::chrono::steady_clock::now();
  std::string error;
  auto f = ElfFile::Open(path, &error);
  ASSERT_NE(f, nullptr) << error;
  UnwindTable t = UnwindTable::Build(*f);
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const UnwindTableStats& s = t.stats();
  std::cout << "[ timing ] " << path << ": unwind table built in " << ms << " ms: " << s.fdes
            << " FDEs, " << s.cfi_rows << " CFI rows -> " << s.rows << " rows of 16 bytes ("
            << t.size_bytes() / 1024 << " KiB), " << s.unsupported_rows << " unsupported, "
            << s.plt_rows << " PLT\n";
  EXPECT_EQ(s.error_count, 0u) << s.errors[0];
  EXPECT_GT(s.fdes, 1000u);
  EXPECT_LT(s.rows, s.cfi_rows);  // merging gained something
  // Almost every row is one the BPF unwinder can use.
  EXPECT_LT(s.unsupported_rows * 100, s.rows) << path;
  ExpectTableMatchesCfi(path);
}

TEST(UnwindTableTest, LibcAndPythonTables) {
  bool any = false;
  for (const char* path : {"/lib/x86_64-linux-gnu/libc.so.6", "/usr/bin/python3.11"}) {
    if (!FileExists(path)) continue;
    any = true;
    Measure(path);
  }
  if (!any) GTEST_SKIP() << "neither libc.so.6 nor python3.11 here";
}

}  // namespace
}  // namespace dt::elf
