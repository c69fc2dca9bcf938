#include "frontend/preprocessor.h"

#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "frontend/pp_test_util.h"

namespace dt {
namespace {

using pp_test::Expand;
using pp_test::Preprocess;

TEST(Preprocessor, KeepsDTextAsWritten) {
  // Probe descriptions, predicates, aggregations, macro arguments, kernel
  // symbols and strings come out exactly as they went in.
  const std::string d =
      "syscall::read*:entry, profile-997hz\n"
      "/execname == \"sshd\" && $1 > 0/\n"
      "{\n"
      "\t@counts[probefunc, $$2] = count(); self->ts = `max_pfn;\n"
      "\tprintf(\"%s /* not a comment */ %d\\n\", $target, 'x');\n"
      "}\n";
  pp_test::Run run = Preprocess(d);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.text,
            "syscall::read*:entry, profile-997hz\n"
            "/execname == \"sshd\" && $1 > 0/\n"
            "{\n"
            "@counts[probefunc, $$2] = count(); self->ts = `max_pfn;\n"
            "printf(\"%s /* not a comment */ %d\\n\", $target, 'x');\n"
            "}\n");
}

TEST(Preprocessor, MacrosInProbeDescriptionsStayJoined) {
  EXPECT_EQ(
      Preprocess("#define FN read\n#define P(f) syscall::f:entry\nP(FN), syscall::FN:return\n")
          .text,
      "syscall::read:entry, syscall::read:return\n");
  // Around an expansion, tokens that would paste are kept apart.
  EXPECT_EQ(Preprocess("#define NEG -1\nx = -NEG;\n").text, "x = - -1;\n");
}

TEST(Preprocessor, CommentsBecomeSpaceAndLinesStayInPlace) {
  pp_test::Run run = Preprocess("a /* one\ntwo */ b\n// gone\nc\n");
  EXPECT_EQ(run.text, "a\nb\nc\n");
  EXPECT_EQ(run.line_map.Origin(1), (std::pair<std::string, int>{"", 1}));
  EXPECT_EQ(run.line_map.Origin(2), (std::pair<std::string, int>{"", 2}));
  EXPECT_EQ(run.line_map.Origin(3), (std::pair<std::string, int>{"", 4}));
}

TEST(Preprocessor, ConditionalGroups) {
  EXPECT_EQ(Expand("#if 1\na\n#else\nb\n#endif\n"), "a");
  EXPECT_EQ(Expand("#if 0\na\n#elif 2 > 1\nb\n#elif 1\nc\n#else\nd\n#endif\n"), "b");
  EXPECT_EQ(Expand("#if 0\na\n#elif 0\nb\n#else\nd\n#endif\n"), "d");
  EXPECT_EQ(Expand("#define X\n#ifdef X\nx\n#endif\n#ifndef X\nnx\n#endif\n#ifdef Y\ny\n#endif\n"),
            "x");
  // Skipped groups may hold anything, nested conditionals included.
  EXPECT_EQ(Expand("#if 0\n#if 1\n#bogus don't\n#else\n#endif\n#elif 1/0\n#endif\nok\n"),
            "ERROR: x.d:6: error: division by zero in #if\n");
  EXPECT_EQ(Expand("#if 0\n#if 1\n#bogus don't\n#else\n#endif\nno\n#else\nyes\n#endif\n"), "yes");
  // Once a group was taken, later #elif expressions are not evaluated.
  EXPECT_EQ(Expand("#if 1\na\n#elif 1/0\nb\n#endif\n"), "a");
}

TEST(Preprocessor, DefinedOperator) {
  EXPECT_EQ(Expand("#define A\n#if defined A && defined(A) && !defined B\nyes\n#endif\n"), "yes");
  // Macros expanding to defined work as in GCC (an argument is expanded
  // first, so HAS(A) would test what A expands to).
  EXPECT_EQ(Expand("#define HAS(x) defined(x)\n#if HAS(B) || !HAS(C)\nyes\n#endif\n"), "yes");
  EXPECT_EQ(Expand("#define B\n#define TEST defined B\n#if TEST\nyes\n#endif\n"), "yes");
  EXPECT_EQ(Expand("#if defined\n#endif\n"),
            "ERROR: x.d:1: error: operator \"defined\" requires an identifier\n");
  EXPECT_EQ(Expand("#if defined(A\n#endif\n"),
            "ERROR: x.d:1: error: missing ')' after \"defined\"\n");
}

TEST(Preprocessor, ConditionalErrors) {
  EXPECT_EQ(Expand("#if 1\n"), "ERROR: x.d:1: error: unterminated #if\n");
  EXPECT_EQ(Expand("\n#ifdef X\n#else\n"), "ERROR: x.d:2: error: unterminated #ifdef\n");
  EXPECT_EQ(Expand("#endif\n"), "ERROR: x.d:1: error: #endif without #if\n");
  EXPECT_EQ(Expand("#else\n"), "ERROR: x.d:1: error: #else without #if\n");
  EXPECT_EQ(Expand("#elif 1\n"), "ERROR: x.d:1: error: #elif without #if\n");
  EXPECT_EQ(Expand("#if 1\n#else\n#else\n#endif\n"), "ERROR: x.d:3: error: #else after #else\n");
  EXPECT_EQ(Expand("#if 0\n#else\n#elif 1\n#endif\n"), "ERROR: x.d:3: error: #elif after #else\n");
  EXPECT_EQ(Expand("#if\n#endif\n"), "ERROR: x.d:1: error: #if with no expression\n");
  EXPECT_EQ(Expand("#ifdef\n#endif\n"),
            "ERROR: x.d:1: error: no macro name given in #ifdef directive\n");
  EXPECT_EQ(Expand("#ifndef 1\n#endif\n"),
            "ERROR: x.d:1: error: macro names must be identifiers\n");
  EXPECT_EQ(Expand("#if 1 +\n#endif\n"),
            "ERROR: x.d:1: error: operator '+' has no right operand\n");
}

TEST(Preprocessor, Undef) {
  EXPECT_EQ(Expand("#define A 1\n#undef A\nA\n"), "A");
  EXPECT_EQ(Expand("#undef NEVER_DEFINED\nok\n"), "ok");
  EXPECT_EQ(Expand("#undef\n"), "ERROR: x.d:1: error: no macro name given in #undef directive\n");
  pp_test::Run run = Preprocess("#define A\n#undef A junk\n");
  EXPECT_EQ(run.diagnostics, "x.d:2: warning: extra tokens at end of #undef directive\n");
}

TEST(Preprocessor, ErrorAndWarningDirectives) {
  EXPECT_EQ(Expand("\n#error this   needs \"Linux\"\n"),
            "ERROR: x.d:2: error: #error this needs \"Linux\"\n");
  EXPECT_EQ(Expand("#if 0\n#error skipped\n#endif\nok\n"), "ok");
  pp_test::Run run = Preprocess("#warning careful\nok\n");
  EXPECT_EQ(run.error, "");
  EXPECT_EQ(run.diagnostics, "x.d:1: warning: #warning careful\n");
}

TEST(Preprocessor, InvalidDirectives) {
  EXPECT_EQ(Expand("#bogus\n"), "ERROR: x.d:1: error: invalid preprocessing directive #bogus\n");
  EXPECT_EQ(Expand("# ! x\n"), "ERROR: x.d:1: error: invalid preprocessing directive #!\n");
  // The null directive does nothing.
  EXPECT_EQ(Expand("#\n# /* comment */\nok\n"), "ok");
}

TEST(Preprocessor, PragmasGoToTheDCompiler) {
  pp_test::Run run = Preprocess(
      "#define Q quiet\n#pragma D option Q\n#pragma D option bufsize=4m\n#ident \"v1\"\n"
      "#pragma once\n#pragma weird stuff\nBEGIN\n");
  EXPECT_EQ(run.text,
            "#pragma D option Q\n#pragma D option bufsize=4m\n#ident \"v1\"\n#pragma weird stuff\n"
            "BEGIN\n");
  // The D parser takes the options from there.
  ast::Program program = ParseProgram(run.text, MacroEnv{});
  int options = 0;
  for (const ast::TopLevel& item : program.items)
    options += std::holds_alternative<ast::PragmaOption>(item);
  EXPECT_EQ(options, 2);
}

TEST(Preprocessor, LineDirective) {
  pp_test::Run run = Preprocess("a\n#line 40\nb __LINE__\n#line 7 \"other.d\"\nc __FILE__\n");
  EXPECT_EQ(run.text, "a\nb 40\nc \"other.d\"\n");
  EXPECT_EQ(run.line_map.Origin(2), (std::pair<std::string, int>{"", 40}));
  EXPECT_EQ(run.line_map.Origin(3), (std::pair<std::string, int>{"other.d", 7}));
  // cpp's own line markers are understood too.
  EXPECT_EQ(Preprocess("# 12 \"x.d\" 2\nz\n").line_map.Origin(1),
            (std::pair<std::string, int>{"", 12}));
  EXPECT_EQ(Expand("#line x\n"),
            "ERROR: x.d:1: error: \"x\" after #line is not a positive integer\n");
  EXPECT_EQ(Expand("#line 3000000000\n"), "ERROR: x.d:1: error: line number out of range\n");
  EXPECT_EQ(Expand("#line 5 name\n"), "ERROR: x.d:1: error: invalid filename \"name\"\n");
  // An error after #line is reported at the line it set.
  EXPECT_EQ(Expand("#line 90 \"gen.d\"\n#error here\n"), "ERROR: gen.d:90: error: #error here\n");
}

TEST(Preprocessor, IncludeQuotedLooksBesideTheIncludingFileFirst) {
  std::map<std::string, std::string> files = {
      {"defs.h", "#define N 1\n"},
      {"inc/defs.h", "#define N 2\n#include \"more.h\"\n"},
      {"inc/more.h", "#define M 3\n"},
      {"sys/defs.h", "#define N 4\n"},
  };
  PreprocessorOptions with_i;
  with_i.include_dirs = {"inc"};
  EXPECT_EQ(Expand("#include \"defs.h\"\nN\n", with_i, files), "1");
  EXPECT_EQ(Expand("#include <defs.h>\nN M\n", with_i, files), "2 3");
  PreprocessorOptions system;
  system.system_dirs = {"sys"};
  EXPECT_EQ(Expand("#include <defs.h>\nN\n", system, files), "4");
  EXPECT_EQ(Expand("#define HDR \"inc/defs.h\"\n#include HDR\nN\n", {}, files), "2");
  EXPECT_EQ(Expand("#define HDR <defs.h>\n#include HDR\nN\n", with_i, files), "2");
}

TEST(Preprocessor, IncludeErrors) {
  EXPECT_EQ(Expand("\n#include \"nothere.h\"\n"),
            "ERROR: x.d:2: fatal error: nothere.h: No such file or directory\n");
  EXPECT_EQ(Expand("#include nothere\n"),
            "ERROR: x.d:1: error: #include expects \"FILENAME\" or <FILENAME>\n");
  EXPECT_EQ(Expand("#include \"\"\n"), "ERROR: x.d:1: error: empty filename in #include\n");
  // An error inside an included file names it and the chain of includes.
  std::map<std::string, std::string> files = {
      {"a.h", "\n#include \"b.h\"\n"},
      {"b.h", "#if 1\n#error deep\n#endif\n"},
      {"open.h", "#ifdef X\n"},
  };
  EXPECT_EQ(Expand("#include \"a.h\"\n", {}, files),
            "ERROR: In file included from a.h:2,\n"
            "                 from x.d:1:\n"
            "b.h:2: error: #error deep\n");
  // Conditionals do not span files.
  EXPECT_EQ(Expand("#include \"open.h\"\n#endif\n", {}, files),
            "ERROR: In file included from x.d:1:\nopen.h:1: error: unterminated #ifdef\n");
}

TEST(Preprocessor, RecursiveIncludeStopsAtTheDepthLimit) {
  std::map<std::string, std::string> files = {{"self.h", "#include \"self.h\"\n"}};
  PreprocessorOptions options;
  options.max_include_depth = 5;
  pp_test::Run run = Preprocess("#include \"self.h\"\n", options, files);
  EXPECT_NE(run.error.find("self.h:1: error: #include nested depth 6 exceeds maximum of 5\n"),
            std::string::npos)
      << run.error;
  // With the default limit too (and no crash).
  EXPECT_NE(Preprocess("#include \"self.h\"\n", {}, files)
                .error.find("#include nested depth 201 exceeds maximum of 200"),
            std::string::npos);
  // Include guards and #pragma once make it harmless.
  std::map<std::string, std::string> guarded = {
      {"g.h", "#ifndef G_H\n#define G_H\ng\n#include \"g.h\"\n#endif\n"},
      {"o.h", "#pragma once\no\n#include \"o.h\"\n"}};
  EXPECT_EQ(Expand("#include \"g.h\"\n#include \"o.h\"\n#include \"o.h\"\n", {}, guarded), "g / o");
}

TEST(Preprocessor, IncludeBombIsBounded) {
  // Each file includes the next twice: 2^30 inclusions if nothing stopped it.
  std::map<std::string, std::string> files;
  for (int i = 0; i < 30; ++i) {
    std::string next = "f" + std::to_string(i + 1) + ".h";
    files["f" + std::to_string(i) + ".h"] =
        "#include \"" + next + "\"\n#include \"" + next + "\"\n";
  }
  files["f30.h"] = "x\n";
  PreprocessorOptions options;
  options.max_tokens = 200000;
  pp_test::Run run = Preprocess("#include \"f0.h\"\n", options, files);
  EXPECT_NE(run.error.find("the input exceeds the limit of 200000 tokens"), std::string::npos)
      << run.error;
}

TEST(Preprocessor, PrintIncludes) {
  std::map<std::string, std::string> files = {{"a.h", "#include \"b.h\"\n"}, {"b.h", ""}};
  PreprocessorOptions options;
  options.print_includes = true;
  EXPECT_EQ(Preprocess("#include \"a.h\"\n#include \"b.h\"\n", options, files).diagnostics,
            ". a.h\n.. b.h\n. b.h\n");
}

TEST(Preprocessor, LineMapNamesIncludedFiles) {
  std::map<std::string, std::string> files = {{"inc/defs.h", "\n\nin_header\n"}};
  pp_test::Run run = Preprocess("first\n#include \"inc/defs.h\"\nafter\n", {}, files);
  EXPECT_EQ(run.text, "first\nin_header\nafter\n");
  EXPECT_EQ(run.line_map.Origin(2), (std::pair<std::string, int>{"inc/defs.h", 3}));
  EXPECT_EQ(run.line_map.Origin(3), (std::pair<std::string, int>{"", 3}));
  CompileError error("D_SYNTAX", 2, "syntax error near \"in_header\"");
  EXPECT_EQ(run.line_map.Format(error, false),
            "\"inc/defs.h\", line 3: syntax error near \"in_header\"");
  EXPECT_EQ(run.line_map.Format(CompileError("D_SYNTAX", 3, "x"), true), "[D_SYNTAX] line 3: x");
  EXPECT_EQ(run.line_map.Format(CompileError("D_SYNTAX", 0, "x"), false), "x");
}

TEST(Preprocessor, CommandLineMacros) {
  PreprocessorOptions options;
  options.command_line_macros = {{false, "A"},  {false, "B=2"},    {false, "F(x)=x*x"},
                                 {false, "E="}, {true, "__linux"}, {false, "C=1"},
                                 {true, "C"}};
  EXPECT_EQ(Expand("A B F(3) [E] __linux C\n", options), "1 2 3 * 3 [ ] __linux C");
  PreprocessorOptions bad;
  bad.command_line_macros = {{false, "1X=2"}};
  EXPECT_EQ(Expand("x\n", bad), "ERROR: <command-line>: error: macro names must be identifiers\n");
}

TEST(Preprocessor, PredefinedMacros) {
  EXPECT_EQ(Expand("__linux __linux__ __unix __SVR4 __Linux __SUNW_D __SUNW_D_64 _LP64\n"),
            "1 1 1 1 1 1 1 1");
  EXPECT_EQ(Expand("__SUNW_D_VERSION\n"), "0x0100d000");
#if defined(__x86_64__)
  EXPECT_EQ(Expand("__x86_64 __x86_64__ __amd64\n"), "1 1 1");
#endif
  EXPECT_EQ(Expand("#ifdef __GNUC__\ngnu\n#endif\n__STDC__\n"), "0");
  PreprocessorOptions strict;
  strict.stdc_mode = 'c';
  EXPECT_EQ(Expand("__STDC__\n", strict), "1");
  PreprocessorOptions kr;
  kr.stdc_mode = 's';
  EXPECT_EQ(Expand("__STDC__\n", kr), "__STDC__");
}

TEST(Preprocessor, InterpreterLineIsDropped) {
  pp_test::Run run = Preprocess("#!/usr/sbin/dtrace -Cs\n#define X 1\nX\n");
  EXPECT_EQ(run.text, "1\n");
  EXPECT_EQ(run.line_map.Origin(1), (std::pair<std::string, int>{"", 3}));
}

TEST(Preprocessor, UnterminatedComment) {
  EXPECT_EQ(Expand("ok\n/* never closed\n"), "ERROR: x.d:2: error: unterminated comment\n");
}

}  // namespace
}  // namespace dt
