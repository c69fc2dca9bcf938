#include "consumer/memory_dump.h"

#include <gtest/gtest.h>

#include <string>

namespace dt {
namespace {

const std::string kHeader =
    "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n";

TEST(MemoryDump, Empty) { EXPECT_EQ(FormatMemoryDump(""), ""); }

TEST(MemoryDump, ShortRow) {
  EXPECT_EQ(FormatMemoryDump(std::string("hello\0", 6)),
            kHeader + "         0: 68 65 6c 6c 6f 00" + std::string(10 * 3, ' ') + "  hello.\n");
}

TEST(MemoryDump, FullRowsAndOffsets) {
  std::string bytes;
  for (int i = 0; i < 33; ++i) bytes += static_cast<char>(0x70 + i);
  EXPECT_EQ(FormatMemoryDump(bytes),
            kHeader +
                "         0: 70 71 72 73 74 75 76 77 78 79 7a 7b 7c 7d 7e 7f  pqrstuvwxyz{|}~.\n"
                "        10: 80 81 82 83 84 85 86 87 88 89 8a 8b 8c 8d 8e 8f  ................\n"
                "        20: 90" +
                std::string(15 * 3, ' ') + "  .\n");
}

TEST(MemoryDump, OffsetsPastFiveDigitsWiden) {
  std::string bytes(0x100010, 'A');
  std::string out = FormatMemoryDump(bytes);
  EXPECT_NE(out.find("\n     ffff0: 41"), std::string::npos);
  EXPECT_NE(out.find("\n     100000: 41"), std::string::npos);
}

TEST(MemoryDump, ControlAndSpaceCharacters) {
  EXPECT_EQ(FormatMemoryDump(std::string(" \t~\x7f", 4)),
            kHeader + "         0: 20 09 7e 7f" + std::string(12 * 3, ' ') + "   .~.\n");
}

TEST(MemoryDump, TracememShownBytes) {
  EXPECT_EQ(TracememShownBytes(5, 16), 5u);
  EXPECT_EQ(TracememShownBytes(16, 16), 16u);
  EXPECT_EQ(TracememShownBytes(0, 16), 16u);                          // 0: all of them
  EXPECT_EQ(TracememShownBytes(17, 16), 16u);                         // above the maximum: all
  EXPECT_EQ(TracememShownBytes(static_cast<uint64_t>(-1), 16), 16u);  // negative
}

TEST(MemoryDump, HexDigits) {
  EXPECT_EQ(HexDigits(""), "");
  EXPECT_EQ(HexDigits(std::string("\x00\x7f\xff"
                                  "a",
                                  4)),
            "007fff61");
}

}  // namespace
}  // namespace dt
