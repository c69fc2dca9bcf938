// The records of a call-frame information section: .eh_frame (what every
// Debian binary carries, allocated and never stripped) or .debug_frame
// (DWARF's own, in unstripped objects built without unwind tables).
//
// Each record is a CIE (common information: alignment factors, the return
// address column, pointer encodings, initial instructions) or an FDE (one
// function's address range and its instructions, referring to a CIE).
// This file only decodes the records; cfa_program runs their instructions.
//
// Contract:
//  * Addresses (pc_begin) are ELF vaddrs: pc-relative encodings are
//    resolved against the section's vaddr. Encodings relative to bases this
//    reader does not know (datarel, funcrel, aligned) or indirect ones make
//    that FDE an error; the others are still read.
//  * A malformed record ends the walk (lengths are what chain records, so
//    nothing after a bad length can be trusted); malformed CIE contents or
//    an FDE naming a missing CIE drop only that record. Every problem is
//    listed in errors. Never reads outside the section bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dt::elf {

// DW_EH_PE_* pointer encodings.
namespace eh_pe {
constexpr uint8_t kAbsptr = 0x00, kUleb128 = 0x01, kUdata2 = 0x02, kUdata4 = 0x03, kUdata8 = 0x04,
                  kSleb128 = 0x09, kSdata2 = 0x0a, kSdata4 = 0x0b, kSdata8 = 0x0c;
constexpr uint8_t kPcrel = 0x10, kTextrel = 0x20, kDatarel = 0x30, kFuncrel = 0x40, kAligned = 0x50,
                  kIndirect = 0x80, kOmit = 0xff;
}  // namespace eh_pe

struct Cie {
  uint64_t offset = 0;  // of the record in the section
  uint8_t version = 0;
  std::string augmentation;
  uint64_t code_alignment = 1;
  int64_t data_alignment = 1;
  uint64_t return_register = 16;
  uint8_t fde_encoding = eh_pe::kAbsptr;
  bool has_augmentation_data = false;  // 'z'
  bool signal_frame = false;           // 'S'
  std::string_view initial_instructions;
};

struct Fde {
  uint64_t offset = 0;
  size_t cie = 0;  // index into CfiRecords::cies
  uint64_t pc_begin = 0;
  uint64_t pc_range = 0;
  std::string_view instructions;
  uint64_t instructions_vaddr = 0;  // for pc-relative DW_CFA_set_loc operands
};

struct CfiRecords {
  std::vector<Cie> cies;
  std::vector<Fde> fdes;  // in section order
  std::vector<std::string> errors;
};

enum class CfiFormat { kEhFrame, kDebugFrame };

struct CfiSectionInfo {
  CfiFormat format = CfiFormat::kEhFrame;
  uint64_t vaddr = 0;       // the section's address (for pc-relative pointers)
  uint64_t text_vaddr = 0;  // .text's address (for textrel pointers)
  int address_size = 8;
};

CfiRecords ParseCfiRecords(std::string_view section, const CfiSectionInfo& info);

// Reads a pointer in the given DW_EH_PE encoding at the reader's position;
// field_vaddr is the vaddr of the field (for pcrel). False for malformed
// data or an unsupported encoding (error says which).
class ByteReader;
bool ReadEncodedPointer(ByteReader* r, uint8_t encoding, uint64_t field_vaddr,
                        const CfiSectionInfo& info, uint64_t* value, std::string* error);

}  // namespace dt::elf
