#include "elf/symbol_table.h"

#include <elf.h>
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <set>
#include <sstream>
#include <tuple>

#include "elf/elf_test_support.h"

namespace dt::elf {
namespace {

using testing::FileExists;
using testing::Lines;
using testing::RunCommand;
using testing::TestBinary;

const char* kLibc = "/lib/x86_64-linux-gnu/libc.so.6";

std::unique_ptr<ElfFile> MustOpen(const std::string& path) {
  std::string error;
  auto f = ElfFile::Open(path, &error);
  EXPECT_NE(f, nullptr) << error;
  return f;
}

const Symbol* Only(const SymbolTable& t, const std::string& name) {
  auto v = t.FindByName(name);
  EXPECT_EQ(v.size(), 1u) << name;
  return v.size() == 1 ? v[0] : nullptr;
}

// (name, version, default, address, size) of every defined FUNC, IFUNC and
// OBJECT symbol of one table as readelf prints it: the oracle.
using SymbolKey = std::tuple<std::string, std::string, bool, uint64_t, uint64_t>;
std::multiset<SymbolKey> ReadelfSymbols(const std::string& path, const std::string& table) {
  std::multiset<SymbolKey> out;
  bool in_table = false;
  for (const std::string& line : Lines(RunCommand("readelf -sW '" + path + "'"))) {
    if (line.rfind("Symbol table '", 0) == 0) {
      in_table = line.find("'" + table + "'") != std::string::npos;
      continue;
    }
    if (!in_table) continue;
    std::istringstream in(line);
    std::string num, value, size, type, bind, vis, ndx, name;
    if (!(in >> num >> value >> size >> type >> bind >> vis >> ndx >> name)) continue;
    if (type != "FUNC" && type != "IFUNC" && type != "OBJECT") continue;
    if (ndx == "UND" || ndx == "ABS" || ndx == "COM") continue;
    std::string version;
    bool dflt = true;
    size_t at = name.find('@');
    if (at != std::string::npos) {
      dflt = name.compare(at, 2, "@@") == 0;
      version = name.substr(at + (dflt ? 2 : 1));
      name.resize(at);
    }
    uint64_t sz = size.rfind("0x", 0) == 0 ? std::stoull(size, nullptr, 16) : std::stoull(size);
    out.emplace(name, version, dflt, std::stoull(value, nullptr, 16), sz);
  }
  return out;
}

std::multiset<SymbolKey> OurSymbols(const SymbolTable& t) {
  std::multiset<SymbolKey> out;
  for (const Symbol& s : t.symbols()) {
    if (s.kind == SymbolKind::kPlt) continue;
    out.emplace(s.name, s.version, s.default_version, s.address, s.size);
  }
  return out;
}

TEST(SymbolTableTest, HasEverySymbolReadelfListsInSymtab) {
  for (const char* name : {"unwind_nofp", "unwind_nopie", "libelftest.so"}) {
    auto f = MustOpen(TestBinary(name));
    ASSERT_TRUE(f);
    SymbolTable t = SymbolTable::Load(*f);
    EXPECT_EQ(t.source(), SymbolSource::kSymtab) << name;
    auto expected = ReadelfSymbols(TestBinary(name), ".symtab");
    ASSERT_GT(expected.size(), 5u) << name;
    EXPECT_EQ(OurSymbols(t), expected) << name;
  }
}

TEST(SymbolTableTest, FallsBackToDynsymWithVersionsWhenStripped) {
  auto f = MustOpen(TestBinary("libelftest_stripped.so"));
  ASSERT_TRUE(f);
  SymbolTable t = SymbolTable::Load(*f);
  EXPECT_EQ(t.source(), SymbolSource::kDynsym);
  EXPECT_EQ(OurSymbols(t), ReadelfSymbols(TestBinary("libelftest_stripped.so"), ".dynsym"));
  auto versions = t.FindByName("elftest_versioned");
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[0]->version, "ELFTEST_1.0");
  EXPECT_FALSE(versions[0]->default_version);
  EXPECT_EQ(versions[1]->version, "ELFTEST_2.0");
  EXPECT_TRUE(versions[1]->default_version);
  EXPECT_NE(versions[0]->address, versions[1]->address);
  const Symbol* through = Only(t, "elftest_call_through");
  ASSERT_NE(through, nullptr);
  EXPECT_EQ(through->version, "ELFTEST_1.0");
  EXPECT_EQ(through->kind, SymbolKind::kFunction);
  EXPECT_EQ(through->binding, STB_GLOBAL);
  const Symbol* data = Only(t, "elftest_data");
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->kind, SymbolKind::kObject);
  EXPECT_EQ(data->size, 16u);
  // The local functions are gone with .symtab.
  EXPECT_TRUE(t.FindByName("elftest_versioned_v1").empty());
}

