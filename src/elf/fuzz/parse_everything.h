// Runs every parser of the elf stage over one input, as a hostile file
// would reach them: the ELF file itself, its symbol table, notes, USDT
// probes and unwind table, and the call-frame parsers directly on the raw
// bytes. Shared by the libFuzzer target (elf_fuzzer.cc) and the
// deterministic robustness test (elf_robustness_test.cc). Returns a value
// derived from what was parsed so nothing is optimized away.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "elf/cfa_program.h"
#include "elf/cfi_records.h"
#include "elf/elf_file.h"
#include "elf/sdt_argument.h"
#include "elf/stapsdt_notes.h"
#include "elf/symbol_table.h"
#include "elf/unwind_table.h"

namespace dt::elf {

inline size_t ParseEverything(std::string_view bytes) {
  size_t seen = 0;
  std::string error;
  if (auto f = ElfFile::FromBytes(std::string(bytes), "input", &error)) {
    seen += f->sections().size() + f->load_segments().size() + f->build_id().size();
    for (const Section& s : f->sections()) {
      if (auto d = f->SectionData(s, &error)) seen += d->size() > 0;
    }
    SymbolTable symbols = SymbolTable::Load(*f);
    for (const Symbol& s : symbols.symbols()) {
      if (auto m = symbols.Lookup(s.address)) seen += m->offset;
      seen += symbols.FindByName(s.name).size();
    }
    SdtProbes probes = ReadSdtProbes(*f);
    seen += probes.probes.size() + probes.errors.size();
    UnwindTable table = UnwindTable::Build(*f);
    for (const UnwindRow& r : table.rows()) seen += table.Find(r.pc) != nullptr;
    for (const LoadSegment& s : f->load_segments()) {
      if (auto off = f->VaddrToFileOffset(s.vaddr)) seen += f->FileOffsetToVaddr(*off).has_value();
    }
  }
  // The raw bytes as an .eh_frame and a .debug_frame section, and as
  // argument specifications and a stapsdt note descriptor.
  for (CfiFormat format : {CfiFormat::kEhFrame, CfiFormat::kDebugFrame}) {
    CfiSectionInfo info{format, 0x1000, 0x2000, 8};
    CfiRecords records = ParseCfiRecords(bytes, info);
    std::vector<CfiRow> rows;
    for (const Fde& fde : records.fdes) {
      if (rows.size() > 100000) break;
      RunCfaProgram(records.cies[fde.cie], fde, info, &rows, &error);
    }
    seen += rows.size();
    UnwindTable t = UnwindTable::FromRecords({{&records, &info}}, nullptr);
    seen += t.rows().size();
  }
  std::string_view text = bytes.substr(0, 256);
  if (auto args = ParseSdtArguments(text, &error)) seen += args->size();
  if (auto p = ParseStapsdtNote(bytes, uint64_t(0x1000), 8, &error)) seen += p->arguments.size();
  return seen;
}

}  // namespace dt::elf
