#include "cli/usdt_object.h"

#include <gelf.h>
#include <gtest/gtest.h>
#include <libelf.h>

#include <map>
#include <string>

#include "elf/elf_file.h"
#include "elf/usdt_prototypes.h"

namespace dt {
namespace {

struct SymbolInfo {
  uint64_t value, size;
  int bind, type, visibility;
  std::string section;
};

// The object read back through libelf: its symbols by name.
std::map<std::string, SymbolInfo> Symbols(std::string bytes, GElf_Ehdr* ehdr,
                                          std::map<std::string, GElf_Shdr>* sections) {
  elf_version(EV_CURRENT);
  Elf* elf = elf_memory(bytes.data(), bytes.size());
  EXPECT_NE(elf, nullptr);
  std::map<std::string, SymbolInfo> out;
  if (!elf) return out;
  EXPECT_NE(gelf_getehdr(elf, ehdr), nullptr);
  size_t shstrndx = 0;
  elf_getshdrstrndx(elf, &shstrndx);
  std::map<size_t, std::string> names;
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    gelf_getshdr(scn, &sh);
    std::string name = elf_strptr(elf, shstrndx, sh.sh_name);
    names[elf_ndxscn(scn)] = name;
    (*sections)[name] = sh;
  }
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    gelf_getshdr(scn, &sh);
    if (sh.sh_type != SHT_SYMTAB) continue;
    Elf_Data* data = elf_getdata(scn, nullptr);
    for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Sym sym;
      gelf_getsym(data, static_cast<int>(i), &sym);
      const char* name = elf_strptr(elf, sh.sh_link, sym.st_name);
      if (!name || !*name) continue;
      out[name] = {sym.st_value,
                   sym.st_size,
                   GELF_ST_BIND(sym.st_info),
                   GELF_ST_TYPE(sym.st_info),
                   GELF_ST_VISIBILITY(sym.st_other),
                   names[sym.st_shndx]};
    }
  }
  elf_end(elf);
  return out;
}

TEST(UsdtObject, DefinesHiddenSemaphoresInProbes) {
  GElf_Ehdr eh;
  std::map<std::string, GElf_Shdr> sections;
  auto syms = Symbols(UsdtSemaphoreObject({"p_a_semaphore", "p_b__c_semaphore"}), &eh, &sections);
  EXPECT_EQ(eh.e_type, ET_REL);
  EXPECT_EQ(eh.e_machine, EM_X86_64);
  ASSERT_EQ(syms.size(), 2u);
  for (const auto& [name, value] :
       std::map<std::string, uint64_t>{{"p_a_semaphore", 0}, {"p_b__c_semaphore", 2}}) {
    ASSERT_TRUE(syms.count(name)) << name;
    const SymbolInfo& s = syms[name];
    EXPECT_EQ(s.value, value) << name;
    EXPECT_EQ(s.size, 2u) << name;
    EXPECT_EQ(s.bind, STB_GLOBAL) << name;
    EXPECT_EQ(s.type, STT_OBJECT) << name;
    EXPECT_EQ(s.visibility, STV_HIDDEN) << name;
    EXPECT_EQ(s.section, ".probes") << name;
  }
  ASSERT_TRUE(sections.count(".probes"));
  EXPECT_EQ(sections[".probes"].sh_flags, uint64_t{SHF_ALLOC | SHF_WRITE});
  EXPECT_EQ(sections[".probes"].sh_size, 4u);
  ASSERT_TRUE(sections.count(".note.GNU-stack"));
  EXPECT_EQ(sections[".note.GNU-stack"].sh_flags, 0u);
}

TEST(UsdtObject, NoProbesIsAnEmptyObject) {
  GElf_Ehdr eh;
  std::map<std::string, GElf_Shdr> sections;
  EXPECT_TRUE(Symbols(UsdtSemaphoreObject({}), &eh, &sections).empty());
  EXPECT_EQ(eh.e_type, ET_REL);
  EXPECT_EQ(sections[".probes"].sh_size, 0u);
}

TEST(UsdtObject, CarriesThePrototypesInANoteSection) {
  std::vector<elf::UsdtPrototype> prototypes = {{"myprov", "request__start", {"int", "char *"}},
                                                {"myprov", "tick", {}}};
  std::string bytes =
      UsdtSemaphoreObject({"myprov_request__start_semaphore", "myprov_tick_semaphore"}, prototypes);
  GElf_Ehdr eh;
  std::map<std::string, GElf_Shdr> sections;
  Symbols(bytes, &eh, &sections);
  ASSERT_TRUE(sections.count(elf::kUsdtPrototypeSection));
  const GElf_Shdr& notes = sections[elf::kUsdtPrototypeSection];
  EXPECT_EQ(notes.sh_type, uint32_t{SHT_NOTE});
  EXPECT_EQ(notes.sh_flags, 0u);  // not loaded: the link keeps it as .note.stapsdt
  EXPECT_EQ(notes.sh_addralign, 4u);
  EXPECT_EQ(notes.sh_offset % 4, 0u);
  std::string error;
  std::unique_ptr<elf::ElfFile> file = elf::ElfFile::FromBytes(bytes, "myprov.o", &error);
  ASSERT_TRUE(file) << error;
  EXPECT_EQ(elf::ReadUsdtPrototypes(*file), prototypes);
}

}  // namespace
}  // namespace dt
