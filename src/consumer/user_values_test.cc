// User-space values (ustack(), usym(), umod(), uaddr(), %A): decoded with
// their process, named by that process's symbols, sorted by process first.
#include <gtest/gtest.h>

#include <cstring>

#include "consumer/aggregation_printer.h"
#include "consumer/aggregation_sort.h"
#include "consumer/printf_format.h"
#include "consumer/record_decoder.h"
#include "consumer/stack_format.h"
#include "consumer/trace_format.h"

namespace dt {
namespace {

// Process 42 maps "prog" at 0x1000 with main at 0x1100 and work at 0x1200;
// process 7 maps nothing.
std::optional<KernelSymbolInfo> FakeUser(uint32_t pid, uint64_t addr) {
  if (pid != 42 || addr < 0x1000 || addr >= 0x2000) return std::nullopt;
  KernelSymbolInfo info{"prog", "", 0, 0x1000};
  if (addr >= 0x1200) {
    info.symbol = "work";
    info.offset = addr - 0x1200;
  } else if (addr >= 0x1100) {
    info.symbol = "main";
    info.offset = addr - 0x1100;
  }
  return info;
}

std::vector<uint8_t> Words(std::initializer_list<uint64_t> words) {
  std::vector<uint8_t> out(words.size() * 8);
  size_t i = 0;
  for (uint64_t w : words) memcpy(out.data() + 8 * i++, &w, 8);
  return out;
}

TEST(UserValuesTest, AUstackRecordIsItsProcessThenItsFrames) {
  std::vector<uint8_t> bytes = Words({42, 0x1204, 0x1133, 0, 0});
  FieldDesc f;
  f.kind = FieldKind::kUserStack;
  f.size = static_cast<uint32_t>(bytes.size());
  f.stack_depth = 4;
  Value v = DecodeField(bytes.data(), f);
  EXPECT_TRUE(v.IsStack());
  EXPECT_TRUE(v.user);
  EXPECT_EQ(v.pid, 42u);
  EXPECT_EQ(v.frames, (std::vector<uint64_t>{0x1204, 0x1133}));
  EXPECT_EQ(FormatTraceValue(v, false, 256, nullptr, 14, FakeUser),
            "\n              prog`work+0x4\n              prog`main+0x33\n");
}

TEST(UserValuesTest, FramesOutsideEveryObjectOrOfAnUnknownProcessPrintInHex) {
  Value v = Value::Stack({0x1010, 0x7fff0000}, 2);
  v.user = true;
  v.pid = 42;
  EXPECT_EQ(FormatTraceValue(v, false, 256, nullptr, 2, FakeUser),
            "\n  prog`0x1010\n  0x7fff0000\n");
  v.pid = 7;
  EXPECT_EQ(FormatTraceValue(v, false, 256, nullptr, 2, FakeUser), "\n  0x1010\n  0x7fff0000\n");
}

TEST(UserValuesTest, UsymUmodAndUaddrRecordsPrintAsDTracePrintsThem) {
  std::vector<uint8_t> bytes = Words({42, 0x1209});
  FieldDesc f;
  f.size = 16;
  f.kind = FieldKind::kUserSymbol;
  EXPECT_EQ(FormatTraceValue(DecodeField(bytes.data(), f), false, 256, nullptr, 14, FakeUser),
            "  prog`work                                         ");
  f.kind = FieldKind::kUserModule;
  EXPECT_EQ(FormatTraceValue(DecodeField(bytes.data(), f), false, 256, nullptr, 14, FakeUser),
            "  prog                                              ");
  f.kind = FieldKind::kUserAddress;
  Value addr = DecodeField(bytes.data(), f);
  EXPECT_EQ(FormatTraceValue(addr, false, 256, nullptr, 14, FakeUser),
            "  prog`work+0x9                                     ");
  PrintfRenderOptions opts;
  opts.user_lookup = FakeUser;
  EXPECT_EQ(FormatPrintf(ParsePrintfFormat("[%A] [%-12A]"), {addr, addr}, opts),
            "[prog`work+0x9] [prog`work+0x9]");
}

TEST(UserValuesTest, UserStackKeysSortByProcessBeforeFrames) {
  Value a = Value::Stack({0x1000}, 1), b = Value::Stack({0x2000}, 1);
  a.user = b.user = true;
  a.pid = 50;
  b.pid = 42;
  EXPECT_GT(CompareAggKeys({a}, {b}, 0, 256), 0);
  b.pid = 50;
  EXPECT_LT(CompareAggKeys({a}, {b}, 0, 256), 0);
}

}  // namespace
}  // namespace dt
