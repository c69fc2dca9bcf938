// Parsing printf formats and checking argument types against them, with
// DTrace's messages and tags.
#include "format/printf_parse.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/diagnostic.h"

namespace dt {
namespace {

// Expects CheckPrintfArgs to fail with `tag` and exactly `message`.
void ExpectCheckError(const std::string& f, const std::vector<ArgClass>& args,
                      const std::string& tag, const std::string& message,
                      const PrintfCheckContext& ctx = {}) {
  try {
    CheckPrintfArgs(ParsePrintfFormat(f), args, 7, ctx);
    FAIL() << "no error for " << f;
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), tag);
    EXPECT_EQ(std::string(e.what()), message);
    EXPECT_EQ(e.line(), 7);
  }
}

void ExpectParseError(const std::string& f, const std::string& message) {
  try {
    ParsePrintfFormat(f, 3);
    FAIL() << "no error for " << f;
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()), message);
    EXPECT_EQ(e.line(), 3);
  }
}

TEST(PrintfParse, SplitsLiteralsAndConversions) {
  PrintfFormat f = ParsePrintfFormat("a%db%-5.3sc%%d");
  ASSERT_EQ(f.items.size(), 4u);
  EXPECT_EQ(f.items[0].prefix, "a");
  EXPECT_EQ(f.items[0].name, "d");
  EXPECT_EQ(f.items[1].prefix, "b");
  EXPECT_EQ(f.items[1].name, "s");
  EXPECT_TRUE(f.items[1].left);
  EXPECT_EQ(f.items[1].width, 5);
  EXPECT_EQ(f.items[1].prec, 3);
  EXPECT_TRUE(f.items[2].IsPercent());
  EXPECT_TRUE(f.items[3].IsLiteral());
  EXPECT_EQ(f.items[3].prefix, "d");
  EXPECT_EQ(f.ArgsConsumed(), 2);
}

TEST(PrintfParse, StarsAndAggFlag) {
  PrintfFormat f = ParsePrintfFormat("%*.*d %@8u");
  EXPECT_TRUE(f.items[0].dyn_width);
  EXPECT_TRUE(f.items[0].dyn_prec);
  EXPECT_EQ(f.items[0].ArgsConsumed(), 3);
  EXPECT_TRUE(f.items[1].agg);
  EXPECT_EQ(f.items[1].ArgsConsumed(), 0);
  EXPECT_TRUE(f.HasAggConversion());
  EXPECT_FALSE(ParsePrintfFormat("%d").HasAggConversion());
}

TEST(PrintfParse, EmptyFormatIsOneLiteral) {
  PrintfFormat f = ParsePrintfFormat("");
  ASSERT_EQ(f.items.size(), 1u);
  EXPECT_TRUE(f.items[0].IsLiteral());
}

TEST(PrintfParse, Errors) {
  ExpectParseError("%z", "format conversion #1 is undefined: %z");
  ExpectParseError("%d %hhd", "format conversion #2 is undefined: %hhd");
  ExpectParseError("%q", "format conversion #1 is undefined: %q");
  ExpectParseError("%5", "format conversion #1 name expected before end of format string");
  ExpectParseError("%1$d", "format conversion #1 uses unsupported positional format (%n$)");
  ExpectParseError("%-%", "format conversion #1 cannot be combined with other format flags: %%");
  ExpectParseError("%1.2.3d", "format conversion #1 has more than one '.' specified");
  ExpectParseError("%**d",
                   "format conversion #1 has more than one '*' specified for the output precision");
}

TEST(PrintfCheck, AcceptsGoodArguments) {
  EXPECT_NO_THROW(CheckPrintfArgs(
      ParsePrintfFormat("%d %s %p %x %c\n"),
      {ArgClass::Int(4, true, "int"), ArgClass::String(), ArgClass::Pointer("char *"),
       ArgClass::Int(8, false), ArgClass::Int(1, true, "char")},
      1));
  EXPECT_NO_THROW(
      CheckPrintfArgs(ParsePrintfFormat("%*d %hd %lld %llx %Y"),
                      {ArgClass::Int(4, true), ArgClass::Int(4, true), ArgClass::Int(2, true),
                       ArgClass::Int(8, true), ArgClass::Int(8, false), ArgClass::Int(8, false)},
                      1));
}

