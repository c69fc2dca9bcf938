#include "elf/cfi_records.h"

#include <cstdio>
#include <unordered_map>

#include "elf/byte_reader.h"

namespace dt::elf {
namespace {

constexpr uint32_t kDwarf64Escape = 0xffffffff;
constexpr uint64_t kDebugFrameCieId32 = 0xffffffff;
constexpr uint64_t kDebugFrameCieId64 = ~uint64_t(0);

std::string Hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

bool ParseCie(std::string_view body, size_t body_pos, uint64_t offset, const CfiSectionInfo& info,
              Cie* cie, std::string* error) {
  ByteReader r(body);
  cie->offset = offset;
  std::string_view aug;
  if (!r.U8(&cie->version) || !r.CString(&aug)) {
    *error = "CIE at " + Hex(offset) + " is truncated";
    return false;
  }
  if (cie->version != 1 && cie->version != 3 && cie->version != 4) {
    *error = "CIE at " + Hex(offset) + " has unknown version " + std::to_string(cie->version);
    return false;
  }
  cie->augmentation = std::string(aug);
  if (cie->version == 4) {
    uint8_t address_size, segment_size;
    if (!r.U8(&address_size) || !r.U8(&segment_size)) {
      *error = "CIE at " + Hex(offset) + " is truncated";
      return false;
    }
    if (segment_size != 0) {
      *error = "CIE at " + Hex(offset) + " uses segmented addresses";
      return false;
    }
  }
  // "eh" (an old GCC augmentation) is followed by a pointer-sized word.
  if (aug.substr(0, 2) == "eh" && !r.Skip(info.address_size)) {
    *error = "CIE at " + Hex(offset) + " is truncated";
    return false;
  }
  bool ok = r.Uleb128(&cie->code_alignment) && r.Sleb128(&cie->data_alignment);
  if (ok && cie->version == 1) {
    uint8_t ra = 0;
    ok = r.U8(&ra);
    cie->return_register = ra;
  } else if (ok) {
    ok = r.Uleb128(&cie->return_register);
  }
  if (!ok) {
    *error = "CIE at " + Hex(offset) + " is truncated";
    return false;
  }
  if (!aug.empty() && aug[0] == 'z') {
    cie->has_augmentation_data = true;
    uint64_t length;
    if (!r.Uleb128(&length) || length > r.remaining()) {
      *error = "CIE at " + Hex(offset) + " has bad augmentation data";
      return false;
    }
    size_t end = r.position() + length;
    for (char c : aug.substr(1)) {
      uint8_t enc;
      uint64_t ignored;
      std::string why;
      if (c == 'R') {
        if (!r.U8(&cie->fde_encoding)) break;
      } else if (c == 'L') {
        if (!r.U8(&enc)) break;
      } else if (c == 'P') {
        // The personality routine's address: read only to step over it.
        if (!r.U8(&enc)) break;
        uint64_t field = info.vaddr + body_pos + r.position();
        if (!ReadEncodedPointer(&r, enc & 0x7f, field, info, &ignored, &why)) break;
      } else if (c == 'S') {
        cie->signal_frame = true;
      } else {
        break;  // unknown: the length lets us skip the rest
      }
    }
    if (!r.Seek(end)) {
      *error = "CIE at " + Hex(offset) + " has bad augmentation data";
      return false;
    }
  } else if (!aug.empty() && aug != "eh") {
    *error = "CIE at " + Hex(offset) + " has unknown augmentation \"" + std::string(aug) + "\"";
    return false;
  }
  r.Bytes(r.remaining(), &cie->initial_instructions);
  return true;
}

bool ParseFde(std::string_view body, size_t body_offset_in_section, uint64_t offset, const Cie& cie,
              const CfiSectionInfo& info, Fde* fde, std::string* error) {
  ByteReader r(body);
  fde->offset = offset;
  uint64_t field = info.vaddr + body_offset_in_section;
  uint8_t enc = info.format == CfiFormat::kDebugFrame ? eh_pe::kAbsptr : cie.fde_encoding;
  if (!ReadEncodedPointer(&r, enc, field, info, &fde->pc_begin, error)) {
    *error = "FDE at " + Hex(offset) + ": " + *error;
    return false;
  }
  // The range has the same size but is never relative.
  if (!ReadEncodedPointer(&r, enc & 0x0f, 0, info, &fde->pc_range, error)) {
    *error = "FDE at " + Hex(offset) + ": " + *error;
    return false;
  }
  if (cie.has_augmentation_data) {
    uint64_t length;
    if (!r.Uleb128(&length) || !r.Skip(length)) {
      *error = "FDE at " + Hex(offset) + " has bad augmentation data";
      return false;
    }
  }
  fde->instructions_vaddr = field + r.position();
  r.Bytes(r.remaining(), &fde->instructions);
  return true;
}

}  // namespace

bool ReadEncodedPointer(ByteReader* r, uint8_t encoding, uint64_t field_vaddr,
                        const CfiSectionInfo& info, uint64_t* value, std::string* error) {
  if (encoding == eh_pe::kOmit) {
    *value = 0;
    return true;
  }
  if (encoding & eh_pe::kIndirect) {
    *error = "indirect pointer encoding is not supported";
    return false;
  }
  uint64_t v = 0;
  bool ok = false;
  switch (encoding & 0x0f) {
    case eh_pe::kAbsptr:
      if (info.address_size == 8) {
        ok = r->U64(&v);
      } else {
        uint32_t w;
        ok = r->U32(&w);
        v = w;
      }
      break;
    case eh_pe::kUleb128:
      ok = r->Uleb128(&v);
      break;
    case eh_pe::kUdata2: {
      uint16_t w;
      ok = r->U16(&w);
      v = w;
      break;
    }
    case eh_pe::kUdata4: {
      uint32_t w;
      ok = r->U32(&w);
      v = w;
      break;
    }
    case eh_pe::kUdata8:
      ok = r->U64(&v);
      break;
    case eh_pe::kSleb128: {
      int64_t s;
      ok = r->Sleb128(&s);
      v = uint64_t(s);
      break;
    }
    case eh_pe::kSdata2: {
      uint16_t w;
      ok = r->U16(&w);
      v = uint64_t(int64_t(int16_t(w)));
      break;
    }
    case eh_pe::kSdata4: {
      int32_t w;
      ok = r->I32(&w);
      v = uint64_t(int64_t(w));
      break;
    }
    case eh_pe::kSdata8:
      ok = r->U64(&v);
      break;
    default:
      *error = "unknown pointer encoding " + Hex(encoding);
      return false;
  }
  if (!ok) {
    *error = "truncated pointer";
    return false;
  }
  switch (encoding & 0x70) {
    case 0:
      break;
    case eh_pe::kPcrel:
      v += field_vaddr;
      break;
    case eh_pe::kTextrel:
      v += info.text_vaddr;
      break;
    default:
      *error = "pointer encoding " + Hex(encoding) + " is not supported";
      return false;
  }
  if (info.address_size == 4) v &= 0xffffffffu;
  *value = v;
  return true;
}

CfiRecords ParseCfiRecords(std::string_view section, const CfiSectionInfo& info) {
  CfiRecords out;
  std::unordered_map<uint64_t, size_t> cie_by_offset;
  ByteReader r(section);
  bool eh = info.format == CfiFormat::kEhFrame;
  while (!r.at_end()) {
    uint64_t offset = r.position();
    uint32_t length32;
    if (!r.U32(&length32)) {
      out.errors.push_back("truncated record at " + Hex(offset));
      break;
    }
    if (length32 == 0) {
      if (eh) break;  // the .eh_frame terminator
      continue;
    }
    uint64_t length = length32;
    bool dwarf64 = length32 == kDwarf64Escape;
    if (dwarf64 && !r.U64(&length)) {
      out.errors.push_back("truncated record at " + Hex(offset));
      break;
    }
    size_t id_pos = r.position();
    std::string_view record;
    if (!r.Bytes(length, &record)) {
      out.errors.push_back("record at " + Hex(offset) + " runs past the section end");
      break;
    }
    ByteReader rec(record);
    uint64_t id;
    if (dwarf64) {
      rec.U64(&id);
    } else {
      uint32_t id32;
      rec.U32(&id32);
      id = id32;
    }
    if (!rec.ok()) {
      out.errors.push_back("record at " + Hex(offset) + " is truncated");
      continue;
    }
    size_t id_size = dwarf64 ? 8 : 4;
    std::string_view body = record.substr(id_size);
    size_t body_pos = id_pos + id_size;
    bool is_cie = eh ? id == 0 : (dwarf64 ? id == kDebugFrameCieId64 : id == kDebugFrameCieId32);
    std::string error;
    if (is_cie) {
      Cie cie;
      if (ParseCie(body, body_pos, offset, info, &cie, &error)) {
        cie_by_offset[offset] = out.cies.size();
        out.cies.push_back(std::move(cie));
      } else {
        out.errors.push_back(error);
      }
      continue;
    }
    // .eh_frame: the CIE is `id` bytes before the id field; .debug_frame:
    // `id` is the CIE's offset in the section.
    uint64_t cie_offset = eh ? id_pos - id : id;
    if (eh && id > id_pos) {
      out.errors.push_back("FDE at " + Hex(offset) + " points before the section");
      continue;
    }
    auto it = cie_by_offset.find(cie_offset);
    if (it == cie_by_offset.end()) {
      // A CIE later in the section is legal in .debug_frame.
      ByteReader later(section);
      Cie cie;
      uint32_t l32;
      std::string_view later_body;
      uint32_t later_id;
      if (!later.Seek(cie_offset) || !later.U32(&l32) || l32 < 4 || l32 == kDwarf64Escape ||
          !later.U32(&later_id) || !later.Bytes(l32 - 4, &later_body) ||
          later_id != (eh ? 0u : uint32_t(kDebugFrameCieId32)) ||
          !ParseCie(later_body, cie_offset + 8, cie_offset, info, &cie, &error)) {
        out.errors.push_back("FDE at " + Hex(offset) + " names no valid CIE at " + Hex(cie_offset));
        continue;
      }
      it = cie_by_offset.emplace(cie_offset, out.cies.size()).first;
      out.cies.push_back(std::move(cie));
    }
    Fde fde;
    fde.cie = it->second;
    if (ParseFde(body, body_pos, offset, out.cies[it->second], info, &fde, &error)) {
      out.fdes.push_back(fde);
    } else {
      out.errors.push_back(error);
    }
  }
  return out;
}

}  // namespace dt::elf
