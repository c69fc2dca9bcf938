// Structs, unions and arrays held in D variables (analyzer_aggregate_vars.cc):
// what their members and elements resolve to, and what D refuses about them.
#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"
#include "sema/resolved.h"

namespace dt {
namespace {

constexpr const char* kDecls =
    "struct in { int a; short b[3]; };\n"
    "struct pt { char c; struct in i; long arr[4]; unsigned bits : 3; char name[8]; };\n"
    "struct qt { char c; struct in i; long arr[4]; unsigned bits : 3; char name[8]; };\n"
    "struct pt p, p2; struct qt q; int a[5]; self struct pt s; this struct pt t;\n"
    "struct pt pts[int];\n";

std::unique_ptr<Analyzed> Analyze(const std::string& clauses) {
  return AnalyzeSource(kDecls + clauses);
}

std::string Error(const std::string& clauses) {
  try {
    Analyze(clauses);
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] " + e.what();
  }
  return "";
}

// The statement `n` (from 0) of the last clause.
const ast::Expr& Stmt(const Analyzed& a, size_t n) {
  const auto& clause = std::get<ast::Clause>(a.program.items.back());
  return *clause.body.at(n)->expr;
}

TEST(AggregateVarsTest, MembersAndElementsResolveToPartsOfTheVariable) {
  auto a = Analyze("BEGIN { p.i.b[2] = 1; i = 1; x = a[i]; }");
  const ast::Expr& lhs = *Stmt(*a, 0).lhs;  // p.i.b[2]
  const Resolved& element = ResolutionOf(lhs);
  EXPECT_EQ(element.kind, Resolved::Kind::kVariablePart);
  EXPECT_EQ(element.memory.address, AddressKind::kElement);
  EXPECT_EQ(element.memory.element_size, 2u);
  EXPECT_EQ(element.elements, 3u);
  EXPECT_EQ(element.memory.read, ReadKind::kScalar);
  const Resolved& array = ResolutionOf(*lhs.lhs);  // p.i.b
  EXPECT_EQ(array.kind, Resolved::Kind::kVariablePart);
  EXPECT_EQ(array.memory.address, AddressKind::kMember);
  EXPECT_EQ(array.memory.offset, 4u);  // b after a, in i
  EXPECT_EQ(array.memory.read, ReadKind::kObject);
  const Resolved& in = ResolutionOf(*lhs.lhs->lhs);  // p.i
  EXPECT_EQ(in.memory.offset, 4u);                   // after c, aligned for int
  EXPECT_EQ(ResolutionOf(*lhs.lhs->lhs->lhs).kind, Resolved::Kind::kGlobalVariable);
  EXPECT_EQ(ResolutionOf(*Stmt(*a, 2).rhs).elements, 5u);
}

TEST(AggregateVarsTest, EveryScopeHoldsStructs) {
  auto a = Analyze("BEGIN { p.c = 1; this->t.c = 2; pts[1].c = 3; self->s.c = 4; }");
  EXPECT_EQ(ResolutionOf(*Stmt(*a, 0).lhs->lhs).kind, Resolved::Kind::kGlobalVariable);
  EXPECT_EQ(ResolutionOf(*Stmt(*a, 1).lhs->lhs).kind, Resolved::Kind::kClauseVariable);
  EXPECT_EQ(ResolutionOf(*Stmt(*a, 2).lhs->lhs).kind, Resolved::Kind::kAssocElement);
  EXPECT_EQ(ResolutionOf(*Stmt(*a, 3).lhs->lhs).kind, Resolved::Kind::kThreadVariable);
}

TEST(AggregateVarsTest, BitFieldsAndCharArrays) {
  auto a = Analyze("BEGIN { p.bits = 5; trace(p.name); }");
  const Resolved& bits = ResolutionOf(*Stmt(*a, 0).lhs);
  EXPECT_EQ(bits.memory.read, ReadKind::kBitField);
  EXPECT_EQ(bits.memory.bit_width, 3);
  const ast::Expr& name = *Stmt(*a, 1).args[0];
  EXPECT_TRUE(name.type->IsString());
  EXPECT_EQ(ResolutionOf(name).memory.read, ReadKind::kString);
  EXPECT_EQ(ResolutionOf(name).memory.string_limit, 9u);
}

TEST(AggregateVarsTest, WholeObjectsCopyOnlyToTheSameType) {
  EXPECT_EQ(Error("BEGIN { p = p2; s = p; self->s = pts[1]; pts[2] = this->t; p.i = q.i; }"), "");
  EXPECT_EQ(Error("BEGIN { r = p; r.c = 1; }"), "");  // defined by its first assignment
  EXPECT_EQ(Error("BEGIN { p = q; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"struct pt\" = \"struct qt\"");
  EXPECT_EQ(Error("BEGIN { p = 1; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"struct pt\" = \"int\"");
  EXPECT_EQ(Error("BEGIN { p.c = p; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"char\" = \"struct pt\"");
  EXPECT_EQ(Error("BEGIN { pts[1] = 2; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"struct pt\" = \"int\"");
  EXPECT_EQ(Error("BEGIN { p += p2; }").substr(0, 15), "[D_OP_INCOMPAT]");
}

TEST(AggregateVarsTest, ConstantIndexesAreBoundsChecked) {
  EXPECT_EQ(Error("BEGIN { a[4] = 1; a[0] = 1; p.arr[3] = 1; }"), "");
  EXPECT_EQ(Error("BEGIN { a[5] = 1; }"),
            "[D_ARR_BOUNDS] index 5 is out of range for array of 5 elements");
  EXPECT_EQ(Error("BEGIN { trace(p.i.b[-1]); }"),
            "[D_ARR_BOUNDS] index -1 is out of range for array of 3 elements");
  EXPECT_EQ(Error("BEGIN { trace(a[2 + 3]); }"),
            "[D_ARR_BOUNDS] index 5 is out of range for array of 5 elements");
}

TEST(AggregateVarsTest, ObjectsAreNotValues) {
  EXPECT_EQ(Error("BEGIN { trace(p == p2); }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"struct pt\" == \"struct pt\"");
  EXPECT_EQ(Error("BEGIN { trace(p); }"),
            "[D_TYPE_ERR] a value of type \"struct pt\" cannot be used here; use one of its "
            "members");
  EXPECT_EQ(Error("BEGIN { @[p.i] = count(); }").substr(0, 12), "[D_TYPE_ERR]");
  EXPECT_EQ(Error("BEGIN { print(p); print(a); print(p.i); print(pts[1]); }"), "");
}

TEST(AggregateVarsTest, ZeroFreesOnlyDynamicVariables) {
  // self-> and associative-array values are dynamic: 0 frees them.
  EXPECT_EQ(Error("BEGIN { self->s = 0; pts[1] = 0; }"), "");
  EXPECT_EQ(Error("BEGIN { self->s = 1; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"struct pt\" = \"int\"");
  EXPECT_EQ(Error("BEGIN { p = 0; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"struct pt\" = \"int\"");
}

TEST(AggregateVarsTest, WhatCannotBeStored) {
  EXPECT_EQ(Error("BEGIN { p.name = \"abc\"; }"),
            "[D_OP_LVAL] operator = cannot store to a char array");
  EXPECT_EQ(Error("BEGIN { p.z = 1; }"), "[D_TYPE_MEMBER] z is not a member of struct pt");
  EXPECT_EQ(Error("BEGIN { a[\"x\"] = 1; }"),
            "[D_IDX_TYPE] index of operator [ ] must be of integral type, not \"string\"");
  EXPECT_EQ(Error("BEGIN { p.i.a++; a[1] += 2; --p.arr[0]; }"), "");
}

}  // namespace
}  // namespace dt
