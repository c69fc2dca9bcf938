#include "elf/usdt_prototypes.h"

#include <elf.h>
#include <gtest/gtest.h>

#include <cstring>

namespace dt::elf {
namespace {

using namespace std::string_literals;

TEST(UsdtPrototypes, EncodesNulTerminatedNamesThenTypes) {
  UsdtPrototype p{"myprov", "request__start", {"int", "char *"}};
  EXPECT_EQ(EncodeUsdtPrototype(p), "myprov\0request__start\0int\0char *\0"s);
  std::string error;
  std::optional<UsdtPrototype> back = ParseUsdtPrototype(EncodeUsdtPrototype(p), &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(*back, p);
}

TEST(UsdtPrototypes, ProbeWithoutArgumentsHasTheNamesOnly) {
  std::string error;
  std::optional<UsdtPrototype> p = ParseUsdtPrototype("myprov\0tick\0"s, &error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->provider, "myprov");
  EXPECT_EQ(p->name, "tick");
  EXPECT_TRUE(p->arg_types.empty());
}

TEST(UsdtPrototypes, MalformedDescriptorsAreRefused) {
  std::string error;
  EXPECT_FALSE(ParseUsdtPrototype("myprov\0tick"s, &error));
  EXPECT_EQ(error, "prototype note: string not NUL-terminated");
  EXPECT_FALSE(ParseUsdtPrototype("myprov\0"s, &error));
  EXPECT_EQ(error, "prototype note: no provider or probe name");
  EXPECT_FALSE(ParseUsdtPrototype(""s, &error));
  EXPECT_FALSE(ParseUsdtPrototype("\0tick\0"s, &error));
  EXPECT_FALSE(ParseUsdtPrototype("p\0n\0int\0\0"s, &error));
  EXPECT_EQ(error, "prototype note: empty type of argument 1");
}

TEST(UsdtPrototypes, NoteRecordIsHeaderOwnerAndPaddedDescriptor) {
  std::string record = UsdtPrototypeNoteRecord({"p", "n", {"int"}});
  ASSERT_GE(record.size(), sizeof(Elf64_Nhdr));
  Elf64_Nhdr h;
  memcpy(&h, record.data(), sizeof(h));
  EXPECT_EQ(h.n_namesz, 7u);  // "dtrace" and its NUL
  EXPECT_EQ(h.n_descsz, 8u);  // "p\0n\0int\0"
  EXPECT_EQ(h.n_type, kNtUsdtPrototype);
  EXPECT_EQ(record.size() % 4, 0u);
  EXPECT_EQ(record.substr(sizeof(h)), "dtrace\0\0p\0n\0int\0"s);
}

TEST(UsdtPrototypes, FindsByProviderAndNoteSpelling) {
  std::vector<UsdtPrototype> all = {{"a", "x__y", {"int"}}, {"b", "x__y", {"long"}}};
  const UsdtPrototype* p = FindUsdtPrototype(all, "b", "x__y");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->arg_types.front(), "long");
  EXPECT_EQ(FindUsdtPrototype(all, "b", "x-y"), nullptr);
  EXPECT_EQ(FindUsdtPrototype(all, "c", "x__y"), nullptr);
}

}  // namespace
}  // namespace dt::elf
