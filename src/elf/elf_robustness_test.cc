// Malformed input never crashes the elf stage: real binaries, truncated
// and with bytes flipped (a fixed seed, so a failure reproduces), through
// every parser. src/elf/fuzz/run.sh does the same open-ended with
// libFuzzer and sanitizers.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "elf/elf_test_support.h"
#include "elf/fuzz/parse_everything.h"

namespace dt::elf {
namespace {

using testing::ReadFileBytes;
using testing::TestBinary;

TEST(ElfRobustnessTest, MutatedBinariesNeverCrashAnyParser) {
  std::mt19937_64 rng(20261124);
  size_t runs = 0;
  for (const char* name : {"libelftest.so", "sdt_target", "unwind_nofp"}) {
    const std::string original = ReadFileBytes(TestBinary(name));
    ASSERT_GT(original.size(), 1000u) << name;
    // The untouched file parses to something.
    EXPECT_GT(ParseEverything(original), 100u) << name;
    for (int i = 0; i < 300; ++i) {
      std::string bytes = original;
      // Flip a few bytes, biased to the headers and tables at the front and
      // back of the file where a flip changes the most.
      int flips = 1 + int(rng() % 8);
      for (int k = 0; k < flips; ++k) {
        size_t pos = rng() % 2 ? rng() % std::min<size_t>(bytes.size(), 512)
                               : bytes.size() - 1 - rng() % std::min<size_t>(bytes.size(), 4096);
        if (rng() % 3 == 0) pos = rng() % bytes.size();
        bytes[pos] = char(rng() % 4 == 0 ? 0xff : rng());
      }
      if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
      ParseEverything(bytes);
      ++runs;
    }
  }
  EXPECT_EQ(runs, 900u);
}

TEST(ElfRobustnessTest, HostileCallFrameSectionsNeverCrash) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes(rng() % 200, '\0');
    for (char& c : bytes) c = char(rng());
    // Plausible record lengths so the parsers get past the first word.
    if (bytes.size() >= 8) {
      uint32_t len = uint32_t(rng() % bytes.size());
      std::memcpy(&bytes[0], &len, 4);
      if (rng() % 2) std::memset(&bytes[4], 0, 4);  // a CIE id
    }
    ParseEverything(bytes);
  }
}

}  // namespace
}  // namespace dt::elf
