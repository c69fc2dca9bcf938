#include "runtime/system_map.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace dt::runtime {
namespace {

// A System.map of the given text under a unique name, removed with the
// object: tests running at once, or as different users, never share it.
class TempSystemMap {
 public:
  explicit TempSystemMap(const char* text) {
    char tmpl[] = "/tmp/system_map_test.XXXXXX";
    int fd = mkstemp(tmpl);
    if (fd < 0) return;
    close(fd);
    path_ = tmpl;
    std::ofstream(path_) << text;
  }
  ~TempSystemMap() {
    if (!path_.empty()) unlink(path_.c_str());
  }
  TempSystemMap(const TempSystemMap&) = delete;
  TempSystemMap& operator=(const TempSystemMap&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(SystemMapTest, ShiftsLinkTimeAddressesByTheKernelsRelocation) {
  TempSystemMap map(
      "ffffffff81000000 T _stext\n"
      "ffffffff81000010 T start_kernel\n"
      "ffffffff82a0c4e0 D max_pid\n");
  ASSERT_FALSE(map.path().empty()) << "mkstemp failed";
  const std::string& path = map.path();
  // The running kernel's _stext is 0x2e00000 higher (KASLR).
  std::optional<uint64_t> a = SystemMapAddress("max_pid", path, 0xffffffff83e00000);
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, 0xffffffff8580c4e0ull);  // 0x1a0c4e0 past the running _stext
}

TEST(SystemMapTest, MissingSymbolOrFileGivesNothing) {
  TempSystemMap map("ffffffff81000000 T _stext\n");
  ASSERT_FALSE(map.path().empty()) << "mkstemp failed";
  const std::string& path = map.path();
  EXPECT_FALSE(SystemMapAddress("max_pid", path, 0xffffffff81000000));
  EXPECT_FALSE(SystemMapAddress("max_pid", "/nonexistent/System.map", 0xffffffff81000000));
}

}  // namespace
}  // namespace dt::runtime
