#include "cli/script_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "common/diagnostic.h"

namespace dt {
namespace {

class ScriptFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/script_file_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { std::system(("rm -rf " + dir_).c_str()); }

  std::string Write(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  // The RuntimeError's message, or "read: <text>" when it succeeds.
  std::string Outcome(const std::string& path, size_t max_size = kMaxScriptSize) {
    try {
      return "read: " + ReadScriptFile(path, max_size);
    } catch (const RuntimeError& e) {
      return e.what();
    }
  }

  std::string dir_;
};

TEST_F(ScriptFileTest, ReadsARegularFile) {
  EXPECT_EQ(Outcome(Write("a.d", "BEGIN { exit(0); }\n")), "read: BEGIN { exit(0); }\n");
  EXPECT_EQ(Outcome(Write("empty.d", "")), "read: ");
}

TEST_F(ScriptFileTest, MissingFile) {
  EXPECT_EQ(Outcome(dir_ + "/nope.d"),
            "failed to open " + dir_ + "/nope.d: No such file or directory");
}

TEST_F(ScriptFileTest, DirectoryIsRefused) {
  EXPECT_EQ(Outcome(dir_), "failed to open " + dir_ + ": Is a directory");
}

TEST_F(ScriptFileTest, TooLargeIsRefused) {
  std::string path = Write("big.d", std::string(100, ' '));
  EXPECT_EQ(Outcome(path, 99),
            "failed to open " + path + ": File too large (a script may hold at most 99 bytes)");
  EXPECT_EQ(Outcome(path, 100), "read: " + std::string(100, ' '));
}

TEST_F(ScriptFileTest, EndlessDeviceIsRefused) {
  EXPECT_EQ(Outcome("/dev/zero", 1 << 20),
            "failed to open /dev/zero: File too large (a script may hold at most 1 MiB)");
  EXPECT_EQ(Outcome("/dev/null"), "read: ");
}

TEST_F(ScriptFileTest, ReadsAFifoToItsEnd) {
  std::string path = dir_ + "/fifo";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(path) << "BEGIN { exit(0); }\n"; });
  std::string outcome = Outcome(path);
  writer.join();
  EXPECT_EQ(outcome, "read: BEGIN { exit(0); }\n");
}

}  // namespace
}  // namespace dt
