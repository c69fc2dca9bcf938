#include "sema/analyzer.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

// Analyzes `source` against the fake kernel's probes (no tracefs, no root).
std::unique_ptr<Analyzed> Analyze(const std::string& source) { return AnalyzeSource(source); }

std::string ErrorTag(const std::string& source) {
  try {
    Analyze(source);
  } catch (const CompileError& e) {
    return e.tag();
  }
  return "";
}

TEST(AnalyzerTest, IntegerPromotionAndConversions) {
  auto a = Analyze("BEGIN { x = (char)1 + (short)2; }");
  EXPECT_EQ(a->info.globals[0].type->size, 4u);
  EXPECT_TRUE(a->info.globals[0].type->is_signed);
  a = Analyze("BEGIN { x = 1u + 2; }");
  EXPECT_FALSE(a->info.globals[0].type->is_signed);
  a = Analyze("BEGIN { x = 1 + 2l; }");
  EXPECT_EQ(a->info.globals[0].type->size, 8u);
  a = Analyze("BEGIN { x = 0xffffffff; }");  // hex that fits unsigned int
  EXPECT_EQ(a->info.globals[0].type->size, 4u);
  EXPECT_FALSE(a->info.globals[0].type->is_signed);
}

TEST(AnalyzerTest, BuiltinTypes) {
  auto a = Analyze("BEGIN { x = execname; }");
  EXPECT_TRUE(a->info.globals[0].type->IsString());
  const ast::Expr& assign = FirstExpr(*a);
  EXPECT_EQ(assign.rhs->type->size, kExecnameSize);
  EXPECT_EQ(Analyze("BEGIN { x = timestamp; }")->info.globals[0].type->size, 8u);
}

TEST(AnalyzerTest, StringAndByteOrderSubroutinesHaveDTraceResultTypes) {
  struct Case {
    const char* call;
    bool is_string;
    uint64_t size;
  };
  const Case cases[] = {
      {"htons(1)", false, 2},
      {"ntohs(1)", false, 2},
      {"htonl(1)", false, 4},
      {"ntohl(1)", false, 4},
      {"htonll(1)", false, 8},
      {"ntohll(1)", false, 8},
      {"basename(\"a\")", true, 256},
      {"dirname(execname)", true, 256},
      {"strjoin(\"a\", \"b\")", true, 256},
      {"lltostr(1)", true, 256},
      {"lltostr(1, 16)", true, 256},
      {"substr(\"ab\", 1)", true, 256},
      {"substr(\"ab\", 1, 1)", true, 256},
      {"toupper(\"a\")", true, 256},
      {"tolower(\"A\")", true, 256},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.call);
    auto a = Analyze(std::string("BEGIN { x = ") + c.call + "; }");
    const Type* t = a->info.globals[0].type;
    EXPECT_EQ(t->IsString(), c.is_string);
    EXPECT_EQ(t->size, c.size);
    if (!c.is_string) {
      EXPECT_FALSE(t->is_signed);
    }
  }
  EXPECT_EQ(ErrorTag("BEGIN { x = htons(\"80\"); }"), "D_PROTO_ARG");
  EXPECT_EQ(ErrorTag("BEGIN { x = basename(1); }"), "D_PROTO_ARG");
  EXPECT_EQ(ErrorTag("BEGIN { x = lltostr(1, \"8\"); }"), "D_PROTO_ARG");
  EXPECT_EQ(ErrorTag("BEGIN { x = strjoin(\"a\"); }"), "D_PROTO_LEN");
  EXPECT_EQ(ErrorTag("BEGIN { x = lltostr(1, 2, 3); }"), "D_PROTO_LEN");
  EXPECT_EQ(ErrorTag("BEGIN { x = substr(\"a\", \"1\"); }"), "D_PROTO_ARG");
  EXPECT_EQ(ErrorTag("BEGIN { x = toupper(\"a\", \"b\"); }"), "D_PROTO_LEN");
}