TEST(SymbolTableTest, AStrippedExecutableHasNoNamesForItsOwnFunctions) {
  auto full = MustOpen(TestBinary("unwind_nofp"));
  auto stripped = MustOpen(TestBinary("unwind_nofp_stripped"));
  ASSERT_TRUE(full && stripped);
  SymbolTable ft = SymbolTable::Load(*full), st = SymbolTable::Load(*stripped);
  const Symbol* c = Only(ft, "c");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(st.source(), SymbolSource::kDynsym);
  EXPECT_TRUE(st.FindByName("c").empty());
  EXPECT_TRUE(st.FindByName("main").empty());
  auto m = st.Lookup(c->address + 1);
  EXPECT_TRUE(!m || m->symbol->kind == SymbolKind::kPlt) << m->symbol->name;
}

TEST(SymbolTableTest, LooksUpAddressesWithinSymbolSizes) {
  auto f = MustOpen(TestBinary("unwind_nofp"));
  ASSERT_TRUE(f);
  SymbolTable t = SymbolTable::Load(*f);
  for (const char* name : {"main", "a", "b", "c"}) {
    const Symbol* s = Only(t, name);
    ASSERT_NE(s, nullptr);
    ASSERT_GT(s->size, 0u) << name;
    EXPECT_EQ(s->kind, SymbolKind::kFunction);
    auto first = t.Lookup(s->address);
    ASSERT_TRUE(first) << name;
    EXPECT_EQ(first->symbol, s);
    EXPECT_EQ(first->offset, 0u);
    auto last = t.Lookup(s->address + s->size - 1);
    ASSERT_TRUE(last) << name;
    EXPECT_EQ(last->symbol, s);
    EXPECT_EQ(last->offset, s->size - 1);
    auto past = t.Lookup(s->address + s->size);
    EXPECT_TRUE(!past || past->symbol != s) << name;
  }
  EXPECT_FALSE(t.Lookup(0));
  const Symbol* data = Only(t, "sink");
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->kind, SymbolKind::kObject);
  EXPECT_FALSE(t.Lookup(data->address));  // data is not code
  auto d = t.LookupData(data->address + 2);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->symbol, data);
  EXPECT_EQ(d->offset, 2u);
}

TEST(SymbolTableTest, ASymbolWithoutSizeCoversUpToTheNextOne) {
  auto f = MustOpen(TestBinary("libelftest.so"));
  ASSERT_TRUE(f);
  SymbolTable t = SymbolTable::Load(*f);
  const Symbol* nosize = Only(t, "elftest_nosize");
  ASSERT_NE(nosize, nullptr);
  EXPECT_EQ(nosize->size, 0u);
  for (uint64_t off : {0, 1, 2}) {  // nop; nop; ret
    auto m = t.Lookup(nosize->address + off);
    ASSERT_TRUE(m) << off;
    EXPECT_EQ(m->symbol, nosize);
    EXPECT_EQ(m->offset, off);
  }
  // The next function starts where the padding after it ends.
  auto next = t.Lookup(nosize->address + 16);
  ASSERT_TRUE(next);
  EXPECT_NE(next->symbol, nosize);
}

TEST(SymbolTableTest, ALabelInsideASizedFunctionDoesNotTakeItOver) {
  for (const char* name : {"libelftest.so", "libelftest_stripped.so"}) {
    auto f = MustOpen(TestBinary(name));
    ASSERT_TRUE(f);
    SymbolTable t = SymbolTable::Load(*f);
    const Symbol* outer = Only(t, "elftest_outer");
    const Symbol* label = Only(t, "elftest_inner_label");
    ASSERT_TRUE(outer && label);
    EXPECT_EQ(outer->size, 5u);
    EXPECT_EQ(label->size, 0u);
    EXPECT_EQ(label->address, outer->address + 2);
    auto m = t.Lookup(label->address + 1);
    ASSERT_TRUE(m) << name;
    EXPECT_EQ(m->symbol, outer) << name;
    EXPECT_EQ(m->offset, 3u);
  }
}

