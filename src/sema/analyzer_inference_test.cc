// Variables typed from assignments anywhere in the program
// (analyzer_inference.cc), assigning 0 to free dynamic variables, and the
// D library's everyday names. Only BEGIN probes: no root needed.
#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"
#include "sema/d_library.h"

namespace dt {
namespace {

struct Analyzed {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  std::vector<ast::Program> library;
  ast::Program program;
};

using TypeLookup = std::function<const Type*(const std::string&)>;

// Analyzes `source` with the built-in D library loaded, as the driver does.
// `kernel_types` stands for BTF.
// `extra_library`: one more library file's text.
std::unique_ptr<Analyzed> Analyze(const std::string& source, TypeLookup kernel_types = nullptr,
                                  const std::string& extra_library = "") {
  auto a = std::make_unique<Analyzed>();
  if (kernel_types) a->types.set_external_lookup(kernel_types);
  Analyzer analyzer(a->types, a->probes, a->info, AnalyzerOptions{});
  MacroEnv macros;
  std::vector<LibraryFile> library = LoadDLibrary({});
  if (!extra_library.empty()) library.push_back({"extra.d", extra_library});
  for (LibraryFile& f : library) {
    a->library.push_back(ParseProgram(f.text, MacroEnv{}));
    analyzer.AnalyzeLibrary(a->library.back());
    for (const ast::TopLevel& item : a->library.back().items)
      if (auto* td = std::get_if<ast::TypedefDecl>(&item)) macros.typedef_names.insert(td->name);
  }
  a->program = ParseProgram(source, macros);
  analyzer.Analyze(a->program, 0);
  return a;
}

// "[TAG] message" of the error analyzing `source`, or "" when it compiles.
std::string Error(const std::string& source, TypeLookup kernel_types = nullptr,
                  const std::string& extra_library = "") {
  try {
    Analyze(source, kernel_types, extra_library);
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] " + e.what();
  }
  return "";
}

const Variable& Var(const std::vector<Variable>& table, const std::string& name) {
  for (const Variable& v : table)
    if (v.name == name) return v;
  ADD_FAILURE() << "no variable " << name;
  static const Variable none;
  return none;
}

TEST(AnalyzerInferenceTest, ReadBeforeTheAssignmentInTheText) {
  auto a = Analyze(
      "BEGIN /!self->start/ { trace(self->start); }\n"
      "BEGIN { self->start = timestamp; }");
  const Variable& start = Var(a->info.thread_vars, "start");
  EXPECT_EQ(start.type, a->types.Uint64());
}

TEST(AnalyzerInferenceTest, GlobalsAndArraysReadBeforeTheirAssignment) {
  auto a = Analyze(
      "BEGIN { trace(last); trace(names[pid]); }\n"
      "BEGIN { last = execname; names[pid] = execname; }");
  EXPECT_TRUE(Var(a->info.globals, "last").type->IsString());
  const Variable& names = Var(a->info.globals, "names");
  EXPECT_TRUE(names.is_assoc);
  EXPECT_TRUE(names.type->IsString());
  ASSERT_EQ(names.key_types.size(), 1u);
  EXPECT_TRUE(names.key_types[0]->IsInteger());
}

TEST(AnalyzerInferenceTest, OnlyUpdatedVariablesAreInt64) {
  auto a = Analyze("BEGIN { self->depth++; x += 3; --y; a[\"k\"]++; b[1, \"s\"] -= 2; }");
  EXPECT_EQ(Var(a->info.thread_vars, "depth").type, a->types.Int64());
  EXPECT_EQ(Var(a->info.globals, "x").type, a->types.Int64());
  EXPECT_EQ(Var(a->info.globals, "y").type, a->types.Int64());
  const Variable& arr = Var(a->info.globals, "a");
  EXPECT_EQ(arr.type, a->types.Int64());
  ASSERT_EQ(arr.key_types.size(), 1u);
  EXPECT_TRUE(arr.key_types[0]->IsString());
  EXPECT_EQ(Var(a->info.globals, "b").key_types.size(), 2u);
}

TEST(AnalyzerInferenceTest, FreeingDoesNotDecideTheType) {
  // The return clause frees self->start above the entry clause that stores
  // a timestamp: self->start must not become a 32-bit int.
  auto a = Analyze(
      "BEGIN /self->start/ { self->start = 0; a[1] = 0; }\n"
      "BEGIN { self->start = timestamp; a[1] = timestamp; }");
  EXPECT_EQ(Var(a->info.thread_vars, "start").type, a->types.Uint64());
  EXPECT_EQ(Var(a->info.globals, "a").type, a->types.Uint64());
  // Freed and updated only: int64_t; only ever freed: int.
  a = Analyze("BEGIN { self->depth = 0; self->depth++; self->gone = 0; }");
  EXPECT_EQ(Var(a->info.thread_vars, "depth").type, a->types.Int64());
  EXPECT_EQ(Var(a->info.thread_vars, "gone").type, a->types.Int32());
}

TEST(AnalyzerInferenceTest, APlainAssignmentAnywhereGivesTheType) {
  // The update comes first, but `x = (char)1` decides x's type.
  auto a = Analyze("BEGIN { x++; }\nBEGIN { x = (char)1; }");
  EXPECT_EQ(Var(a->info.globals, "x").type->size, 1u);
}

TEST(AnalyzerInferenceTest, TypesFlowThroughLaterAssignments) {
  // y's type is x's, and x is assigned after y.
  auto a = Analyze("BEGIN { y = x; }\nBEGIN { x = execname; }");
  EXPECT_TRUE(Var(a->info.globals, "y").type->IsString());
  // An updated-only variable's int64_t flows on as well.
  a = Analyze("BEGIN { z = n; }\nBEGIN { n++; }");
  EXPECT_EQ(Var(a->info.globals, "z").type, a->types.Int64());
}

TEST(AnalyzerInferenceTest, ClauseLocalReadInALaterClause) {
  auto a = Analyze("BEGIN { this->s = execname; }\nBEGIN { trace(this->s); }");
  EXPECT_FALSE(Var(a->info.clause_vars, "s").read_before_assigned);
  a = Analyze("BEGIN { trace(this->s); }\nBEGIN { this->s = execname; }");
  EXPECT_TRUE(Var(a->info.clause_vars, "s").read_before_assigned);
}

TEST(AnalyzerInferenceTest, NeverAssignedIsUndefined) {
  EXPECT_EQ(Error("BEGIN { trace(x); }"),
            "[D_IDENT_UNDEF] failed to resolve x: Unknown variable name");
  EXPECT_EQ(Error("BEGIN /self->t/ { trace(1); }"),
            "[D_IDENT_UNDEF] failed to resolve self->t: Unknown variable name");
  EXPECT_EQ(Error("BEGIN { trace(this->t); }"),
            "[D_IDENT_UNDEF] failed to resolve this->t: Unknown variable name");
  EXPECT_EQ(Error("BEGIN { trace(a[1]); }"),
            "[D_IDENT_UNDEF] failed to resolve a: Unknown variable name");
  // Assigned only from each other: nothing gives them a type.
  EXPECT_EQ(Error("BEGIN { x = y; }\nBEGIN { y = x; }"),
            "[D_IDENT_UNDEF] failed to resolve y: Unknown variable name");
}

TEST(AnalyzerInferenceTest, ErrorsStillComeInProgramOrder) {
  // The later clause's assignment cannot be typed either; the first error
  // in the text is the one reported.
  EXPECT_EQ(Error("BEGIN { trace(first); }\nBEGIN { x = second; }"),
            "[D_IDENT_UNDEF] failed to resolve first: Unknown variable name");
}

TEST(AnalyzerInferenceTest, ALibraryInlineThatFailsInInferenceFailsTheSameLater) {
  // Inference checks `x = BROKEN` first and swallows the error; the
  // clause's own check must report the same error, not lose the inline.
  EXPECT_EQ(Error("BEGIN { x = BROKEN; }", nullptr, "inline int BROKEN = nosuch;"),
            "[D_IDENT_UNDEF] failed to resolve nosuch: Unknown variable name");
}

TEST(AnalyzerInferenceTest, ConflictingAssignments) {
  EXPECT_EQ(Error("BEGIN { trace(x); }\nBEGIN { x = 1; }\nBEGIN { x = \"s\"; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"int\" = \"string\"");
  EXPECT_EQ(Error("BEGIN { self->x = \"s\"; }\nBEGIN { self->x++; }"),
            "[D_OP_SCALAR] operator ++ requires an operand of scalar type");
}

TEST(AnalyzerInferenceTest, AssigningZeroFreesDynamicStrings) {
  EXPECT_EQ(Error("BEGIN { self->name = execname; self->name = 0; }"), "");
  EXPECT_EQ(Error("BEGIN { names[pid] = execname; names[pid] = 0; }"), "");
  // A free above the assignment does not type the variable.
  EXPECT_EQ(Error("BEGIN { self->name = 0; }\nBEGIN { self->name = execname; }"), "");
  // Only dynamic variables are freed, and only by 0.
  EXPECT_EQ(Error("BEGIN { s = execname; s = 0; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"int\"");
  EXPECT_EQ(Error("BEGIN { self->name = execname; self->name = 1; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"int\"");
  EXPECT_EQ(Error("BEGIN { names[pid] = execname; names[pid] = 1; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"int\"");
}

TEST(AnalyzerInferenceTest, LibraryNames) {
  auto a = Analyze(
      "BEGIN { p = NULL; d = (dev_t)1; ip = (ipaddr_t)1; f = AF_INET6; u = (uintptr_t)1; }");
  const Type* p = StripTypedefs(Var(a->info.globals, "p").type);
  ASSERT_TRUE(p->IsPointer());
  EXPECT_TRUE(p->target->IsVoid());
  EXPECT_EQ(TypeSpelling(Var(a->info.globals, "d").type), "dev_t");
  EXPECT_EQ(Var(a->info.globals, "d").type->size, 4u);
  EXPECT_EQ(TypeSpelling(Var(a->info.globals, "ip").type), "ipaddr_t");
  EXPECT_EQ(Var(a->info.globals, "u").type->size, 8u);
  EXPECT_EQ(Error("BEGIN { trace(AF_INET6 + 1); }"), "");
  // The compiler's own *_t names are typedefs too, kept in messages.
  EXPECT_EQ(Error("BEGIN { x = pid; x = execname; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"pid_t\" = \"string\"");
  EXPECT_EQ(TypeSpelling(Analyze("BEGIN { x = (uint32_t)1; }")->info.globals[0].type), "uint32_t");
}

TEST(AnalyzerInferenceTest, LibraryTypedefsOfKernelTypesWaitForUse) {
  std::vector<std::string> asked;
  TypeLookup kernel_types = [&](const std::string& name) -> const Type* {
    asked.push_back(name);
    return nullptr;
  };
  Analyze("BEGIN { x = NULL; y = (ipaddr_t)1; }", kernel_types);
  EXPECT_TRUE(asked.empty());  // a program that names no kernel type reads no BTF
  EXPECT_EQ(Error("BEGIN { x = sizeof (in6_addr_t); }", kernel_types),
            "[D_TYPE_ERR] type 'struct in6_addr' is not defined");
  ASSERT_FALSE(asked.empty());
  for (const std::string& name : asked) EXPECT_EQ(name, "struct in6_addr");
}

TEST(AnalyzerInferenceTest, ThreadLocalAssociativeArrays) {
  auto a = Analyze(
      "BEGIN /self->ts[1] == 0/ { trace(self->names[pid, \"x\"]); self->ts[arg0] = 0; }\n"
      "BEGIN { self->ts[arg0] = timestamp; self->names[pid, \"x\"] = execname; }\n"
      "BEGIN { self->st[stackdepth] = timestamp; self->n[\"k\"]++; }");
  const Variable& ts = Var(a->info.thread_vars, "ts");
  EXPECT_TRUE(ts.is_assoc);
  EXPECT_EQ(ts.scope, ast::VarScope::kSelf);
  EXPECT_EQ(ts.type, a->types.Uint64());  // the 0 that frees it does not type it
  ASSERT_EQ(ts.key_types.size(), 1u);
  EXPECT_TRUE(ts.key_types[0]->IsInteger());
  const Variable& names = Var(a->info.thread_vars, "names");
  ASSERT_EQ(names.key_types.size(), 2u);
  EXPECT_TRUE(names.key_types[1]->IsString());
  EXPECT_TRUE(names.type->IsString());
  EXPECT_EQ(Var(a->info.thread_vars, "n").type, a->types.Int64());  // only ever updated
  EXPECT_TRUE(Var(a->info.thread_vars, "st").is_assoc);
  // A global of the same name is another variable.
  auto b = Analyze("BEGIN { self->a[1] = \"s\"; a[1] = 2; }");
  EXPECT_TRUE(Var(b->info.thread_vars, "a").type->IsString());
  EXPECT_TRUE(Var(b->info.globals, "a").type->IsInteger());
}

TEST(AnalyzerInferenceTest, ThreadLocalArrayErrors) {
  EXPECT_EQ(Error("BEGIN { self->a[1] = 1; trace(self->a); }"),
            "[D_IDENT_BADREF] a is an associative array and must be indexed");
  EXPECT_EQ(Error("BEGIN { self->a[1] = 1; self->a = 2; }"),
            "[D_IDENT_BADREF] a is an associative array and must be indexed");
  EXPECT_EQ(Error("BEGIN { self->a[1] = 1; trace(self->a[\"k\"]); }"),
            "[D_ARR_BADREF] a[ ] key #1 is incompatible with prototype");
  EXPECT_EQ(Error("BEGIN { self->a[1] = 1; trace(self->a[1, 2]); }"),
            "[D_ARR_BADREF] a[ ] key signature mismatch: 2 keys passed, 1 expected");
  EXPECT_EQ(Error("BEGIN { self->a[1] = 1; self->a[2] = \"s\"; }"),
            "[D_OP_INCOMPAT] operands have incompatible types: \"int\" = \"string\"");
  EXPECT_EQ(Error("BEGIN { trace(self->never[1]); }"),
            "[D_IDENT_UNDEF] failed to resolve self->never: Unknown variable name");
  // A string element is freed by 0, as any dynamic variable.
  EXPECT_EQ(Error("BEGIN { self->s[1] = execname; self->s[1] = 0; }"), "");
}

TEST(AnalyzerInferenceTest, StringIndexingGivesAChar) {
  auto a = Analyze("BEGIN { s = \"abc\"; c = s[1]; d = execname[0]; e = \"xy\"[0]; }");
  EXPECT_EQ(Var(a->info.globals, "c").type, a->types.Char());
  EXPECT_EQ(Var(a->info.globals, "d").type, a->types.Char());
  EXPECT_EQ(Var(a->info.globals, "e").type, a->types.Char());
  EXPECT_EQ(Error("BEGIN { s = \"abc\"; trace(s[\"x\"]); }"),
            "[D_IDX_TYPE] index of operator [ ] must be of integral type, not \"string\"");
  EXPECT_EQ(Error("BEGIN { s = \"abc\"; trace(s[1, 2]); }"),
            "[D_IDX_TYPE] operator [ ] takes one index for a string");
  EXPECT_EQ(Error("BEGIN { s = \"abc\"; s[0] = 'x'; }"),
            "[D_OP_LVAL] kernel memory cannot be modified");
}

TEST(AnalyzerInferenceTest, ClocksAreTypedAsDTraceTypesThem) {
  auto a = Analyze("BEGIN { t = timestamp; w = walltimestamp; }");
  const Type* t = StripTypedefs(Var(a->info.globals, "t").type);
  const Type* w = StripTypedefs(Var(a->info.globals, "w").type);
  EXPECT_EQ(t->size, 8u);
  EXPECT_FALSE(t->is_signed);
  EXPECT_EQ(w->size, 8u);
  EXPECT_TRUE(w->is_signed);
  // The seed's telemetry script prints seconds with %lli.
  EXPECT_EQ(Error("BEGIN { printf(\" %lli\\n\", walltimestamp / 1000000000); }"), "");
}

TEST(AnalyzerInferenceTest, CurcpuMembersHaveCpuinfoTypes) {
  auto a = Analyze(
      "BEGIN { cpuid = curcpu->cpu_id; pset = curcpu->cpu_pset; mhz = curcpu->cpu_info.pi_clock; "
      "type = curcpu->cpu_info.pi_processor_type; }");
  EXPECT_EQ(StripTypedefs(Var(a->info.globals, "cpuid").type)->size, 4u);
  EXPECT_TRUE(StripTypedefs(Var(a->info.globals, "pset").type)->is_signed);
  EXPECT_EQ(StripTypedefs(Var(a->info.globals, "mhz").type)->size, 4u);
  EXPECT_TRUE(Var(a->info.globals, "type").type->IsString());
  // A translated struct is used through its members only.
  EXPECT_NE(Error("BEGIN { trace(curcpu->cpu_info); }"), "");
}

TEST(AnalyzerInferenceTest, FdsTakesOneIntegerKey) {
  EXPECT_EQ(Error("BEGIN { trace(fds[0, 1].fi_name); }"),
            "[D_ARR_BADREF] fds[ ] key signature mismatch: 2 keys passed, 1 expected");
  EXPECT_EQ(Error("BEGIN { trace(fds[\"0\"].fi_name); }"),
            "[D_IDX_TYPE] fds[ ] index must be an integer");
}

}  // namespace
}  // namespace dt
