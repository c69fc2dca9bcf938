#include "elf/cfa_program.h"

#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <sstream>

#include "elf/elf_file.h"
#include "elf/elf_test_support.h"

namespace dt::elf {
namespace {

using testing::EhCie;
using testing::EhFde;
using testing::FileExists;
using testing::Lines;
using testing::RunCommand;
using testing::TestBinary;

const char* const kRegNames[] = {"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp", "r8",
                                 "r9",  "r10", "r11", "r12", "r13", "r14", "r15", "rip"};

std::string Signed(int64_t v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

// A row in readelf -wF's notation: "CFA rbp ra", e.g. "rsp+16 c-16 c-8".
// readelf shows an unmentioned register and an undefined one alike ("u"),
// and "s" for same_value: all three are "-" for rbp here.
std::string Describe(const CfiRow& row) {
  std::string cfa = row.cfa.kind == CfaRule::Kind::kExpression ? "exp"
                    : row.cfa.kind == CfaRule::Kind::kRegisterOffset && row.cfa.reg <= 16
                        ? kRegNames[row.cfa.reg] + Signed(row.cfa.offset)
                        : "?";
  auto reg = [](const RegisterRule& r, bool is_rbp) -> std::string {
    switch (r.kind) {
      case RegisterRule::Kind::kSameValue:
        return is_rbp ? "-" : "s";
      case RegisterRule::Kind::kUndefined:
        return is_rbp ? "-" : "u";
      case RegisterRule::Kind::kOffset:
        return "c" + Signed(r.offset);
      case RegisterRule::Kind::kValOffset:
        return "v" + Signed(r.offset);
      case RegisterRule::Kind::kRegister:
        return r.reg <= 16 ? kRegNames[r.reg] : "?";
      case RegisterRule::Kind::kExpression:
        return "exp";
      case RegisterRule::Kind::kValExpression:
        return "vexp";
    }
    return "?";
  };
  return cfa + " " + reg(row.rbp, true) + " " + reg(row.return_address, false);
}

std::vector<CfiRow> RunProgram(const std::string& initial, const std::string& program, uint64_t pc,
                               uint32_t range, std::string* error) {
  std::string cie = EhCie(initial);
  // Rows point into the section (DW_CFA expressions are views of it), so it
  // must outlive them: kept for the whole test run.
  static std::deque<std::string> sections;
  const std::string& section =
      sections.emplace_back(cie + EhFde(cie.size(), 0, 0x2000, pc, range, program));
  CfiSectionInfo info{CfiFormat::kEhFrame, 0x2000, 0, 8};
  CfiRecords records = ParseCfiRecords(section, info);
  EXPECT_TRUE(records.errors.empty()) << records.errors[0];
  std::vector<CfiRow> rows;
  error->clear();
  bool ok = RunCfaProgram(records.cies.at(0), records.fdes.at(0), info, &rows, error);
  EXPECT_EQ(ok, error->empty());
  return rows;
}

std::vector<std::string> Describe(const std::vector<CfiRow>& rows) {
  std::vector<std::string> out;
  for (const CfiRow& r : rows) {
    char loc[24];
    snprintf(loc, sizeof loc, "%llx ", static_cast<unsigned long long>(r.pc));
    out.push_back(loc + Describe(r));
  }
  return out;
}

// DW_CFA_def_cfa rsp 8; DW_CFA_offset rip at cfa-8.
const std::string kInitial("\x0c\x07\x08\x90\x01", 5);

TEST(CfaProgramTest, RunsEveryOpcodeGccAndTheAbiUse) {
  static const char kProgram[] =
      "\x41"                  // advance_loc 1
      "\x0e\x10"              // def_cfa_offset 16
      "\x86\x02"              // offset rbp, 2 * -8
      "\x02\x03"              // advance_loc1 3
      "\x0d\x06"              // def_cfa_register rbp
      "\x03\x10\x00"          // advance_loc2 16
      "\x0a"                  // remember_state
      "\x0c\x07\x08"          // def_cfa rsp 8
      "\xc6"                  // restore rbp
      "\x04\x04\x00\x00\x00"  // advance_loc4 4
      "\x0b"                  // restore_state
      "\x2e\x20"              // GNU_args_size 32: no effect
      "\x41"                  //
      "\x12\x07\x7e"          // def_cfa_sf rsp, -2 * -8
      "\x11\x06\x7d"          // offset_extended_sf rbp, -3 * -8
      "\x41"                  //
      "\x13\x7c"              // def_cfa_offset_sf -4 * -8
      "\x05\x06\x03"          // offset_extended rbp, 3 * -8
      "\x41"                  //
      "\x14\x06\x01"          // val_offset rbp, 1 * -8
      "\x41"                  //
      "\x09\x06\x03"          // register rbp in rbx
      "\x41"                  //
      "\x10\x06\x02\x76\x00"  // expression rbp: breg6 0
      "\x41"                  //
      "\x0f\x02\x77\x08"      // def_cfa_expression breg7 8
      "\x07\x10"              // undefined rip
      "\x41"                  //
      "\x08\x06"              // same_value rbp
      "\x06\x10"              // restore_extended rip
      "\x2f\x06\x02"          // GNU_negative_offset_extended rbp, -(2 * -8)
      "\x00";                 // nop
  const std::string program(kProgram, sizeof kProgram - 1);
  std::string error;
  auto rows = RunProgram(kInitial, program, 0x1000, 0x20, &error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_EQ(Describe(rows), (std::vector<std::string>{
                                "1000 rsp+8 - c-8",
                                "1001 rsp+16 c-16 c-8",
                                "1004 rbp+16 c-16 c-8",
                                "1014 rsp+8 - c-8",
                                "1018 rbp+16 c-16 c-8",
                                "1019 rsp+16 c+24 c-8",
                                "101a rsp+32 c-24 c-8",
                                "101b rsp+32 v-8 c-8",
                                "101c rsp+32 rbx c-8",
                                "101d rsp+32 exp c-8",
                                "101e exp exp u",
                                "101f exp c+16 c-8",
                            }));
  EXPECT_EQ(rows[10].cfa.expression, std::string("\x77\x08", 2));
}

TEST(CfaProgramTest, RowsPastTheFunctionEndAreDropped) {
  std::string error;
  // advance 8 with a range of 4: only the first row is inside.
  auto rows = RunProgram(kInitial, std::string("\x48\x0e\x10", 3), 0x1000, 4, &error);
  EXPECT_EQ(Describe(rows), (std::vector<std::string>{"1000 rsp+8 - c-8"}));
}

TEST(CfaProgramTest, SetLocIsPcRelativeInEhFrame) {
  // DW_CFA_set_loc with the CIE's pcrel|sdata4 encoding: the operand is
  // relative to its own address. The FDE's instructions start at section
  // offset 0x16 + 17 (see EhFde), plus the set_loc opcode byte.
  std::string cie = EhCie(kInitial);
  uint64_t operand_vaddr = 0x2000 + cie.size() + 17 + 1;
  int32_t rel = int32_t(0x1008 - operand_vaddr);
  std::string program = std::string("\x01", 1) + testing::U32(uint32_t(rel)) + "\x0e\x20";
  std::string error;
  auto rows = RunProgram(kInitial, program, 0x1000, 0x10, &error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_EQ(Describe(rows), (std::vector<std::string>{"1000 rsp+8 - c-8", "1008 rsp+32 - c-8"}));
}

TEST(CfaProgramTest, BadProgramsStopWithAnInvalidRow) {
  std::string error;
  auto rows = RunProgram(kInitial, std::string("\x41\x0e\x10\x41\x3f", 5), 0x1000, 0x10, &error);
  EXPECT_EQ(error, "FDE at 0x16 (pc 0x1000): unknown call-frame instruction 0x3f");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].pc, 0x1002u);
  EXPECT_EQ(rows[2].cfa.kind, CfaRule::Kind::kInvalid);

  rows = RunProgram(kInitial, std::string("\x0b", 1), 0x1000, 0x10, &error);
  EXPECT_EQ(error, "FDE at 0x16 (pc 0x1000): restore_state without remember_state");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].cfa.kind, CfaRule::Kind::kInvalid);

