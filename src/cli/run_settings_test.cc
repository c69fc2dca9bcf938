#include "cli/run_settings.h"

#include <gtest/gtest.h>

namespace dt {
namespace {

TEST(ParseSizeOption, SuffixesAndBases) {
  EXPECT_EQ(ParseSizeOption("4096"), 4096u);
  EXPECT_EQ(ParseSizeOption("4k"), 4096u);
  EXPECT_EQ(ParseSizeOption("4K"), 4096u);
  EXPECT_EQ(ParseSizeOption("2m"), 2u << 20);
  EXPECT_EQ(ParseSizeOption("1g"), 1u << 30);
  EXPECT_EQ(ParseSizeOption("1t"), uint64_t{1} << 40);
  EXPECT_EQ(ParseSizeOption("0x100"), 256u);
  EXPECT_EQ(ParseSizeOption("010"), 8u);
  EXPECT_EQ(ParseSizeOption("0"), 0u);
}

TEST(ParseSizeOption, RejectsWhatIsNotASize) {
  for (const char* bad : {"", "abc", "-1", "4x", "4kb", "k", " 4", "4 ", "1.5m", "100wombats",
                          "99999999999999999999", "8388608t", "0x"})
    EXPECT_FALSE(ParseSizeOption(bad).has_value()) << bad;
  // The largest value an int64 holds, and one past it.
  EXPECT_TRUE(ParseSizeOption("8388607t").has_value());
  EXPECT_FALSE(ParseSizeOption("9223372036854775808").has_value());
}

TEST(ParseTimeOption, UnitsAndRates) {
  EXPECT_EQ(ParseTimeOption("10ms"), 10'000'000u);
  EXPECT_EQ(ParseTimeOption("10msec"), 10'000'000u);
  EXPECT_EQ(ParseTimeOption("5us"), 5'000u);
  EXPECT_EQ(ParseTimeOption("7ns"), 7u);
  EXPECT_EQ(ParseTimeOption("2s"), 2'000'000'000u);
  EXPECT_EQ(ParseTimeOption("1m"), 60'000'000'000u);
  EXPECT_EQ(ParseTimeOption("1h"), 3'600'000'000'000u);
  EXPECT_EQ(ParseTimeOption("1d"), 86'400'000'000'000u);
  EXPECT_EQ(ParseTimeOption("10hz"), 100'000'000u);
  EXPECT_EQ(ParseTimeOption("10HZ"), 100'000'000u);
  EXPECT_EQ(ParseTimeOption("4"), 250'000'000u);  // a bare number is a rate
  EXPECT_EQ(ParseTimeOption("0x10ms"), 16'000'000u);
}

TEST(ParseTimeOption, RejectsWhatIsNotATime) {
  for (const char* bad :
       {"", "0", "0hz", "0ms", "abc", "-1s", "10 ms", "10parsecs", "ms", "99999999999d"})
    EXPECT_FALSE(ParseTimeOption(bad).has_value()) << bad;
}

TEST(ParseBooleanOption, WordsAndNumbers) {
  for (const char* on : {"", "yes", "YES", "true", "on", "enable", "enabled", "set", "1", "2"})
    EXPECT_EQ(ParseBooleanOption(on), true) << on;
  for (const char* off : {"no", "false", "off", "disable", "disabled", "unset", "0"})
    EXPECT_EQ(ParseBooleanOption(off), false) << off;
  for (const char* bad : {"maybe", "-1", "yess", "1x"})
    EXPECT_FALSE(ParseBooleanOption(bad).has_value()) << bad;
}

TEST(ParseScalarOption, NonNegativeIntegers) {
  EXPECT_EQ(ParseScalarOption("0"), 0u);
  EXPECT_EQ(ParseScalarOption("42"), 42u);
  for (const char* bad : {"", "-1", "4k", "x", "9223372036854775808"})
    EXPECT_FALSE(ParseScalarOption(bad).has_value()) << bad;
}

// The message DTrace prints for a refused option, or "" when accepted.
std::string Refusal(const std::string& name, const std::string& value) {
  RunSettings s;
  try {
    s.Set(name, value);
  } catch (const OptionError& e) {
    return e.what();
  }
  return "";
}

TEST(RunSettings, RefusesBadNamesAndValues) {
  EXPECT_EQ(Refusal("wombats", "25"), kInvalidOptionName);
  EXPECT_EQ(Refusal("strsize", "abc"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("strsize", "-1"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("strsize", "0"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("strsize", "2g"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("strsize", ""), kInvalidOptionValue);
  EXPECT_EQ(Refusal("bufsize", "100wombats"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("bufsize", "0"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("dynvarsize", "0"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("aggsize", "0"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("bufpolicy", "bogus"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("bufresize", "sometimes"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("switchrate", "fast"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("quiet", "maybe"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("stackframes", "0"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("stackindent", "5000"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("nspec", "1025"), kInvalidOptionValue);  // kMaxSpeculations
  EXPECT_EQ(Refusal("cleanrate", "often"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("aggsortpos", "-2"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("stdc", "x"), kInvalidOptionValue);
  EXPECT_EQ(Refusal("version", ""), kInvalidOptionValue);
}

TEST(RunSettings, AcceptsGoodValues) {
  for (auto [name, value] : std::initializer_list<std::pair<const char*, const char*>>{
           {"bufsize", "16m"},
           {"bufsize", "99999999g"},  // too large to allocate is lowered later, as DTrace does
           {"bufpolicy", "ring"},
           {"bufresize", "manual"},
           {"switchrate", "10hz"},
           {"aggrate", "100us"},
           {"dynvarsize", "1m"},
           {"specsize", "0"},
           {"nspec", "4"},
           {"quiet", "no"},
           {"stdc", "s"},
           {"cpu", "0"},
       })
    EXPECT_EQ(Refusal(name, value), "") << name << "=" << value;
}

TEST(RunSettings, ValuesTakeEffect) {
  RunSettings s;
  s.Set("quiet", "");
  s.Set("strsize", "100");
  s.Set("bufsize", "1m");
  s.Set("switchrate", "20hz");
  s.Set("aggrate", "250ms");
  s.Set("stackframes", "5");
  s.Set("stackindent", "3");
  s.Set("aggsortkey", "yes");
  s.Set("aggsortpos", "2");
  s.Set("bufresize", "manual");
  s.Set("zdefs", "");
  s.Set("nspec", "3");
  s.Set("specsize", "2k");
  EXPECT_EQ(s.nspec, 3u);
  EXPECT_EQ(s.specsize, 2048u);
  EXPECT_TRUE(s.quiet);
  EXPECT_EQ(s.strsize, 100u);          // exact: strings hold 99 characters
  EXPECT_EQ(s.StringStorage(), 104u);  // in whole words
  s.Set("strsize", "1");
  EXPECT_EQ(s.StringStorage(), 8u);
  EXPECT_EQ(s.bufsize, 1u << 20);
  EXPECT_EQ(s.switchrate_ns, 50'000'000u);
  EXPECT_EQ(s.aggrate_ns, 250'000'000u);
  EXPECT_EQ(s.stack_frames, 5u);
  EXPECT_EQ(s.stack_indent, 3);
  EXPECT_TRUE(s.sort.sort_key);
  EXPECT_EQ(s.sort.sort_pos, 2);
  EXPECT_TRUE(s.bufresize_manual);
  EXPECT_TRUE(s.zdefs);
  s.Set("quiet", "off");
  EXPECT_FALSE(s.quiet);
}

TEST(RunSettings, BufferPolicyAndDynamicVariableSpace) {
  RunSettings s;
  EXPECT_EQ(s.buf_policy, BufPolicy::kSwitch);
  EXPECT_EQ(s.dynvarsize, 1u << 20);  // DTrace's default
  s.Set("bufpolicy", "ring");
  EXPECT_EQ(s.buf_policy, BufPolicy::kRing);
  s.Set("bufpolicy", "fill");
  EXPECT_EQ(s.buf_policy, BufPolicy::kFill);
  s.Set("bufpolicy", "switch");
  EXPECT_EQ(s.buf_policy, BufPolicy::kSwitch);
  EXPECT_THROW(s.Set("bufpolicy", "rings"), OptionError);
  s.Set("dynvarsize", "2k");
  EXPECT_EQ(s.dynvarsize, 2048u);
  EXPECT_THROW(s.Set("dynvarsize", "0"), OptionError);
}

TEST(RunSettings, DynamicOptions) {
  EXPECT_TRUE(IsDynamicOption("quiet"));
  EXPECT_TRUE(IsDynamicOption("aggsortrev"));
  EXPECT_TRUE(IsDynamicOption("switchrate"));
  EXPECT_TRUE(IsDynamicOption("aggrate"));
  EXPECT_FALSE(IsDynamicOption("bufsize"));
  EXPECT_FALSE(IsDynamicOption("strsize"));
  EXPECT_FALSE(IsDynamicOption("wombats"));
  EXPECT_TRUE(IsKnownOption("bufsize"));
  EXPECT_FALSE(IsKnownOption("wombats"));
}

TEST(RunSettings, AttributeMinimum) {
  RunSettings s;
  EXPECT_FALSE(s.attribute_minimum.has_value());  // nothing is checked
  s.Set("amin", "stable/private");
  ASSERT_TRUE(s.attribute_minimum.has_value());
  EXPECT_EQ(*s.attribute_minimum,
            (Attributes{Stability::kStable, Stability::kPrivate, DependencyClass::kCommon}));
  EXPECT_THROW(s.Set("amin", "Stable/Common"), OptionError);
  EXPECT_THROW(s.Set("amin", ""), OptionError);
  // A refused value leaves the minimum as it was.
  EXPECT_EQ(s.attribute_minimum->data, Stability::kPrivate);
}

TEST(FormatSizeForNotice, AsDtracePrintsIt) {
  EXPECT_EQ(FormatSizeForNotice(uint64_t{1} << 30), "1g");
  EXPECT_EQ(FormatSizeForNotice(512u << 20), "512m");
  EXPECT_EQ(FormatSizeForNotice(4096), "4k");
  EXPECT_EQ(FormatSizeForNotice(4097), "4097 bytes");
}

}  // namespace
}  // namespace dt