TEST(AnalyzerTest, VariablesAreTypedByFirstAssignment) {
  auto a = Analyze("BEGIN { self->s = \"a\"; this->n = 1; arr[\"k\", 2] = 3; }");
  ASSERT_EQ(a->info.thread_vars.size(), 1u);
  EXPECT_TRUE(a->info.thread_vars[0].type->IsString());
  ASSERT_EQ(a->info.clause_vars.size(), 1u);
  ASSERT_EQ(a->info.globals.size(), 1u);
  EXPECT_TRUE(a->info.globals[0].is_assoc);
  EXPECT_EQ(a->info.globals[0].key_types.size(), 2u);
}

TEST(AnalyzerTest, AggregationKeysWidenToTheLargestUse) {
  auto a = Analyze("BEGIN { @c[execname] = count(); @c[\"a much longer string key\"] = count(); }");
  ASSERT_EQ(a->info.aggregations.size(), 1u);
  EXPECT_GT(a->info.aggregations[0].key_types[0]->size, kExecnameSize);
}

TEST(AnalyzerTest, LquantizeParametersAreConstants) {
  auto a = Analyze("BEGIN { @q = lquantize(5, 0, 100, 10); }");
  EXPECT_EQ(a->info.aggregations[0].params[0], 0);
  EXPECT_EQ(a->info.aggregations[0].params[1], 100);
  EXPECT_EQ(a->info.aggregations[0].params[2], 10);
  EXPECT_EQ(ErrorTag("BEGIN { @q = lquantize(5, 10, 0, 1); }"), "D_LQUANT_MISMATCH");
}

TEST(AnalyzerTest, ErrorsCarryDTraceTags) {
  EXPECT_EQ(ErrorTag("BEGIN { x = y; }"), "D_IDENT_UNDEF");
  EXPECT_EQ(ErrorTag("BEGIN { @a = foo(); }"), "D_AGG_FUNC");
  EXPECT_EQ(ErrorTag("BEGIN { @a = count(1); }"), "D_PROTO_LEN");
  EXPECT_EQ(ErrorTag("BEGIN { x = \"a\" * 2; }"), "D_OP_ARITH");
  EXPECT_EQ(ErrorTag("BEGIN { x = \"a\" % 2; }"), "D_OP_INT");
  EXPECT_EQ(ErrorTag("BEGIN { x = \"a\" == 1; }"), "D_OP_INCOMPAT");
  EXPECT_EQ(ErrorTag("BEGIN { @a = count(); @a = sum(1); }"), "D_AGG_REDEF");
  EXPECT_EQ(ErrorTag("nosuch:::probe { }"), "D_PDESC_ZERO");
  EXPECT_EQ(ErrorTag("BEGIN { x = trace(1); }"), "D_CG_EXPR");
  EXPECT_EQ(ErrorTag("BEGIN { pid = 1; }"), "D_OP_LVAL");
  EXPECT_EQ(ErrorTag("BEGIN { x = 1; }"), "");
}

TEST(AnalyzerTest, ProbeArgsAreTypedFromTheFakeKernelsFormats) {
  auto a = Analyze("sdt:sched::sched_switch { x = args[1]; y = args[3]; }");
  EXPECT_EQ(TypeSpelling(a->info.globals[0].type), "pid_t");
  EXPECT_EQ(a->info.globals[0].type->size, 4u);
  EXPECT_EQ(a->info.globals[1].type->size, 8u);
  a = Analyze("syscall::openat:entry { p = args[1]; n = args[2]; }");
  EXPECT_TRUE(StripTypedefs(a->info.globals[0].type)->IsPointer());
  EXPECT_EQ(a->info.globals[1].type->size, 4u);
  a = Analyze("syscall::read:return { r = args[0]; }");
  EXPECT_EQ(a->info.globals[0].type->size, 8u);
  EXPECT_TRUE(a->info.globals[0].type->is_signed);
  EXPECT_EQ(ErrorTag("sdt:sched::sched_switch { x = args[7]; }"), "D_ARGS_IDX");
}

TEST(AnalyzerTest, ClausesRecordTheirProbesAndEpids) {
  auto a = Analyze("BEGIN { } BEGIN, END { }");
  ASSERT_EQ(a->info.clauses.size(), 2u);
  EXPECT_EQ(a->info.clauses[0].epid_base, 1u);
  EXPECT_EQ(a->info.clauses[1].epid_base, 2u);
  EXPECT_EQ(a->info.clauses[1].probes.size(), 2u);
}

}  // namespace
}  // namespace dt
