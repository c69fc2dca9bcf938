// stack(), func()/sym(), mod(), caller and stackdepth in semantic analysis.
#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

std::unique_ptr<Analyzed> Analyze(const std::string& source, uint64_t stack_frames = 20) {
  return AnalyzeSource(source, [&](Analyzer& a) { a.set_stack_frames(stack_frames); });
}

CompileError ErrorOf(const std::string& source) {
  try {
    Analyze(source);
  } catch (const CompileError& e) {
    return e;
  }
  return CompileError("", 0, "no error");
}

TEST(StackTypesTest, StackTypesAreInternedPerDepthWithRoomForTracingFrames) {
  TypeTable types;
  const Type* s5 = types.Stack(5);
  EXPECT_EQ(s5, types.Stack(5));
  EXPECT_NE(s5, types.Stack(6));
  EXPECT_TRUE(s5->IsStack());
  EXPECT_TRUE(s5->IsBlob());
  EXPECT_FALSE(s5->IsScalar());
  EXPECT_EQ(s5->array_len, 5u);
  EXPECT_EQ(s5->size, (5 + kStackTracingFrames) * 8);
  EXPECT_EQ(TypeSpelling(s5), "stack");
  EXPECT_TRUE(SameType(s5, types.Stack(5)));
  EXPECT_FALSE(SameType(s5, types.Stack(6)));
}

TEST(StackTypesTest, SymbolAddressesAreUintptrThatPrintSymbolically) {
  TypeTable types;
  const Type* sym = types.SymbolAddress(Type::Symbolic::kSymbol);
  const Type* mod = types.SymbolAddress(Type::Symbolic::kModule);
  EXPECT_NE(sym, mod);
  EXPECT_EQ(sym, types.SymbolAddress(Type::Symbolic::kSymbol));
  EXPECT_EQ(sym->symbolic, Type::Symbolic::kSymbol);
  EXPECT_EQ(mod->symbolic, Type::Symbolic::kModule);
  EXPECT_TRUE(sym->IsInteger());
  EXPECT_FALSE(sym->is_signed);
  EXPECT_EQ(sym->size, 8u);
  EXPECT_EQ(TypeSpelling(mod), "_symaddr");
  EXPECT_EQ(types.Uint64()->symbolic, Type::Symbolic::kNone);
}

TEST(StackSemaTest, StackDepthComesFromTheArgumentOrStackframes) {
  auto a = Analyze("BEGIN { @[stack()] = count(); @s[stack(3)] = count(); }", 7);
  ASSERT_EQ(a->info.aggregations.size(), 2u);
  EXPECT_TRUE(a->info.aggregations[0].key_types[0]->IsStack());
  EXPECT_EQ(a->info.aggregations[0].key_types[0]->array_len, 7u);
  EXPECT_EQ(a->info.aggregations[1].key_types[0]->array_len, 3u);
  a = Analyze("BEGIN { stack(); trace(stack(4)); }");
  const auto& clause = std::get<ast::Clause>(a->program.items.back());
  EXPECT_EQ(clause.body[0]->expr->type->array_len, 20u);
  EXPECT_EQ(clause.body[1]->expr->args[0]->type->array_len, 4u);
  EXPECT_EQ(Analyze("BEGIN { stack(100000); }")->info.clauses.size(), 1u);
}

TEST(StackSemaTest, StackArgumentErrorsUseDtraceTags) {
  CompileError e = ErrorOf("BEGIN {\nstack(\"x\"); }");
  EXPECT_EQ(e.tag(), "D_STACK_SIZE");
  EXPECT_EQ(e.line(), 2);
  EXPECT_STREQ(e.what(), "stack( ) size must be a non-zero positive integral constant expression");
  EXPECT_EQ(ErrorOf("BEGIN { stack(0); }").tag(), "D_STACK_SIZE");
  EXPECT_EQ(ErrorOf("BEGIN { stack(-1); }").tag(), "D_STACK_SIZE");
  EXPECT_EQ(ErrorOf("BEGIN { stack(arg0); }").tag(), "D_STACK_SIZE");
  e = ErrorOf("BEGIN { stack(1, 2); }");
  EXPECT_EQ(e.tag(), "D_STACK_PROTO");
  EXPECT_STREQ(e.what(), "stack( ) prototype mismatch: too many arguments");
}

TEST(StackSemaTest, StackIsOnlyRecordedOrAKey) {
  EXPECT_EQ(ErrorOf("BEGIN { x = stack(); }").tag(), "D_CG_EXPR");
  EXPECT_EQ(ErrorOf("BEGIN { printf(\"%d\", stack()); }").tag(), "D_CG_EXPR");
  EXPECT_EQ(ErrorOf("BEGIN { @[stack() + 1] = count(); }").tag(), "D_CG_EXPR");
  EXPECT_EQ(ErrorOf("BEGIN { x[stack()] = 1; }").tag(), "D_CG_EXPR");
  EXPECT_EQ(ErrorOf("BEGIN { @[stack()] = count(); @[1] = count(); }").tag(), "D_AGG_REDEF");
}

TEST(StackSemaTest, FuncSymModTakeOneIntegerAndReturnSymbolicAddresses) {
  auto a = Analyze("BEGIN { func(arg0); }");
  EXPECT_EQ(FirstExpr(*a).type->symbolic, Type::Symbolic::kSymbol);
  a = Analyze("BEGIN { @[mod(arg0), sym(arg1)] = count(); printf(\"%a\", func(arg0)); }");
  EXPECT_EQ(a->info.aggregations[0].key_types[0]->symbolic, Type::Symbolic::kModule);
  EXPECT_EQ(a->info.aggregations[0].key_types[1]->symbolic, Type::Symbolic::kSymbol);
  CompileError e = ErrorOf("BEGIN { func(\"x\"); }");
  EXPECT_EQ(e.tag(), "D_PROTO_ARG");
  EXPECT_STREQ(e.what(),
               "func( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t "
               "argument: string");
  e = ErrorOf("BEGIN { mod(1, 2); }");
  EXPECT_EQ(e.tag(), "D_PROTO_LEN");
  EXPECT_STREQ(e.what(), "mod( ) prototype mismatch: 2 args passed, 1 expected");
}

TEST(StackSemaTest, CallerAndStackdepthBuiltins) {
  auto a = Analyze("BEGIN { x = caller; y = stackdepth; }");
  ASSERT_EQ(a->info.globals.size(), 2u);
  EXPECT_EQ(a->info.globals[0].type->size, 8u);
  EXPECT_FALSE(a->info.globals[0].type->is_signed);
  EXPECT_EQ(a->info.globals[1].type->size, 4u);
  EXPECT_FALSE(a->info.globals[1].type->is_signed);
  EXPECT_EQ(ErrorOf("BEGIN { caller = 1; }").tag(), "D_OP_LVAL");
}

}  // namespace
}  // namespace dt
