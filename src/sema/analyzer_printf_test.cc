// Sema checks printf(), system() and printa() formats against their
// arguments, so a program with a bad format fails before code generation.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "sema/analyzer.h"

namespace dt {
namespace {

struct Programs {
  TypeTable types;
  ProbeRegistry probes;
  ProgramInfo info;
  std::vector<ast::Program> asts;
};

// Analyzes each source as one program (one -n or -s) sharing a
// ProgramInfo, as the driver does; the error of the first that fails.
CompileError AnalyzeError(const std::vector<std::string>& sources) {
  auto p = std::make_unique<Programs>();
  Analyzer analyzer(p->types, p->probes, p->info, AnalyzerOptions{});
  p->asts.reserve(sources.size());
  try {
    for (size_t i = 0; i < sources.size(); ++i) {
      p->asts.push_back(ParseProgram(sources[i], MacroEnv{}));
      analyzer.Analyze(p->asts.back(), static_cast<int>(i));
    }
  } catch (const CompileError& e) {
    return e;
  }
  return CompileError("", 0, "no error");
}

TEST(PrintfFormats, ArgumentTypesAreCheckedBySema) {
  CompileError e = AnalyzeError({"BEGIN {\n  printf(\"%s\\n\", 1);\n}"});
  EXPECT_EQ(e.tag(), "D_PRINTF_ARG_TYPE");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(std::string(e.what()),
            "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
            "\tconversion: %s\n"
            "\t prototype: char [] or string (or use stringof)\n"
            "\t  argument: int");
}

TEST(PrintfFormats, SystemIsCheckedLikePrintf) {
  CompileError e = AnalyzeError({"BEGIN { system(\"echo %d %d\", 1); }"});
  EXPECT_EQ(e.tag(), "D_PRINTF_ARG_PROTO");
  EXPECT_EQ(e.line(), 1);
}

TEST(PrintfFormats, UndefinedConversionsHaveNoTag) {
  CompileError e = AnalyzeError({"BEGIN { printf(\"%z\", 1); }"});
  EXPECT_EQ(e.tag(), "");
  EXPECT_EQ(std::string(e.what()), "format conversion #1 is undefined: %z");
}

// Formats are checked after the rest of the program, as when the code
// generator checked them: another error, even a later one, comes first.
TEST(PrintfFormats, OtherErrorsOfTheProgramComeFirst) {
  CompileError e = AnalyzeError({"BEGIN { printf(\"%Q\"); }\nBEGIN { y = z; }"});
  EXPECT_EQ(e.tag(), "D_IDENT_UNDEF");
  EXPECT_EQ(e.line(), 2);
  e = AnalyzeError({"BEGIN { printf(\"%s\", 1); y = z; }"});
  EXPECT_EQ(e.tag(), "D_IDENT_UNDEF");
}

TEST(PrintfFormats, GoodFormatsPass) {
  CompileError e =
      AnalyzeError({"BEGIN { printf(\"%d %s %p\\n\", 1, \"x\", (char *)0); @a[\"k\"] = count(); }",
                    "END { printa(\"%s %@u\\n\", @a); }"});
  EXPECT_EQ(std::string(e.what()), "no error");
}

TEST(PrintaFormats, TheValueOfCountIsUnsigned) {
  CompileError e = AnalyzeError({"BEGIN { @a = count(); printa(\"%@s\", @a); }"});
  EXPECT_EQ(e.tag(), "D_PRINTF_ARG_TYPE");
  EXPECT_EQ(std::string(e.what()),
            "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
            "\tconversion: %s\n"
            "\t prototype: char [] or string (or use stringof)\n"
            "\t  argument: uint64_t");
}

// A key is as wide as its widest use anywhere in the program, even after
// the printa(): %hd fits the short key where printa() stands, not the int
// key it ends up as.
TEST(PrintaFormats, KeysAreCheckedAtTheirFinalWidth) {
  CompileError e =
      AnalyzeError({"BEGIN { @a[(short)1] = count(); }\n"
                    "BEGIN { printa(\"%hd %@u\\n\", @a); }\n"
                    "BEGIN { @a[(int)1] = count(); }"});
  EXPECT_EQ(e.tag(), "D_PRINTF_ARG_TYPE");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(std::string(e.what()),
            "printa( ) argument #2 is incompatible with conversion #1 prototype:\n"
            "\tconversion: %hd\n"
            "\t prototype: short\n"
            "\t  argument: int");
}

// The same across programs (-n and -s share aggregations): a later program
// widens an earlier one's key.
TEST(PrintaFormats, ALaterProgramMayWidenTheKey) {
  CompileError e = AnalyzeError({"BEGIN { @a[(short)1] = count(); printa(\"%hd\", @a); }",
                                 "BEGIN { @a[(int)1] = count(); }"});
  EXPECT_EQ(e.tag(), "D_PRINTF_ARG_TYPE");
  EXPECT_EQ(e.line(), 1);
}

}  // namespace
}  // namespace dt
