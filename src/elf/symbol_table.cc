#include "elf/symbol_table.h"

#include <gelf.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <unordered_map>

#include "elf/byte_reader.h"

namespace dt::elf {
namespace {

constexpr uint16_t kVersymHidden = 0x8000;
constexpr uint16_t kVersymIndexMask = 0x7fff;
constexpr uint64_t kPltEntrySize = 16;  // x86-64 lazy PLT and .plt.sec entries

// Verdef index -> version name, from .gnu.version_d.
std::unordered_map<uint16_t, std::string> ReadVersionDefinitions(const ElfFile& file) {
  std::unordered_map<uint16_t, std::string> names;
  const Section* s = file.FindSectionByType(SHT_GNU_verdef);
  std::string ignored;
  auto data = s != nullptr ? file.SectionData(*s, &ignored) : std::nullopt;
  if (!data) return names;
  ByteReader r(*data);
  size_t def = 0;
  // Each Verdef: version, flags, ndx, cnt (u16), hash, aux, next (u32); its
  // first Verdaux (name, next) names the version.
  for (int guard = 0; guard < 65536; ++guard) {
    uint16_t version, flags, ndx, cnt;
    uint32_t hash, aux, next, name;
    if (!r.Seek(def) || !r.U16(&version) || !r.U16(&flags) || !r.U16(&ndx) || !r.U16(&cnt) ||
        !r.U32(&hash) || !r.U32(&aux) || !r.U32(&next))
      break;
    if (cnt > 0 && r.Seek(def + aux) && r.U32(&name) && !(flags & VER_FLG_BASE)) {
      if (const char* n = elf_strptr(file.handle(), s->link, name)) names[ndx] = n;
    }
    if (next == 0) break;
    def += next;
  }
  return names;
}

// "malloc@@GLIBC_2.2.5" -> name, version, default.
void SplitVersion(std::string* name, std::string* version, bool* is_default) {
  size_t at = name->find('@');
  if (at == std::string::npos || at == 0) return;
  bool dflt = at + 1 < name->size() && (*name)[at + 1] == '@';
  *version = name->substr(at + (dflt ? 2 : 1));
  *is_default = dflt;
  name->resize(at);
}

int BindingRank(uint8_t b) { return b == STB_GLOBAL ? 0 : b == STB_WEAK ? 1 : 2; }

int LeadingUnderscores(const std::string& s) {
  int n = 0;
  while (n < int(s.size()) && s[n] == '_') ++n;
  return n;
}

}  // namespace

struct SymbolTable::RawSymbol {
  Symbol sym;
  uint64_t section_end = 0;  // end vaddr of the symbol's section, 0 if unknown
  uint32_t order = 0;        // position in the ELF table
};

SymbolTable SymbolTable::Load(const ElfFile& file) {
  SymbolTable table;
  Elf* elf = file.handle();
  const Section* tab = nullptr;
  for (uint32_t wanted : {uint32_t(SHT_SYMTAB), uint32_t(SHT_DYNSYM)}) {
    const Section* s = file.FindSectionByType(wanted);
    if (s == nullptr) continue;
    tab = s;
    table.source_ = wanted == SHT_SYMTAB ? SymbolSource::kSymtab : SymbolSource::kDynsym;
    // A .symtab with no function (e.g. only section symbols) is no better
    // than .dynsym.
    Elf_Scn* scn = elf_getscn(elf, s->index);
    Elf_Data* data = scn != nullptr ? elf_getdata(scn, nullptr) : nullptr;
    bool has_function = false;
    size_t entsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
    for (size_t i = 0; data != nullptr && entsize != 0 && i < data->d_size / entsize; ++i) {
      GElf_Sym sym;
      if (gelf_getsym(data, i, &sym) == nullptr) break;
      if (GELF_ST_TYPE(sym.st_info) == STT_FUNC && sym.st_shndx != SHN_UNDEF) {
        has_function = true;
        break;
      }
    }
    if (has_function) break;
  }
  if (tab == nullptr) {
    table.source_ = SymbolSource::kNone;
    return table;
  }

  std::vector<uint64_t> section_end;  // by section index
  for (const Section& s : file.sections()) {
    if (s.index >= section_end.size()) section_end.resize(s.index + 1, 0);
    if (s.flags & SHF_ALLOC) section_end[s.index] = s.addr + s.size;
  }

  std::unordered_map<uint16_t, std::string> versions;
  std::string_view versym;
  if (tab->type == SHT_DYNSYM) {
    versions = ReadVersionDefinitions(file);
    std::string ignored;
    if (const Section* v = file.FindSectionByType(SHT_GNU_versym)) {
      if (auto d = file.SectionData(*v, &ignored)) versym = *d;
    }
  }

  std::vector<RawSymbol> raw;
  Elf_Scn* scn = elf_getscn(elf, tab->index);
  Elf_Data* data = scn != nullptr ? elf_getdata(scn, nullptr) : nullptr;
  size_t entsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
  size_t count = data != nullptr && entsize != 0 ? data->d_size / entsize : 0;
  for (size_t i = 1; i < count; ++i) {
    GElf_Sym es;
    if (gelf_getsym(data, i, &es) == nullptr) break;
    uint8_t type = GELF_ST_TYPE(es.st_info);
    if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_OBJECT) continue;
    if (es.st_shndx == SHN_UNDEF || es.st_shndx == SHN_ABS || es.st_shndx == SHN_COMMON) continue;
    const char* n = elf_strptr(elf, tab->link, es.st_name);
    if (n == nullptr || *n == '\0') continue;
    RawSymbol r;
    r.sym.name = n;
    r.sym.address = es.st_value;
    r.sym.size = es.st_size;
    r.sym.kind = type == STT_FUNC     ? SymbolKind::kFunction
                 : type == STT_OBJECT ? SymbolKind::kObject
                                      : SymbolKind::kIfunc;
    r.sym.binding = GELF_ST_BIND(es.st_info);
    r.order = uint32_t(i);
    if (es.st_shndx < section_end.size()) r.section_end = section_end[es.st_shndx];
    SplitVersion(&r.sym.name, &r.sym.version, &r.sym.default_version);
    if (!versym.empty() && (i + 1) * 2 <= versym.size()) {
      uint16_t v;
      std::memcpy(&v, versym.data() + i * 2, 2);
      auto it = versions.find(v & kVersymIndexMask);
      if (it != versions.end()) {
        r.sym.version = it->second;
        r.sym.default_version = !(v & kVersymHidden);
      }
    }
    raw.push_back(std::move(r));
  }
  table.Build(std::move(raw), file);
  return table;
}

