#include "elf/unwind_table.h"

#include <elf.h>

#include <algorithm>
#include <limits>

#include "elf/cfa_program.h"
#include "elf/cfi_records.h"
#include "elf/elf_file.h"

namespace dt::elf {
namespace {

constexpr size_t kMaxKeptErrors = 20;
constexpr int64_t kReturnAddressOffset = -8;
constexpr uint64_t kMaxPaddingGap = 16;

// DW_OP_* bytes of the expression binutils emits for x86-64 PLT stubs:
//   breg7 (rsp) 8; breg16 (rip) 0; lit15; and; lit<N>; ge; lit3; shl; plus
// i.e. CFA = rsp + 8 + (((rip & 15) >= N) << 3): the stub pushes one word
// at byte N of each 16-byte entry (11 for the lazy PLT, 10 with IBT).
bool IsPltExpression(std::string_view e, int32_t* threshold) {
  constexpr uint8_t kBreg7 = 0x77, kBreg16 = 0x80, kLit0 = 0x30, kLit3 = 0x33, kLit15 = 0x3f,
                    kAnd = 0x1a, kGe = 0x2a, kShl = 0x24, kPlus = 0x22;
  if (e.size() != 11) return false;
  auto b = [&](size_t i) { return uint8_t(e[i]); };
  if (b(0) != kBreg7 || b(1) != 8 || b(2) != kBreg16 || b(3) != 0 || b(4) != kLit15 ||
      b(5) != kAnd || b(6) < kLit0 || b(6) > kLit15 || b(7) != kGe || b(8) != kLit3 ||
      b(9) != kShl || b(10) != kPlus) {
    return false;
  }
  *threshold = b(6) - kLit0;
  return true;
}

}  // namespace

UnwindRow CompactCfiRow(const CfiRow& row) {
  UnwindRow out{row.pc, 0, 0, kCfaUnsupported, kRbpUnchanged};
  const RegisterRule& ra = row.return_address;
  if (row.cfa.kind == CfaRule::Kind::kInvalid) return out;
  if (ra.kind == RegisterRule::Kind::kUndefined) {
    out.cfa_rule = kCfaEndOfStack;
    return out;
  }
  if (ra.kind != RegisterRule::Kind::kOffset || ra.offset != kReturnAddressOffset) return out;
  if (row.cfa.kind == CfaRule::Kind::kRegisterOffset) {
    if (row.cfa.offset < std::numeric_limits<int32_t>::min() ||
        row.cfa.offset > std::numeric_limits<int32_t>::max()) {
      return out;
    }
    if (row.cfa.reg == dwarf_reg::kRsp) {
      out.cfa_rule = kCfaRspOffset;
    } else if (row.cfa.reg == dwarf_reg::kRbp) {
      out.cfa_rule = kCfaRbpOffset;
    } else {
      return out;  // e.g. %r10 while a function realigns its stack
    }
    out.cfa_offset = int32_t(row.cfa.offset);
  } else if (row.cfa.kind == CfaRule::Kind::kExpression) {
    int32_t threshold;
    if (!IsPltExpression(row.cfa.expression, &threshold)) return out;
    out.cfa_rule = kCfaPlt;
    out.cfa_offset = threshold;
  } else {
    return out;
  }
  switch (row.rbp.kind) {
    case RegisterRule::Kind::kSameValue:
      out.rbp_rule = kRbpUnchanged;
      break;
    case RegisterRule::Kind::kOffset:
      if (row.rbp.offset >= std::numeric_limits<int16_t>::min() &&
          row.rbp.offset <= std::numeric_limits<int16_t>::max()) {
        out.rbp_rule = kRbpAtCfaOffset;
        out.rbp_offset = int16_t(row.rbp.offset);
      } else {
        out.rbp_rule = kRbpUnsupported;
      }
      break;
    default:
      out.rbp_rule = kRbpUnsupported;
      break;
  }
  return out;
}

UnwindTable UnwindTable::Build(const ElfFile& file) {
  std::vector<std::string> errors;
  CfiRecords records[2];
  CfiSectionInfo infos[2];
  std::vector<CfiSource> sources;
  const char* names[2] = {".eh_frame", ".debug_frame"};
  for (int i = 0; i < 2; ++i) {
    const Section* s = file.FindSection(names[i]);
    if (s == nullptr || s->type == SHT_NOBITS || s->size == 0) continue;
    std::string error;
    auto data = file.SectionData(*s, &error);
    if (!data) {
      errors.push_back(error);
      continue;
    }
    infos[i].format = i == 0 ? CfiFormat::kEhFrame : CfiFormat::kDebugFrame;
    infos[i].vaddr = s->addr;
    if (const Section* text = file.FindSection(".text")) infos[i].text_vaddr = text->addr;
    infos[i].address_size = file.is_64bit() ? 8 : 4;
    records[i] = ParseCfiRecords(*data, infos[i]);
    sources.push_back({&records[i], &infos[i]});
  }
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  for (const LoadSegment& seg : file.load_segments()) {
    if (seg.executable()) ranges.emplace_back(seg.vaddr, seg.vaddr + seg.memsz);
  }
  UnwindTable t = FromRecords(sources, ranges.empty() ? nullptr : &ranges);
  for (const std::string& e : errors) {
    ++t.stats_.error_count;
    if (t.stats_.errors.size() < kMaxKeptErrors) t.stats_.errors.push_back(e);
  }
  return t;
}

UnwindTable UnwindTable::FromRecords(const std::vector<CfiSource>& sources,
                                     const std::vector<std::pair<uint64_t, uint64_t>>* ranges) {
  UnwindTable t;
  auto note_error = [&](const std::string& e) {
    ++t.stats_.error_count;
    if (t.stats_.errors.size() < kMaxKeptErrors) t.stats_.errors.push_back(e);
  };
  struct Entry {
    const Fde* fde;
    const CfiSource* source;
  };
  std::vector<Entry> fdes;
  for (const CfiSource& src : sources) {
    for (const std::string& e : src.records->errors) note_error(e);
    // What earlier sources cover, to keep them first.
    std::vector<std::pair<uint64_t, uint64_t>> earlier;
    for (const Entry& e : fdes)
      earlier.emplace_back(e.fde->pc_begin, e.fde->pc_begin + e.fde->pc_range);
    std::sort(earlier.begin(), earlier.end());
    for (const Fde& f : src.records->fdes) {
      if (f.pc_range == 0 || f.pc_begin + f.pc_range < f.pc_begin) continue;
      if (f.cie >= src.records->cies.size()) continue;
      uint64_t end = f.pc_begin + f.pc_range;
      if (ranges != nullptr) {
        bool inside = std::any_of(ranges->begin(), ranges->end(), [&](const auto& r) {
          return f.pc_begin >= r.first && end <= r.second;
        });
        if (!inside) continue;  // e.g. FDEs of functions the linker discarded
      }
      auto it = std::lower_bound(earlier.begin(), earlier.end(), std::make_pair(end, uint64_t(0)));
      if (it != earlier.begin() && std::prev(it)->second > f.pc_begin) continue;
      fdes.push_back({&f, &src});
    }
  }
  std::stable_sort(fdes.begin(), fdes.end(), [](const Entry& a, const Entry& b) {
    return a.fde->pc_begin < b.fde->pc_begin;
  });
  t.stats_.fdes = fdes.size();

  auto push = [&](const UnwindRow& row) {
    if (!t.rows_.empty() && t.rows_.back().pc == row.pc) t.rows_.pop_back();
    if (!t.rows_.empty() && t.rows_.back().SameRules(row)) return;
    t.rows_.push_back(row);
  };
  std::vector<CfiRow> cfi;
  for (size_t k = 0; k < fdes.size(); ++k) {
    const Fde& f = *fdes[k].fde;
    const CfiSource& src = *fdes[k].source;
    uint64_t end = f.pc_begin + f.pc_range;
    uint64_t next = k + 1 < fdes.size() ? fdes[k + 1].fde->pc_begin : UINT64_MAX;
    cfi.clear();
    std::string error;
    if (!RunCfaProgram(src.records->cies[f.cie], f, *src.info, &cfi, &error)) note_error(error);
    t.stats_.cfi_rows += cfi.size();
    for (const CfiRow& row : cfi) {
      if (row.pc >= next) break;  // overlapping FDEs: the later one wins
      push(CompactCfiRow(row));
    }
    // Functions are aligned to 16 bytes: a shorter gap before the next FDE
    // is padding that never runs, and leaving the last rule in place lets
    // it merge with the next function's first row (usually both rsp+8).
    if (end < next && (next == UINT64_MAX || next - end >= kMaxPaddingGap)) {
      push(UnwindRow{end, 0, 0, kCfaNoInfo, kRbpUnchanged});
    }
  }
  t.rows_.shrink_to_fit();
  t.stats_.rows = t.rows_.size();
  for (const UnwindRow& r : t.rows_) {
    if (r.cfa_rule == kCfaUnsupported) ++t.stats_.unsupported_rows;
    if (r.cfa_rule == kCfaPlt) ++t.stats_.plt_rows;
  }
  return t;
}

const UnwindRow* UnwindTable::Find(uint64_t vaddr) const {
  auto it = std::upper_bound(rows_.begin(), rows_.end(), vaddr,
                             [](uint64_t v, const UnwindRow& r) { return v < r.pc; });
  if (it == rows_.begin()) return nullptr;
  --it;
  return it->cfa_rule == kCfaNoInfo ? nullptr : &*it;
}

}  // namespace dt::elf
