// ustack(), jstack(), usym() and kin, ustackdepth, ucaller and uregs[] in
// semantic analysis.
#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

std::unique_ptr<Analyzed> Analyze(const std::string& source) {
  return AnalyzeSource(source, [](Analyzer& a) { a.set_user_stack_frames(100, 50); });
}

std::string ErrorOf(const std::string& source) {
  try {
    Analyze(source);
  } catch (const CompileError& e) {
    return e.tag() + ": " + e.what();
  }
  return "no error";
}

TEST(UserStackTypesTest, AUserStackHoldsTheProcessThenItsFrames) {
  TypeTable types;
  const Type* u = types.UserStack(5);
  EXPECT_EQ(u, types.UserStack(5));
  EXPECT_TRUE(u->IsStack());
  EXPECT_TRUE(u->IsUserStackValue());
  EXPECT_EQ(u->array_len, 5u);
  EXPECT_EQ(u->size, 6u * 8);
  EXPECT_EQ(TypeSpelling(u), "stack");
  // Not the kernel's stack of the same depth: keys of one never match the other.
  EXPECT_FALSE(SameType(u, types.Stack(5)));
  EXPECT_FALSE(types.Stack(5)->IsUserStackValue());
}

TEST(UserStackTypesTest, UserSymbolsCarryTheirProcessAndHowTheyPrint) {
  TypeTable types;
  const Type* sym = types.UserSymbolAddress(Type::Symbolic::kSymbol);
  const Type* mod = types.UserSymbolAddress(Type::Symbolic::kModule);
  const Type* addr = types.UserSymbolAddress(Type::Symbolic::kAddress);
  EXPECT_EQ(sym->size, 16u);
  EXPECT_EQ(TypeSpelling(sym), "_usymaddr");
  EXPECT_NE(sym, mod);
  EXPECT_FALSE(SameType(sym, addr));
  EXPECT_TRUE(addr->IsUserStackValue());
}

TEST(UserStackAnalysisTest, UstackTakesItsDepthFromTheOptionOrItsArgument) {
  EXPECT_EQ(FirstExpr(*Analyze("BEGIN { ustack(); }")).type->array_len, 100u);
  EXPECT_EQ(FirstExpr(*Analyze("BEGIN { jstack(); }")).type->array_len, 50u);
  EXPECT_EQ(FirstExpr(*Analyze("BEGIN { ustack(7, 200); }")).type->array_len, 7u);
  EXPECT_EQ(ErrorOf("BEGIN { @[ustack(3), ustack()] = count(); }"), "no error");
}

TEST(UserStackAnalysisTest, UstackRefusesWhatDTraceRefuses) {
  EXPECT_EQ(ErrorOf("BEGIN { ustack(0); }"),
            "D_USTACK_FRAMES: ustack( ) argument #1 must be a non-zero positive integer constant");
  EXPECT_EQ(ErrorOf("BEGIN { ustack(arg0); }"),
            "D_USTACK_FRAMES: ustack( ) argument #1 must be a non-zero positive integer constant");
  EXPECT_EQ(ErrorOf("BEGIN { jstack(5, arg0); }"),
            "D_USTACK_STRSIZE: jstack( ) argument #2 must be a positive integer constant");
  EXPECT_EQ(ErrorOf("BEGIN { ustack(1, 2, 3); }"),
            "D_USTACK_PROTO: ustack( ) prototype mismatch: too many arguments");
  EXPECT_EQ(ErrorOf("BEGIN { x = ustack(); }"),
            "D_CG_EXPR: tracing function ustack( ) may not be called from a D expression (D "
            "program context required)");
}

TEST(UserStackAnalysisTest, UserAddressesTakeOneInteger) {
  EXPECT_EQ(FirstExpr(*Analyze("BEGIN { ufunc(ucaller); }")).type->symbolic,
            Type::Symbolic::kSymbol);
  EXPECT_EQ(FirstExpr(*Analyze("BEGIN { umod(0); }")).type->symbolic, Type::Symbolic::kModule);
  EXPECT_EQ(FirstExpr(*Analyze("BEGIN { uaddr(0); }")).type->symbolic, Type::Symbolic::kAddress);
  EXPECT_NE(ErrorOf("BEGIN { usym(\"x\"); }").find("D_PROTO_ARG: usym( ) argument #1"),
            std::string::npos);
}

TEST(UserStackAnalysisTest, UregsIsIndexedByOneIntegerAndCannotBeAssigned) {
  auto a = Analyze("BEGIN { x = uregs[16]; }");
  EXPECT_EQ(ErrorOf("BEGIN { uregs[1] = 2; }"),
            "D_OP_LVAL: operator = requires modifiable lvalue as an operand");
  EXPECT_EQ(ErrorOf("BEGIN { x = uregs[1, 2]; }"),
            "D_ARR_BADREF: uregs[ ] key signature mismatch: 2 keys passed, 1 expected");
  EXPECT_EQ(ErrorOf("BEGIN { x = uregs[\"pc\"]; }"),
            "D_IDX_TYPE: uregs[ ] index must be an integer");
}

}  // namespace
}  // namespace dt