  rows = RunProgram(kInitial, std::string("\x41\x0e", 2), 0x1000, 0x10, &error);
  EXPECT_EQ(error, "FDE at 0x16 (pc 0x1000): truncated or invalid call-frame instruction");

  std::string deep(100, '\x0a');  // remember_state, too often
  rows = RunProgram(kInitial, deep, 0x1000, 0x10, &error);
  EXPECT_EQ(error, "FDE at 0x16 (pc 0x1000): remember_state nested too deep");

  // A bad CIE program invalidates the whole function.
  rows = RunProgram(std::string("\x0c\x07", 2), "", 0x1000, 0x10, &error);
  EXPECT_EQ(error, "FDE at 0x13 (pc 0x1000): truncated or invalid call-frame instruction");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].cfa.kind, CfaRule::Kind::kInvalid);
}

// readelf -wF, the oracle: the rules at every address where either side
// starts a row must agree, FDE by FDE.
struct ReadelfFde {
  uint64_t begin = 0, end = 0;
  std::string cie;
  std::map<uint64_t, std::string> rows;
};

std::vector<ReadelfFde> ReadelfTables(const std::string& path, const std::string& section) {
  std::vector<ReadelfFde> fdes;
  std::map<std::string, std::string> cie_rows;  // CIE offset -> its initial row
  std::string current_cie;
  bool in_section = false, in_fde = false;
  std::vector<std::string> columns;
  for (const std::string& line : Lines(RunCommand("readelf -wF '" + path + "'"))) {
    if (line.rfind("Contents of the ", 0) == 0) {
      in_section = line.find(section + " section") != std::string::npos;
      continue;
    }
    if (!in_section || line.empty()) continue;
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) {
      // "r1 (rdx)": a register rule, named twice; keep the name.
      if (w.size() > 2 && w.front() == '(' && w.back() == ')' && !words.empty()) {
        words.back() = w.substr(1, w.size() - 2);
      } else {
        words.push_back(w);
      }
    }
    if (words.size() >= 4 && words[3] == "CIE") {
      current_cie = words[0];
      in_fde = false;
    } else if (words.size() >= 5 && words[3] == "FDE") {
      ReadelfFde f;
      f.cie = words[4].substr(4);
      size_t dots = words[5].find("..");
      f.begin = std::stoull(words[5].substr(3, dots - 3), nullptr, 16);
      f.end = std::stoull(words[5].substr(dots + 2), nullptr, 16);
      fdes.push_back(f);
      in_fde = true;
    } else if (words[0] == "LOC") {
      columns = words;
    } else if (words.size() == columns.size() && words[0].size() == 16) {
      std::string cfa = words[1], rbp = "-", ra = "?";
      for (size_t i = 2; i < columns.size(); ++i) {
        if (columns[i] == "rbp" && words[i] != "u" && words[i] != "s") rbp = words[i];
        if (columns[i] == "ra") ra = words[i];
      }
      std::string row = cfa + " " + rbp + " " + ra;
      if (in_fde) {
        fdes.back().rows[std::stoull(words[0], nullptr, 16)] = row;
      } else {
        cie_rows[current_cie] = row;
      }
    }
  }
  for (ReadelfFde& f : fdes) {
    // An FDE without instructions has no table of its own: its CIE's row.
    if (f.rows.empty()) f.rows[f.begin] = cie_rows[f.cie];
  }
  return fdes;
}