void SymbolTable::Build(std::vector<RawSymbol> raw, const ElfFile& file) {
  // name@plt entries from .rela.plt (x86-64): slot i of the lazy PLT is at
  // .plt + 16 * (i + 1) (entry 0 is the resolver trampoline), or at
  // .plt.sec + 16 * i when the object was linked with IBT (-z ibtplt).
  if (file.machine() == EM_X86_64) {
    const Section* rela = file.FindSection(".rela.plt");
    const Section* plt_sec = file.FindSection(".plt.sec");
    const Section* plt = plt_sec != nullptr ? plt_sec : file.FindSection(".plt");
    Elf* elf = file.handle();
    Elf_Scn* scn = rela != nullptr ? elf_getscn(elf, rela->index) : nullptr;
    Elf_Data* data = scn != nullptr && rela->type == SHT_RELA ? elf_getdata(scn, nullptr) : nullptr;
    Elf_Scn* dynsym = rela != nullptr ? elf_getscn(elf, rela->link) : nullptr;
    GElf_Shdr dynsym_hdr;
    Elf_Data* syms = dynsym != nullptr ? elf_getdata(dynsym, nullptr) : nullptr;
    bool dynsym_ok = dynsym != nullptr && gelf_getshdr(dynsym, &dynsym_hdr) != nullptr;
    size_t entsize = gelf_fsize(elf, ELF_T_RELA, 1, EV_CURRENT);
    size_t first = plt_sec != nullptr ? 0 : 1;
    for (size_t i = 0; data != nullptr && syms != nullptr && dynsym_ok && plt != nullptr &&
                       entsize != 0 && i < data->d_size / entsize;
         ++i) {
      GElf_Rela rel;
      if (gelf_getrela(data, i, &rel) == nullptr) break;
      if (GELF_R_TYPE(rel.r_info) != R_X86_64_JUMP_SLOT) continue;
      uint64_t slot = (i + first) * kPltEntrySize;
      if (slot + kPltEntrySize > plt->size) break;
      GElf_Sym es;
      if (gelf_getsym(syms, GELF_R_SYM(rel.r_info), &es) == nullptr) continue;
      const char* n = elf_strptr(elf, dynsym_hdr.sh_link, es.st_name);
      if (n == nullptr || *n == '\0') continue;
      RawSymbol r;
      r.sym.name = std::string(n) + "@plt";
      r.sym.address = plt->addr + slot;
      r.sym.size = kPltEntrySize;
      r.sym.kind = SymbolKind::kPlt;
      r.sym.binding = STB_LOCAL;
      r.order = uint32_t(0x80000000u + i);  // after every real symbol
      raw.push_back(std::move(r));
    }
  }

  std::sort(raw.begin(), raw.end(), [](const RawSymbol& a, const RawSymbol& b) {
    if (a.sym.address != b.sym.address) return a.sym.address < b.sym.address;
    // The canonical name first.
    if (a.sym.is_code() != b.sym.is_code()) return a.sym.is_code();
    int ba = BindingRank(a.sym.binding), bb = BindingRank(b.sym.binding);
    if (ba != bb) return ba < bb;
    if (a.sym.default_version != b.sym.default_version) return a.sym.default_version;
    int ua = LeadingUnderscores(a.sym.name), ub = LeadingUnderscores(b.sym.name);
    if (ua != ub) return ua < ub;
    if ((a.sym.size != 0) != (b.sym.size != 0)) return a.sym.size != 0;
    return a.order < b.order;
  });
  // Exact duplicates (same name, address and version, e.g. a symbol listed
  // both as local and global by some linkers) would only repeat names.
  raw.erase(std::unique(raw.begin(), raw.end(),
                        [](const RawSymbol& a, const RawSymbol& b) {
                          return a.sym.address == b.sym.address && a.sym.name == b.sym.name &&
                                 a.sym.version == b.sym.version && a.sym.kind == b.sym.kind;
                        }),
            raw.end());

  std::vector<uint64_t> section_ends;
  symbols_.reserve(raw.size());
  section_ends.reserve(raw.size());
  for (RawSymbol& r : raw) {
    symbols_.push_back(std::move(r.sym));
    section_ends.push_back(r.section_end);
  }
  by_name_.resize(symbols_.size());
  for (uint32_t i = 0; i < by_name_.size(); ++i) by_name_[i] = i;
  std::stable_sort(by_name_.begin(), by_name_.end(),
                   [&](uint32_t a, uint32_t b) { return symbols_[a].name < symbols_[b].name; });
  code_ = BuildRanges(symbols_, section_ends, true);
  data_ = BuildRanges(symbols_, section_ends, false);
}