TEST(PrintfCheck, DtraceMessages) {
  ExpectCheckError("%s", {ArgClass::Int(4, true, "int")}, "D_PRINTF_ARG_TYPE",
                   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
                   "\tconversion: %s\n"
                   "\t prototype: char [] or string (or use stringof)\n"
                   "\t  argument: int");
  ExpectCheckError("%d %d", {ArgClass::Int(4, true, "int"), ArgClass::String()},
                   "D_PRINTF_ARG_TYPE",
                   "printf( ) argument #3 is incompatible with conversion #2 prototype:\n"
                   "\tconversion: %d\n"
                   "\t prototype: char, short, int, long, or long long\n"
                   "\t  argument: string");
  ExpectCheckError("%f", {ArgClass::Int(4, true, "int")}, "D_PRINTF_ARG_TYPE",
                   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
                   "\tconversion: %f\n"
                   "\t prototype: float, double, or long double\n"
                   "\t  argument: int");
  ExpectCheckError("%c", {ArgClass::Int(8, true, "int64_t")}, "D_PRINTF_ARG_TYPE",
                   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
                   "\tconversion: %c\n"
                   "\t prototype: char, short, or int\n"
                   "\t  argument: int64_t");
  ExpectCheckError("%d %d", {ArgClass::Int(4, true)}, "D_PRINTF_ARG_PROTO",
                   "printf( ) prototype mismatch: conversion #2 (%d) is missing a "
                   "corresponding value argument");
  ExpectCheckError("%d", {ArgClass::Int(4, true), ArgClass::Int(4, true)}, "D_PRINTF_ARG_EXTRA",
                   "printf( ) prototype mismatch: only 1 arguments required by this format "
                   "string");
  ExpectCheckError("%*d", {}, "D_PRINTF_DYN_PROTO",
                   "printf( ) prototype mismatch: conversion #1 (%d) is missing a "
                   "corresponding \"*\" argument");
  ExpectCheckError("%*d", {ArgClass::String(), ArgClass::Int(4, true)}, "D_PRINTF_DYN_TYPE",
                   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
                   "\tconversion: % * d\n"
                   "\t prototype: int\n"
                   "\t  argument: string");
  ExpectCheckError("%@d", {}, "D_PRINTF_AGG_CONV",
                   "%@ conversion requires an aggregation and is not for use with printf( )");
  ExpectCheckError("", {}, "D_PRINTF_FMT_EMPTY", "printf( ) format string is empty");
}

TEST(PrintfCheck, Printa) {
  PrintfCheckContext ctx{"printa", true, false, false, 2};
  // Fewer conversions than keys is fine for printa().
  EXPECT_NO_THROW(CheckPrintfArgs(ParsePrintfFormat("%s %@d\n"),
                                  {ArgClass::String(), ArgClass::Int(4, true)}, 1, ctx));
  ExpectCheckError("%d", {}, "D_PRINTF_ARG_PROTO",
                   "printa( ) prototype mismatch: conversion #1 (%d) is missing a "
                   "corresponding value argument",
                   ctx);
  ExpectCheckError("%@s", {}, "D_PRINTF_ARG_TYPE",
                   "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
                   "\tconversion: %s\n"
                   "\t prototype: char [] or string (or use stringof)\n"
                   "\t  argument: int64_t",
                   ctx);
  ctx.agg_is_count = true;
  ExpectCheckError("%@s", {}, "D_PRINTF_ARG_TYPE",
                   "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
                   "\tconversion: %s\n"
                   "\t prototype: char [] or string (or use stringof)\n"
                   "\t  argument: uint64_t",
                   ctx);
}

}  // namespace
}  // namespace dt
