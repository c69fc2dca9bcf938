#include "consumer/printf_format.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "common/diagnostic.h"

namespace dt {
namespace {

std::string Fmt(const std::string& f, const std::vector<Value>& args) {
  return FormatPrintf(ParsePrintfFormat(f), args);
}

std::string C(const char* f, long long v) {
  char buf[256];
  std::snprintf(buf, sizeof(buf), f, v);
  return buf;
}

TEST(PrintfRender, IntegerFlagsMatchC) {
  const char* specs[] = {"%d",  "%5d", "%-5d|", "%05d", "%+d",   "% d",    "%x",   "%#x",
                         "%#o", "%X",  "%8.3d", "%.3d", "%-8x|", "%#010x", "%+5d", "%o"};
  for (long long v : {0LL, 7LL, -42LL, 123456LL}) {
    for (const char* s : specs) {
      std::string dt_spec = s;
      std::string c_spec = dt_spec;
      c_spec.insert(c_spec.find_first_of("dxXo"), "ll");
      EXPECT_EQ(Fmt(dt_spec, {Value::Int(v)}), C(c_spec.c_str(), v)) << s << " " << v;
    }
  }
}

TEST(PrintfRender, IntegerWidthAndSignednessFollowTheType) {
  EXPECT_EQ(Fmt("%d", {Value::UInt(0xffffffffu, 4)}), "4294967295");
  EXPECT_EQ(Fmt("%d", {Value::Int(-1, 4)}), "-1");
  EXPECT_EQ(Fmt("%i", {Value::UInt(0xffffffffu, 4)}), "-1");
  EXPECT_EQ(Fmt("%x", {Value::Int(-1, 4)}), "ffffffff");
  EXPECT_EQ(Fmt("%x", {Value::Int(-1, 1)}), "ff");
  EXPECT_EQ(Fmt("%x", {Value::Int(-1, 8)}), "ffffffffffffffff");
  EXPECT_EQ(Fmt("%u", {Value::Int(-1, 2)}), "65535");
  EXPECT_EQ(Fmt("%d", {Value::Int(-1, 1)}), "-1");
  EXPECT_EQ(Fmt("%d", {Value::UInt(200, 1)}), "200");
  EXPECT_EQ(Fmt("%o", {Value::Int(8, 4)}), "10");
  EXPECT_EQ(Fmt("%c%c", {Value::Int('h', 1), Value::Int('i', 4)}), "hi");
}

TEST(PrintfRender, DtraceQuirks) {
  // Zero precision is dropped, so %.0d still prints a zero.
  EXPECT_EQ(Fmt("%.0d", {Value::Int(0)}), "0");
  // A '0' after '-' cancels left adjustment.
  EXPECT_EQ(Fmt("%-05d", {Value::Int(42)}), "00042");
  EXPECT_EQ(Fmt("%0-5d|", {Value::Int(42)}), "42   |");
  // %p is bare hex; %? is a 16-wide field.
  EXPECT_EQ(Fmt("%p", {Value::UInt(0xffff8000deadbeefULL)}), "ffff8000deadbeef");
  EXPECT_EQ(Fmt("%?p|", {Value::UInt(0x1234)}), "            1234|");
  EXPECT_EQ(Fmt("100%%", {}), "100%");
}

TEST(PrintfRender, StarWidthAndPrecision) {
  EXPECT_EQ(Fmt("%*d|", {Value::Int(6, 4), Value::Int(42)}), "    42|");
  EXPECT_EQ(Fmt("%*d|", {Value::Int(-6, 4), Value::Int(42)}), "42    |");
  EXPECT_EQ(Fmt("%.*s|", {Value::Int(3, 4), Value::Str("abcdef")}), "abc|");
  EXPECT_EQ(Fmt("%*.*s|", {Value::Int(5, 4), Value::Int(2, 4), Value::Str("abcdef")}), "   ab|");
}

TEST(PrintfRender, StarWidthFromDataIsBounded) {
  // A width of 4 GiB + 5 is not 5 (no wrap to int) and not 4 GiB of spaces.
  std::string wide = Fmt("%*d|", {Value::Int(0x100000005LL), Value::Int(42)});
  EXPECT_EQ(wide.size(), static_cast<size_t>(kMaxDynamicWidth) + 1);
  EXPECT_EQ(wide.substr(wide.size() - 3), "42|");
  std::string left = Fmt("%*d|", {Value::Int(INT64_MIN), Value::Int(42)});
  EXPECT_EQ(left.size(), static_cast<size_t>(kMaxDynamicWidth) + 1);
  EXPECT_EQ(left.substr(0, 3), "42 ");
  std::string prec = Fmt("%.*d|", {Value::Int(INT64_MAX), Value::Int(7)});
  EXPECT_EQ(prec.size(), static_cast<size_t>(kMaxDynamicWidth) + 1);
  EXPECT_EQ(prec.substr(prec.size() - 3), "07|");
}

TEST(PrintfRender, Strings) {
  EXPECT_EQ(Fmt("[%s]", {Value::Str("hello")}), "[hello]");
  EXPECT_EQ(Fmt("[%10s]", {Value::Str("hello")}), "[     hello]");
  EXPECT_EQ(Fmt("[%-10s]", {Value::Str("hello")}), "[hello     ]");
  EXPECT_EQ(Fmt("[%.2s]", {Value::Str("hello")}), "[he]");
  EXPECT_EQ(Fmt("%S", {Value::Str("a\tb\n\"\x01")}), "a\\tb\\n\\\"\\001");
}

TEST(PrintfRender, FloatsOfIntegers) {
  EXPECT_EQ(Fmt("%f", {Value::Int(3)}), "3.000000");
  EXPECT_EQ(Fmt("%.2e", {Value::Int(12345)}), "1.23e+04");
  EXPECT_EQ(Fmt("%g", {Value::Int(-5)}), "-5");
  // Precision 0 is dropped here too.
  EXPECT_EQ(Fmt("%.0f", {Value::Int(1)}), "1.000000");
}

TEST(PrintfRender, SymbolConversions) {
  EXPECT_EQ(Fmt("%a", {Value::UInt(0xffffffff81000000ULL)}), "0xffffffff81000000");
  PrintfRenderOptions opts;
  opts.kernel_symbols = [](uint64_t a) {
    return a == 0x1010 ? std::string("vmlinux`foo+0x10") : std::string();
  };
  EXPECT_EQ(
      FormatPrintf(ParsePrintfFormat("%a %a"), {Value::UInt(0x1010), Value::UInt(0x20)}, opts),
      "vmlinux`foo+0x10 0x20");
  EXPECT_EQ(Fmt("[%20a]", {Value::UInt(0x10)}), "[                0x10]");
}

TEST(PrintfRender, MissingArgumentsStopOutput) {
  EXPECT_EQ(Fmt("a %d b %d c", {Value::Int(1)}), "a 1 b ");
}

TEST(PrintfRender, AggValues) {
  PrintfFormat f = ParsePrintfFormat("%s %@d %@d %@d\n");
  std::vector<PrintfAggValue> aggs(2);
  aggs[0].value = Value::Int(5);
  aggs[1].value = Value::Int(-9);
  // A third %@ repeats the last aggregation.
  EXPECT_EQ(FormatPrintfWithAgg(f, {Value::Str("k")}, aggs), "k 5 -9 -9\n");
  aggs[0].is_table = true;
  aggs[0].table = "<table>";
  EXPECT_EQ(FormatPrintfWithAgg(f, {Value::Str("k")}, aggs), "k <table> -9 -9\n");
}

}  // namespace
}  // namespace dt
