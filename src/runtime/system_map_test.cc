#include "runtime/system_map.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

namespace dt::runtime {
namespace {

std::string WriteMap(const char* text) {
  std::string path = testing::TempDir() + "/System.map-test";
  std::ofstream(path) << text;
  return path;
}

TEST(SystemMapTest, ShiftsLinkTimeAddressesByTheKernelsRelocation) {
  std::string path = WriteMap(
      "ffffffff81000000 T _stext\n"
      "ffffffff81000010 T start_kernel\n"
      "ffffffff82a0c4e0 D max_pid\n");
  // The running kernel's _stext is 0x2e00000 higher (KASLR).
  std::optional<uint64_t> a = SystemMapAddress("max_pid", path, 0xffffffff83e00000);
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, 0xffffffff8580c4e0ull);  // 0x1a0c4e0 past the running _stext
}

TEST(SystemMapTest, MissingSymbolOrFileGivesNothing) {
  std::string path = WriteMap("ffffffff81000000 T _stext\n");
  EXPECT_FALSE(SystemMapAddress("max_pid", path, 0xffffffff81000000));
  EXPECT_FALSE(SystemMapAddress("max_pid", "/nonexistent/System.map", 0xffffffff81000000));
}

}  // namespace
}  // namespace dt::runtime