TEST(SymbolTableTest, AliasesResolveToOneCanonicalName) {
  auto f = MustOpen(TestBinary("libelftest.so"));
  ASSERT_TRUE(f);
  SymbolTable t = SymbolTable::Load(*f);
  const Symbol* strong = Only(t, "elftest_strong");
  const Symbol* weak = Only(t, "elftest_weak");
  ASSERT_TRUE(strong && weak);
  EXPECT_EQ(strong->address, weak->address);
  EXPECT_EQ(weak->binding, STB_WEAK);
  EXPECT_EQ(t.Lookup(weak->address)->symbol, strong);
  EXPECT_EQ(t.Canonical(*weak), strong);
  EXPECT_EQ(t.Canonical(*strong), strong);
  // GLOBAL elftest_versioned@ELFTEST_1.0 over the LOCAL elftest_versioned_v1.
  auto v1 = t.Lookup(t.FindByName("elftest_versioned_v1")[0]->address);
  ASSERT_TRUE(v1);
  EXPECT_EQ(v1->symbol->name, "elftest_versioned");
  EXPECT_EQ(v1->symbol->version, "ELFTEST_1.0");
}

// objdump's name@plt labels are the oracle for the synthesized PLT entries.
TEST(SymbolTableTest, NamesPltStubsAsObjdumpDoes) {
  for (const char* name : {"unwind_nofp", "unwind_nopie", "libelftest.so"}) {
    std::string path = TestBinary(name);
    auto f = MustOpen(path);
    ASSERT_TRUE(f);
    SymbolTable t = SymbolTable::Load(*f);
    std::set<std::pair<std::string, uint64_t>> expected, ours;
    for (const std::string& line :
         Lines(RunCommand("objdump -d -j .plt -j .plt.sec '" + path + "' | grep '@plt>:$'"))) {
      size_t lt = line.find('<'), gt = line.find('>');
      expected.emplace(line.substr(lt + 1, gt - lt - 1), std::stoull(line, nullptr, 16));
    }
    for (const Symbol& s : t.symbols()) {
      if (s.kind == SymbolKind::kPlt) ours.emplace(s.name, s.address);
    }
    EXPECT_EQ(ours, expected) << name;
    if (std::string(name) == "unwind_nofp") {
      EXPECT_EQ(expected.count({"raise@plt", Only(t, "raise@plt")->address}), 1u);
      auto m = t.Lookup(Only(t, "raise@plt")->address + 6);
      ASSERT_TRUE(m);
      EXPECT_EQ(m->symbol->name, "raise@plt");
    }
  }
}

TEST(SymbolTableTest, ReadsLibcDynamicSymbolsWithVersions) {
  if (!FileExists(kLibc)) GTEST_SKIP() << "no " << kLibc;
  auto start = std::chrono::steady_clock::now();
  auto f = MustOpen(kLibc);
  ASSERT_TRUE(f);
  SymbolTable t = SymbolTable::Load(*f);
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::cout << "[ timing ] libc.so.6: opened and loaded " << t.size() << " symbols in " << ms
            << " ms\n";
  EXPECT_EQ(t.source(), SymbolSource::kDynsym);
  EXPECT_EQ(OurSymbols(t), ReadelfSymbols(kLibc, ".dynsym"));
  const Symbol* malloc_sym = Only(t, "malloc");
  ASSERT_NE(malloc_sym, nullptr);
  EXPECT_EQ(malloc_sym->version, "GLIBC_2.2.5");
  EXPECT_TRUE(malloc_sym->default_version);
  auto m = t.Lookup(malloc_sym->address + 0x1a);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->symbol->name, "malloc");
  EXPECT_EQ(m->offset, 0x1au);
  // raise is GLOBAL, gsignal a WEAK alias at the same address.
  const Symbol* gsignal = Only(t, "gsignal");
  ASSERT_NE(gsignal, nullptr);
  EXPECT_EQ(t.Lookup(gsignal->address)->symbol->name, "raise");
  // memcpy: the IFUNC of the default version and an old plain function.
  auto memcpys = t.FindByName("memcpy");
  ASSERT_EQ(memcpys.size(), 2u);
  int ifuncs = 0;
  for (const Symbol* s : memcpys) ifuncs += s->kind == SymbolKind::kIfunc;
  EXPECT_EQ(ifuncs, 1);
}

}  // namespace
}  // namespace dt::elf
