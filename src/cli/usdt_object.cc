#include "cli/usdt_object.h"

#include <elf.h>

#include <cstring>

#include "elf/usdt_prototypes.h"

namespace dt {

namespace {

template <typename T>
void Append(std::string* out, const T& value) {
  out->append(reinterpret_cast<const char*>(&value), sizeof(value));
}

void AlignTo(std::string* out, size_t align) {
  while (out->size() % align) out->push_back('\0');
}

// A string table: offset 0 is the empty name.
struct StringTable {
  std::string bytes{'\0'};
  uint32_t Add(const std::string& s) {
    uint32_t at = static_cast<uint32_t>(bytes.size());
    bytes += s;
    bytes.push_back('\0');
    return at;
  }
};

}  // namespace

std::string UsdtSemaphoreObject(const std::vector<std::string>& semaphores,
                                const std::vector<elf::UsdtPrototype>& prototypes) {
  enum : uint16_t {
    kNull,
    kProbes,
    kPrototypes,
    kGnuStack,
    kSymtab,
    kStrtab,
    kShstrtab,
    kSections
  };
  StringTable shstr, str;
  uint32_t name_probes = shstr.Add(".probes");
  uint32_t name_prototypes = shstr.Add(elf::kUsdtPrototypeSection);
  uint32_t name_stack = shstr.Add(".note.GNU-stack");
  uint32_t name_symtab = shstr.Add(".symtab");
  uint32_t name_strtab = shstr.Add(".strtab");
  uint32_t name_shstrtab = shstr.Add(".shstrtab");

  std::string out(sizeof(Elf64_Ehdr), '\0');
  size_t probes_at = out.size();
  size_t probes_size = 2 * semaphores.size();
  out.append(probes_size, '\0');
  AlignTo(&out, 4);
  size_t prototypes_at = out.size();
  for (const elf::UsdtPrototype& p : prototypes) out += elf::UsdtPrototypeNoteRecord(p);
  size_t prototypes_size = out.size() - prototypes_at;

  // Symbols: the null symbol and the section symbol (locals), then one
  // hidden global object per semaphore.
  std::string symtab;
  Append(&symtab, Elf64_Sym{});
  Elf64_Sym section{};
  section.st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
  section.st_shndx = kProbes;
  Append(&symtab, section);
  for (size_t i = 0; i < semaphores.size(); i++) {
    Elf64_Sym sym{};
    sym.st_name = str.Add(semaphores[i]);
    sym.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
    sym.st_other = STV_HIDDEN;
    sym.st_shndx = kProbes;
    sym.st_value = 2 * i;
    sym.st_size = 2;
    Append(&symtab, sym);
  }
  AlignTo(&out, 8);
  size_t symtab_at = out.size();
  out += symtab;
  size_t strtab_at = out.size();
  out += str.bytes;
  size_t shstrtab_at = out.size();
  out += shstr.bytes;
  AlignTo(&out, 8);
  size_t shdrs_at = out.size();

  Elf64_Shdr sh[kSections] = {};
  sh[kProbes] = {
      name_probes, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0, probes_at, probes_size, 0, 0, 2, 0};
  sh[kPrototypes] = {name_prototypes, SHT_NOTE, 0, 0, prototypes_at, prototypes_size, 0, 0, 4, 0};
  sh[kGnuStack] = {name_stack, SHT_PROGBITS, 0, 0, out.size(), 0, 0, 0, 1, 0};
  sh[kSymtab] = {name_symtab,   SHT_SYMTAB, 0, 0, symtab_at,
                 symtab.size(), kStrtab,    2, 8, sizeof(Elf64_Sym)};
  sh[kStrtab] = {name_strtab, SHT_STRTAB, 0, 0, strtab_at, str.bytes.size(), 0, 0, 1, 0};
  sh[kShstrtab] = {name_shstrtab, SHT_STRTAB, 0, 0, shstrtab_at, shstr.bytes.size(), 0, 0, 1, 0};
  for (const Elf64_Shdr& s : sh) Append(&out, s);

  Elf64_Ehdr eh{};
  memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_ident[EI_OSABI] = ELFOSABI_SYSV;
  eh.e_type = ET_REL;
  eh.e_machine = EM_X86_64;
  eh.e_version = EV_CURRENT;
  eh.e_shoff = shdrs_at;
  eh.e_ehsize = sizeof(Elf64_Ehdr);
  eh.e_shentsize = sizeof(Elf64_Shdr);
  eh.e_shnum = kSections;
  eh.e_shstrndx = kShstrtab;
  memcpy(out.data(), &eh, sizeof(eh));
  return out;
}

}  // namespace dt
