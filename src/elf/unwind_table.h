// A compact x86-64 unwind table for one ELF object, built from its
// .eh_frame and .debug_frame (where .eh_frame does not cover a function:
// code built without unwind tables still gets .eh_frame for the C start
// files), in the form current eBPF
// profilers use: sorted fixed-size rows that a BPF program can binary-search
// in an array map, with no DWARF left to interpret at unwind time.
//
// Row format (16 bytes, little-endian, no padding; the same struct is meant
// to be copied into a BPF array map as is):
//
//   offset size field
//        0    8 pc          first ELF vaddr the row applies to; the row
//                           holds until the next row's pc
//        8    4 cfa_offset  signed N of the CFA rule (see below)
//       12    2 rbp_offset  signed N of the rbp rule
//       14    1 cfa_rule    UnwindCfaRule
//       15    1 rbp_rule    UnwindRbpRule
//
// How to unwind one frame with a row, given the frame's pc, rsp and rbp:
//   cfa_rule kCfaRspOffset:   CFA = rsp + cfa_offset
//            kCfaRbpOffset:   CFA = rbp + cfa_offset
//            kCfaPlt:         CFA = rsp + 8 + ((pc & 15) >= cfa_offset ? 8 : 0)
//                             (the expression binutils writes for PLT stubs)
//            kCfaEndOfStack:  the outermost frame (_start, clone): stop, done
//            kCfaNoInfo:      no FDE covers pc (a gap): fall back or stop
//            kCfaUnsupported: a rule this format cannot express: stop
//   return address = *(CFA - 8)                 (checked at build time)
//   rbp_rule kRbpUnchanged:   caller's rbp = rbp
//            kRbpAtCfaOffset: caller's rbp = *(CFA + rbp_offset)
//            kRbpUnsupported: caller's rbp is unknown (only matters if a
//                             caller's CFA is rbp-based)
//   caller's rsp = CFA, caller's pc = return address.
// For every frame but the first, look up (return address - 1), so a call
// that is the last instruction of a function finds its own row.
//
// Rows are merged when adjacent rows have identical rules, and a kCfaNoInfo
// row marks the end of each FDE that the next one does not start within 16
// bytes of (a shorter gap is function alignment padding, which never runs,
// so the last row of the function before covers it). The last row is
// always kCfaNoInfo.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dt::elf {

class ElfFile;
struct CfiRecords;
struct CfiSectionInfo;

// Decoded records and the section they came from.
struct CfiSource {
  const CfiRecords* records;
  const CfiSectionInfo* info;
};

enum UnwindCfaRule : uint8_t {
  kCfaNoInfo = 0,
  kCfaRspOffset = 1,
  kCfaRbpOffset = 2,
  kCfaPlt = 3,
  kCfaEndOfStack = 4,
  kCfaUnsupported = 5,
};

enum UnwindRbpRule : uint8_t {
  kRbpUnchanged = 0,
  kRbpAtCfaOffset = 1,
  kRbpUnsupported = 2,
};

struct UnwindRow {
  uint64_t pc;
  int32_t cfa_offset;
  int16_t rbp_offset;
  uint8_t cfa_rule;
  uint8_t rbp_rule;

  bool SameRules(const UnwindRow& o) const {
    return cfa_rule == o.cfa_rule && cfa_offset == o.cfa_offset && rbp_rule == o.rbp_rule &&
           rbp_offset == o.rbp_offset;
  }
};
static_assert(sizeof(UnwindRow) == 16, "the row is a BPF map value: keep it 16 bytes");

struct UnwindTableStats {
  size_t fdes = 0;
  size_t cfi_rows = 0;              // rows the CFA programs produced, before merging
  size_t rows = 0;                  // rows kept
  size_t unsupported_rows = 0;      // of the rows kept
  size_t plt_rows = 0;              // of the rows kept
  std::vector<std::string> errors;  // malformed records and programs (first 20)
  size_t error_count = 0;
};

struct CfiRow;

// One row of DWARF rules in the compact form (kCfaUnsupported when the
// row cannot be expressed); pc is kept.
UnwindRow CompactCfiRow(const CfiRow& row);

class UnwindTable {
 public:
  UnwindTable() = default;
  // From the object's .eh_frame and .debug_frame; an object with neither
  // gives an empty table.
  static UnwindTable Build(const ElfFile& file);
  // From already decoded records (tests, fuzzing). An FDE of a later
  // source that overlaps one of an earlier source is dropped. ranges, when
  // given, drops FDEs outside them (pairs of [start, end) vaddrs: the
  // executable segments).
  static UnwindTable FromRecords(const std::vector<CfiSource>& sources,
                                 const std::vector<std::pair<uint64_t, uint64_t>>* ranges);

  const std::vector<UnwindRow>& rows() const { return rows_; }
  const UnwindTableStats& stats() const { return stats_; }
  bool empty() const { return rows_.empty(); }
  size_t size_bytes() const { return rows_.size() * sizeof(UnwindRow); }

  // The row covering vaddr, or nullptr when none does (a kCfaNoInfo gap or
  // outside every FDE).
  const UnwindRow* Find(uint64_t vaddr) const;

 private:
  std::vector<UnwindRow> rows_;
  UnwindTableStats stats_;
};

}  // namespace dt::elf