std::string At(const std::map<uint64_t, std::string>& rows, uint64_t pc) {
  auto it = rows.upper_bound(pc);
  return it == rows.begin() ? "none" : std::prev(it)->second;
}

void ExpectRulesAsReadelf(const std::string& path, const std::string& section) {
  std::string error;
  auto f = ElfFile::Open(path, &error);
  ASSERT_NE(f, nullptr) << error;
  const Section* s = f->FindSection(section);
  ASSERT_NE(s, nullptr);
  CfiSectionInfo info{section == ".eh_frame" ? CfiFormat::kEhFrame : CfiFormat::kDebugFrame,
                      s->addr, 0, 8};
  CfiRecords records = ParseCfiRecords(*f->SectionData(*s, &error), info);
  std::vector<ReadelfFde> want = ReadelfTables(path, section);
  ASSERT_EQ(records.fdes.size(), want.size()) << path;
  size_t compared = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const Fde& fde = records.fdes[i];
    ASSERT_EQ(fde.pc_begin, want[i].begin);
    std::vector<CfiRow> rows;
    ASSERT_TRUE(RunCfaProgram(records.cies[fde.cie], fde, info, &rows, &error)) << error;
    std::map<uint64_t, std::string> ours;
    for (const CfiRow& r : rows) ours[r.pc] = Describe(r);
    std::map<uint64_t, std::string> points = ours;
    points.insert(want[i].rows.begin(), want[i].rows.end());
    for (const auto& [pc, ignored] : points) {
      if (pc >= want[i].end) continue;
      ASSERT_EQ(At(ours, pc), At(want[i].rows, pc))
          << path << " FDE " << i << " pc 0x" << std::hex << pc;
      ++compared;
    }
  }
  EXPECT_GT(compared, want.size());
}

TEST(CfaProgramTest, AgreesWithReadelfOnOurBinaries) {
  for (const char* name : {"unwind_nofp", "unwind_fp", "unwind_nopie", "libelftest.so"}) {
    ExpectRulesAsReadelf(TestBinary(name), ".eh_frame");
  }
  ExpectRulesAsReadelf(TestBinary("unwind_debugframe"), ".debug_frame");
}

TEST(CfaProgramTest, AgreesWithReadelfOnLibcAndPython) {
  bool any = false;
  for (const char* path : {"/lib/x86_64-linux-gnu/libc.so.6", "/usr/bin/python3.11"}) {
    if (!FileExists(path)) continue;
    any = true;
    ExpectRulesAsReadelf(path, ".eh_frame");
  }
  if (!any) GTEST_SKIP() << "neither libc.so.6 nor python3.11 here";
}

}  // namespace
}  // namespace dt::elf
