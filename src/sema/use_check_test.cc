// What sema resolves expressions to (resolved.h), and the use check
// (use_check.h): what the code generator could not generate is refused
// here, with the errors it used to raise. D structs in kernel memory stand
// for kernel types, so no BTF is needed; only BEGIN probes.
#include "sema/use_check.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "sema/analyzer.h"
#include "sema/btf_types.h"
#include "sema/resolved.h"

namespace dt {
namespace {

constexpr const char* kStructs =
    "struct inner { int b; };\n"
    "struct outer { int a; struct inner in; char name[8]; int bits : 3; };\n"
    "struct view { int v; };\n"
    "translator struct view < int x > { v = x + 1; };\n"
    "inline int constant = 7;\n";

struct Analyzed {
  TypeTable types;
  ProbeRegistry probes;
  ProgramInfo info;
  ast::Program program;
};

std::unique_ptr<Analyzed> Analyze(const std::string& clauses, bool allow_zero_matches = false) {
  auto a = std::make_unique<Analyzed>();
  a->program = ParseProgram(kStructs + clauses, MacroEnv{});
  AnalyzerOptions options;
  options.allow_zero_matches = allow_zero_matches;
  Analyzer analyzer(a->types, a->probes, a->info, options);
  analyzer.Analyze(a->program, 0);
  return a;
}

// "[TAG] line N: message" of the error analyzing `clauses`, or "".
std::string Error(const std::string& clauses, bool allow_zero_matches = false) {
  try {
    Analyze(clauses, allow_zero_matches);
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

// The arguments of the trace() actions of the last clause, in order.
std::vector<const ast::Expr*> Traced(const Analyzed& a) {
  std::vector<const ast::Expr*> out;
  for (const auto& s : std::get<ast::Clause>(a.program.items.back()).body)
    if (s->expr && s->expr->kind == ast::ExprKind::kCall && s->expr->text == "trace")
      out.push_back(s->expr->args[0].get());
  return out;
}

using Kind = Resolved::Kind;

TEST(ResolvedTest, WhatEachExpressionIs) {
  auto a = Analyze(
      "BEGIN { x = 1; self->s = 2; this->t = 3; arr[1] = 2; @c = count(); }\n"
      "BEGIN { trace(5); trace(\"s\"); trace(x); trace(self->s); trace(this->t); trace(arr[1]);\n"
      "  trace(pid); trace(constant); trace(strlen(\"ab\")); trace(x + 1);\n"
      "  trace(xlate<struct view>(1).v); trace(sizeof (int)); }");
  std::vector<Kind> expected = {
      Kind::kIntegerConstant, Kind::kStringConstant,   Kind::kGlobalVariable,
      Kind::kThreadVariable,  Kind::kClauseVariable,   Kind::kAssocElement,
      Kind::kBuiltin,         Kind::kInline,           Kind::kSubroutine,
      Kind::kOperator,        Kind::kTranslatedMember, Kind::kIntegerConstant};
  std::vector<const ast::Expr*> traced = Traced(*a);
  ASSERT_EQ(traced.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(ResolutionOf(*traced[i]).kind, expected[i]) << "trace #" << i + 1;
  EXPECT_EQ(ResolutionOf(*traced[6]).builtin, Builtin::kPid);
  EXPECT_EQ(ResolutionOf(*traced[8]).subroutine, Subroutine::kStrlen);
  EXPECT_EQ(ResolutionOf(*traced[11]).value, 4u);
}

TEST(ResolvedTest, KernelMemoryAccesses) {
  auto a = Analyze(
      "BEGIN { trace(((struct outer *)arg0)->a); trace(((struct outer *)arg0)->in.b);\n"
      "  trace(((struct outer *)arg0)->name); trace(((struct outer *)arg0)->bits);\n"
      "  trace(((int *)arg0)[2]); trace(*(int *)arg0); }");
  std::vector<const ast::Expr*> t = Traced(*a);
  ASSERT_EQ(t.size(), 6u);
  for (const ast::Expr* e : t) ASSERT_EQ(ResolutionOf(*e).kind, Kind::kKernelMemory);
  const KernelAccess& a_member = ResolutionOf(*t[0]).memory;
  EXPECT_EQ(a_member.address, AddressKind::kMember);
  EXPECT_EQ(a_member.offset, 0u);
  EXPECT_FALSE(a_member.base_is_object);  // ->: the pointer's value
  const KernelAccess& b_member = ResolutionOf(*t[1]).memory;
  EXPECT_EQ(b_member.offset, 0u);
  EXPECT_TRUE(b_member.base_is_object);  // .: the struct's address
  EXPECT_EQ(ResolutionOf(*t[1]->lhs).memory.offset, 4u);
  const KernelAccess& name = ResolutionOf(*t[2]).memory;
  EXPECT_EQ(name.read, ReadKind::kString);
  EXPECT_EQ(name.string_limit, 9u);  // all 8 characters and a NUL
  const KernelAccess& bits = ResolutionOf(*t[3]).memory;
  EXPECT_EQ(bits.read, ReadKind::kBitField);
  EXPECT_EQ(bits.offset, 16u);
  EXPECT_EQ(bits.bit_width, 3);
  EXPECT_EQ(ResolutionOf(*t[4]).memory.address, AddressKind::kElement);
  EXPECT_EQ(ResolutionOf(*t[4]).memory.element_size, 4u);
  EXPECT_EQ(ResolutionOf(*t[5]).memory.address, AddressKind::kDeref);
}

TEST(UseCheckTest, StructsInKernelMemoryAreUsedThroughTheirMembers) {
  EXPECT_EQ(Error("BEGIN { x = ((struct outer *)arg0)->in.b ? 1 : *(struct inner *)arg0; }"),
            "[D_OP_INCOMPAT] line 6: operands have incompatible types: \"int\" : \"struct "
            "inner\"");
  EXPECT_EQ(Error("BEGIN { @[*(struct inner *)arg0] = count(); }"),
            "[D_TYPE_ERR] line 6: a value of type \"struct inner\" cannot be used here; use one "
            "of its members");
  EXPECT_EQ(Error("BEGIN { trace(((struct outer *)arg0)->in.b); trace(&((struct outer "
                  "*)arg0)->in); trace(sizeof (((struct outer *)arg0)->in));\n"
                  "  print(((struct outer *)arg0)->in); print(((struct outer *)arg0)->name);\n"
                  "  trace(((struct outer *)arg0)->in); tracemem(((struct outer *)arg0)->name, 8);"
                  " }"),
            "");
}

TEST(UseCheckTest, TranslatedStructsAreUsedThroughTheirMembers) {
  EXPECT_EQ(Error("BEGIN { trace(xlate<struct view>(1).v); }"), "");
  EXPECT_EQ(Error("BEGIN {\n\n trace(xlate<struct view>(1)); }"),
            "[D_XLATE_SOU] line 8: a translated struct view can only be used through its "
            "members (->)");
}

TEST(UseCheckTest, AggregationsAreNotValues) {
  EXPECT_EQ(Error("BEGIN { @a = count(); } END { printa(@a); clear(@a); trunc(@a, 1); }"), "");
  EXPECT_EQ(Error("BEGIN { @a = count(); } END { x = @a ? 1 : 2; }"),
            "[D_UNKNOWN] line 6: expression not supported by the code generator");
}

TEST(UseCheckTest, ComesAfterEveryOtherCheck) {
  EXPECT_EQ(Error("BEGIN { trace(*(struct inner *)arg0); }\nBEGIN { x = 1; x = \"s\"; }"),
            "[D_OP_INCOMPAT] line 7: operands have incompatible types: \"int\" = \"string\"");
}

TEST(UseCheckTest, ClausesThatEnableNoProbeAreNotGenerated) {
  EXPECT_EQ(Error("nosuch:::probe { @[*(struct inner *)arg0] = count(); }", true), "");
  EXPECT_EQ(Error("BEGIN { @[*(struct inner *)arg0] = count(); }", true).substr(0, 10),
            "[D_TYPE_ER");
}

TEST(UseCheckTest, OnlyVariablesAreStoredTo) {
  EXPECT_EQ(Error("BEGIN { ((struct outer *)arg0)->a = 1; }"),
            "[D_OP_LVAL] line 6: kernel memory cannot be modified");
  EXPECT_EQ(Error("BEGIN { (*(int *)arg0)++; }"),
            "[D_OP_LVAL] line 6: kernel memory cannot be modified");
  EXPECT_EQ(Error("BEGIN { constant++; }"),
            "[D_OP_LVAL] line 6: operator ++ requires modifiable lvalue as an operand");
  EXPECT_EQ(Error("BEGIN { xlate<struct view>(1).v += 1; }"),
            "[D_OP_LVAL] line 6: operator op= requires modifiable lvalue as an operand");
}

// An inline stands outside every translator: a library inline first used
// inside a translator's member does not see the translator's input.
TEST(UseCheckTest, LibraryInlinesDoNotSeeTranslatorInputs) {
  auto a = std::make_unique<Analyzed>();
  ast::Program library = ParseProgram(
      "struct lview { int v; };\n"
      "translator struct lview < int x > { v = scoped; };\n"
      "inline int scoped = x;\n",
      MacroEnv{});
  Analyzer analyzer(a->types, a->probes, a->info, AnalyzerOptions{});
  analyzer.AnalyzeLibrary(library);
  a->program = ParseProgram("BEGIN { trace(xlate<struct lview>(1).v); }", MacroEnv{});
  try {
    analyzer.Analyze(a->program, 0);
    ADD_FAILURE() << "compiled";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_IDENT_UNDEF");
    EXPECT_STREQ(e.what(), "failed to resolve x: Unknown variable name");
    EXPECT_EQ(e.line(), 3);
  }
}

// ppid, vtimestamp and the sched provider read struct task_struct at
// offsets sema finds in BTF; without BTF the program cannot use them.
TEST(TaskOffsetsTest, FromBtfOrAnError) {
  EXPECT_EQ(Error("BEGIN {\n trace(ppid); }"),
            "[D_IDENT_UNDEF] line 7: ppid is unavailable: the kernel's BTF type information "
            "could not be read");
  auto a = std::make_unique<Analyzed>();
  BtfTypeSource btf(a->types);
  btf.InstallAsFallback();
  a->program = ParseProgram("BEGIN { trace(vtimestamp); }", MacroEnv{});
  Analyzer(a->types, a->probes, a->info, AnalyzerOptions{}).Analyze(a->program, 0);
  ASSERT_TRUE(a->info.task_offsets);
  const ProgramInfo::TaskOffsets& o = *a->info.task_offsets;
  EXPECT_EQ(o.real_parent, btf.MemberOffset("struct task_struct", "real_parent"));
  EXPECT_EQ(o.tgid, btf.MemberOffset("struct task_struct", "tgid"));
  EXPECT_EQ(o.cputime, btf.MemberOffset("struct task_struct", "se.sum_exec_runtime"));
  EXPECT_EQ(o.pid, btf.MemberOffset("struct task_struct", "pid"));
  EXPECT_EQ(o.comm, btf.MemberOffset("struct task_struct", "comm"));
  EXPECT_NE(o.cputime, 0u);
}

}  // namespace
}  // namespace dt