std::vector<SymbolTable::Range> SymbolTable::BuildRanges(const std::vector<Symbol>& symbols,
                                                         const std::vector<uint64_t>& section_ends,
                                                         bool want_code) {
  // One candidate per address: the first (canonical) symbol of the kind.
  std::vector<uint32_t> firsts;
  for (uint32_t i = 0; i < symbols.size(); ++i) {
    if (symbols[i].is_code() != want_code) continue;
    if (!firsts.empty() && symbols[firsts.back()].address == symbols[i].address) continue;
    firsts.push_back(i);
  }
  std::vector<Range> ranges;
  uint64_t sized_end = 0;  // end of the furthest-reaching sized symbol so far
  for (size_t k = 0; k < firsts.size(); ++k) {
    const Symbol& s = symbols[firsts[k]];
    Range r{s.address, 0, firsts[k]};
    if (s.size != 0) {
      r.end = s.address + s.size < s.address ? UINT64_MAX : s.address + s.size;
      sized_end = std::max(sized_end, r.end);
    } else {
      if (s.address < sized_end) continue;  // a label inside a sized function
      uint64_t next = k + 1 < firsts.size() ? symbols[firsts[k + 1]].address : UINT64_MAX;
      uint64_t section_end = section_ends[firsts[k]];
      r.end = section_end > s.address ? std::min(next, section_end) : std::min(next, s.address + 1);
    }
    ranges.push_back(r);
  }
  return ranges;
}

std::optional<SymbolMatch> SymbolTable::Find(const std::vector<Range>& ranges,
                                             const std::vector<Symbol>& symbols, uint64_t vaddr) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), vaddr,
                             [](uint64_t v, const Range& r) { return v < r.start; });
  // Sized symbols may overlap (a function and a shorter alias of its
  // entry); look back a few ranges for one that still covers vaddr.
  for (int back = 0; back < 4 && it != ranges.begin(); ++back) {
    --it;
    if (vaddr < it->end) return SymbolMatch{&symbols[it->symbol], vaddr - it->start};
  }
  return std::nullopt;
}

std::optional<SymbolMatch> SymbolTable::Lookup(uint64_t vaddr) const {
  return Find(code_, symbols_, vaddr);
}

std::optional<SymbolMatch> SymbolTable::LookupData(uint64_t vaddr) const {
  return Find(data_, symbols_, vaddr);
}

std::vector<const Symbol*> SymbolTable::FindByName(std::string_view name) const {
  auto range =
      std::equal_range(by_name_.begin(), by_name_.end(), name, [&](const auto& a, const auto& b) {
        if constexpr (std::is_same_v<std::decay_t<decltype(a)>, uint32_t>)
          return std::string_view(symbols_[a].name) < b;
        else
          return a < std::string_view(symbols_[b].name);
      });
  std::vector<const Symbol*> out;
  for (auto it = range.first; it != range.second; ++it) out.push_back(&symbols_[*it]);
  std::sort(out.begin(), out.end(),
            [](const Symbol* a, const Symbol* b) { return a->address < b->address; });
  return out;
}

const Symbol* SymbolTable::Canonical(const Symbol& s) const {
  auto m = s.is_code() ? Lookup(s.address) : LookupData(s.address);
  if (m && m->offset == 0) return m->symbol;
  return &s;
}

}  // namespace dt::elf
