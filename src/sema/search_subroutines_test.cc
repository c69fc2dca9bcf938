// index(), rindex(), strchr(), strrchr(), strstr(), strtoll(), rand(),
// getmajor(), getminor(), progenyof() and strtok(): DTrace's prototypes and messages
// (the argument counts as ProtoLenError words them for every subroutine).
#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"
#include "sema/btf_types.h"

namespace dt {
namespace {

std::string Error(const std::string& source) {
  try {
    AnalyzeSource(source);
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

TEST(SearchSubroutinesTest, ResultTypesAreDTraces) {
  struct Case {
    const char* call;
    bool is_string;
    uint64_t size;
    bool is_signed;
  };
  const Case cases[] = {
      {"index(\"abc\", \"b\")", false, 4, true},
      {"index(\"abc\", \"b\", 1)", false, 4, true},
      {"rindex(execname, \"b\")", false, 4, true},
      {"rindex(\"abc\", \"b\", -1)", false, 4, true},
      {"strchr(\"abc\", 'b')", true, 256, false},
      {"strrchr(execname, 98)", true, 256, false},
      {"strstr(\"abc\", execname)", true, 256, false},
      {"strtoll(\"12\")", false, 8, true},
      {"strtoll(\"12\", 16)", false, 8, true},
      {"rand()", false, 4, true},
      {"getmajor(1)", false, 4, false},
      {"getminor(1)", false, 4, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.call);
    auto a = AnalyzeSource(std::string("BEGIN { x = ") + c.call + "; }");
    const Type* t = a->info.globals[0].type;
    EXPECT_EQ(t->IsString(), c.is_string);
    EXPECT_EQ(t->size, c.size);
    if (!c.is_string) {
      EXPECT_EQ(t->is_signed, c.is_signed);
    }
  }
}

TEST(SearchSubroutinesTest, WrongArgumentsGetDTracesMessages) {
  EXPECT_EQ(Error("BEGIN { x = index(\"a\"); }"),
            "[D_PROTO_LEN] line 1: index( ) prototype mismatch: 1 arg passed, at least 2 expected");
  EXPECT_EQ(
      Error("BEGIN { x = rindex(\"a\", \"b\", 1, 2); }"),
      "[D_PROTO_LEN] line 1: rindex( ) prototype mismatch: 4 args passed, at least 2 expected");
  EXPECT_EQ(Error("BEGIN { x = index(\"a\", 1); }"),
            "[D_PROTO_ARG] line 1: index( ) argument #2 is incompatible with prototype:\n"
            "\tprototype: string\n\t argument: int");
  EXPECT_EQ(Error("BEGIN { x = index(\"a\", \"b\", \"c\"); }"),
            "[D_PROTO_ARG] line 1: index( ) argument #3 is incompatible with prototype:\n"
            "\tprototype: int\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { x = strchr(\"a\", \"b\"); }"),
            "[D_PROTO_ARG] line 1: strchr( ) argument #2 is incompatible with prototype:\n"
            "\tprototype: char\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { x = strstr(1, \"b\"); }"),
            "[D_PROTO_ARG] line 1: strstr( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: string\n\t argument: int");
  EXPECT_EQ(Error("BEGIN { x = strtoll(\"1\", \"2\"); }"),
            "[D_PROTO_ARG] line 1: strtoll( ) argument #2 is incompatible with prototype:\n"
            "\tprototype: int\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { x = rand(1); }"),
            "[D_PROTO_LEN] line 1: rand( ) prototype mismatch: 1 arg passed, 0 expected");
  EXPECT_EQ(Error("BEGIN { x = getmajor(\"8\"); }"),
            "[D_PROTO_ARG] line 1: getmajor( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: dev_t\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { x = progenyof(); }"),
            "[D_PROTO_LEN] line 1: progenyof( ) prototype mismatch: 0 args passed, 1 expected");
}

TEST(SearchSubroutinesTest, StrtokKeepsItsPlaceInAHiddenClauseVariable) {
  auto a = AnalyzeSource(
      "BEGIN { x = strtok(\"a,b\", \",\"); y = strtok((void *)0, \",\"); z = strtok(0, \";\"); }");
  EXPECT_TRUE(a->info.globals[0].type->IsString());
  EXPECT_EQ(a->info.globals[0].type->size, 256u);
  ASSERT_EQ(a->info.clause_vars.size(), 1u);  // one for every call
  EXPECT_EQ(a->info.clause_vars[0].type->size, 256u + 8);
  EXPECT_TRUE(a->info.clause_vars[0].read_before_assigned);
  EXPECT_EQ(Error("BEGIN { x = strtok(\"a\"); }"),
            "[D_PROTO_LEN] line 1: strtok( ) prototype mismatch: 1 arg passed, 2 expected");
  EXPECT_EQ(Error("BEGIN { x = strtok(\"a\", 1); }"),
            "[D_PROTO_ARG] line 1: strtok( ) argument #2 is incompatible with prototype:\n"
            "\tprototype: string\n\t argument: int");
}

TEST(SearchSubroutinesTest, ProgenyofNeedsTheTaskOffsets) {
  EXPECT_EQ(Error("BEGIN { x = progenyof(1); }"),
            "[D_IDENT_UNDEF] line 1: progenyof( ) is unavailable: the kernel's BTF type "
            "information could not be read");
  auto a = std::make_unique<Analyzed>();
  BtfTypeSource btf(a->types);
  btf.InstallAsFallback();
  a->program = ParseProgram("BEGIN { x = progenyof(1); }", MacroEnv{});
  Analyzer(a->types, a->probes, a->info, AnalyzerOptions{}).Analyze(a->program, 0);
  EXPECT_TRUE(a->info.task_offsets);
  EXPECT_EQ(a->info.globals[0].type->size, 4u);
}

}  // namespace
}  // namespace dt
