// Option amin (stability_check.h): which node DTrace names first, with
// which attributes, against the fake kernel's probes.
#include "sema/stability_check.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

using S = Stability;
using C = DependencyClass;

constexpr Attributes kStableCommon{S::kStable, S::kStable, C::kCommon};

// curthread's type, without the kernel's BTF; on the program's first line.
constexpr const char* kTaskStruct = "struct task_struct { int pid; }; ";

// The D_ATTR_MIN message (and line) analyzing `source` with amin set to
// `minimum` gives; "" when it compiles.
std::string Violation(const std::string& source, const Attributes& minimum = kStableCommon) {
  try {
    AnalyzeSource(kTaskStruct + source, [&](Analyzer& a) { a.set_attribute_minimum(minimum); });
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_ATTR_MIN") << e.what();
    return "line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

// The violation CheckClauseStability finds in the last clause of `source`
// (analyzed without amin) when its description is Standard/Standard/Common
// and amin `minimum`: for the nodes whose attributes only such a minimum
// is above.
std::string ViolationAbove(const std::string& source, const Attributes& minimum) {
  auto a = AnalyzeSource(source);
  const auto& clause = std::get<ast::Clause>(a->program.items.back());
  Attributes standard{S::kStandard, S::kStandard, C::kCommon};
  DescriptionStability d{standard, {standard, standard, standard, standard, standard}};
  try {
    CheckClauseStability(clause, d, minimum, StabilityNames{});
  } catch (const CompileError& e) {
    return "line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

TEST(StabilityCheckTest, NothingIsCheckedWithoutAMinimum) {
  EXPECT_NO_THROW(
      AnalyzeSource(std::string(kTaskStruct) + "syscall::read:entry { trace(curthread); }"));
}

TEST(StabilityCheckTest, TheClauseHasItsDescriptionsAttributes) {
  // The function row (Unstable/Unstable/ISA) counts when the description
  // names a function; the check is at the clause's closing brace.
  EXPECT_EQ(Violation("syscall::read:entry\n{\n}\n"),
            "line 3: attributes for clause (Unstable/Unstable/ISA) are less than predefined "
            "minimum");
  // Without a provider the description is Unstable, whatever it matches.
  EXPECT_EQ(Violation("BEGIN {}"),
            "line 1: attributes for clause (Unstable/Unstable/Common) are less than predefined "
            "minimum");
  EXPECT_EQ(Violation("dtrace:::BEGIN { trace(1); exit(0); }"), "");
  // Many probes from a provider whose argument data is below Evolving.
  EXPECT_EQ(Violation("syscall:::entry {}", {S::kUnstable, S::kUnstable, C::kIsa}), "");
  EXPECT_EQ(Violation("syscall:::entry {}", {S::kUnstable, S::kUnstable, C::kCommon}), "");
  EXPECT_EQ(Violation("syscall::read:entry {}", {S::kUnstable, S::kUnstable, C::kCommon}),
            "line 1: attributes for clause (Unstable/Unstable/ISA) are less than predefined "
            "minimum");
}

TEST(StabilityCheckTest, BuiltinsHaveDTracesAttributes) {
  EXPECT_EQ(Violation("dtrace:::BEGIN\n{\n\ttrace(curthread);\n}"),
            "line 3: attributes for scalar curthread (Stable/Private/Common) are less than "
            "predefined minimum");
  EXPECT_EQ(Violation("dtrace:::BEGIN { trace(pid + timestamp); trace(probename); }"), "");
  // probemod has the provider's module row.
  EXPECT_EQ(Violation("dtrace:::BEGIN { trace(probemod); }"),
            "line 1: attributes for scalar probemod (Private/Private/Unknown) are less than "
            "predefined minimum");
  EXPECT_EQ(Violation("dtrace:::BEGIN { trace(htons(1)); }"),
            "line 1: attributes for function htons( ) (Evolving/Evolving/Common) are less than "
            "predefined minimum");
  EXPECT_EQ(ViolationAbove("dtrace:::BEGIN { @[1] = count(); printa(@); }",
                           {S::kStandard, S::kStable, C::kCommon}),
            "line 1: attributes for aggregation @ (Stable/Stable/Common) are less than "
            "predefined minimum");
}

TEST(StabilityCheckTest, OperandsComeBeforeTheirOperator) {
  EXPECT_EQ(Violation("dtrace:::BEGIN { x = 1 + (int)curthread; }"),
            "line 1: attributes for scalar curthread (Stable/Private/Common) are less than "
            "predefined minimum");
  // Constants are Stable/Stable/Common but not checked themselves.
  EXPECT_EQ(ViolationAbove("dtrace:::BEGIN\n{\n\ttrace(1 + 2);\n}",
                           {S::kStandard, S::kStable, C::kCommon}),
            "line 3: attributes for operator + (Stable/Stable/Common) are less than predefined "
            "minimum");
  EXPECT_EQ(ViolationAbove("dtrace:::BEGIN { trace(\"a\\tb\"); }",
                           {S::kStandard, S::kStable, C::kCommon}),
            "line 1: attributes for tracing function trace( ) (Stable/Stable/Common) are less "
            "than predefined minimum");
  // Actions before the predicate, as DTrace checks them.
  EXPECT_EQ(Violation("dtrace:::BEGIN\n/probemod == \"\"/\n{\n\ttrace(curthread);\n}"),
            "line 4: attributes for scalar curthread (Stable/Private/Common) are less than "
            "predefined minimum");
  EXPECT_EQ(Violation("dtrace:::BEGIN\n/probemod == \"\"/\n{\n}"),
            "line 2: attributes for scalar probemod (Private/Private/Unknown) are less than "
            "predefined minimum");
}

TEST(StabilityCheckTest, MinimaAreFieldByFieldComparisonsAreNot) {
  // The predicate (Stable/Private/Common) and the actions (args[]:
  // Unstable/Unstable/ISA) each meet Unstable/Unstable/ISA, but the clause
  // takes their minimum, Unstable/Private/ISA, which does not.
  Attributes minimum{S::kUnstable, S::kUnstable, C::kIsa};
  EXPECT_EQ(Violation("syscall::read:entry /curthread == 0/ { trace(args[0]); }", minimum),
            "line 1: attributes for clause (Unstable/Private/ISA) are less than predefined "
            "minimum");
  EXPECT_EQ(Violation("syscall::read:entry /pid == 0/ { trace(args[0]); }", minimum), "");
}

TEST(StabilityCheckTest, KernelTypesArePrivate) {
  // Type names are read from the tree as written (the analyzer runs this
  // check on every clause before the clauses themselves).
  ast::Program p = ParseProgram(
      "dtrace:::BEGIN\n{\n\ttrace(curthread);\n\ttrace((uint64_t)0);\n"
      "\ttrace(sizeof(struct sk_buff *));\n}",
      MacroEnv{});
  StabilityNames names;
  names.is_d_type = [](const std::string& name) { return name == "uint64_t"; };
  try {
    CheckTypeNameStability(std::get<ast::Clause>(p.items.back()), kStableCommon, names);
    ADD_FAILURE() << "no violation";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.line(), 5);
    EXPECT_STREQ(e.what(),
                 "attributes for type struct sk_buff * (Private/Private/Unknown) are less than "
                 "predefined minimum");
  }
  // D's own types are Stable.
  EXPECT_EQ(Violation("struct t { int a; };\ndtrace:::BEGIN { trace(sizeof(struct t)); "
                      "trace((uint64_t)1); }"),
            "");
}

TEST(StabilityCheckTest, KernelSymbolsArePrivate) {
  auto symbol_violation = [](const std::string& source) -> std::string {
    Analyzed a;
    a.program = ParseProgram(source, MacroEnv{});
    AnalyzerOptions options;
    options.kernel_variable_type = [&](const std::string&) { return a.types.Int32(); };
    options.kernel_symbol_address = [](const std::string&, const std::string&) {
      return std::optional<uint64_t>(0x1000);
    };
    Analyzer analyzer(a.types, a.probes, a.info, options);
    analyzer.set_attribute_minimum(kStableCommon);
    try {
      analyzer.Analyze(a.program, 0);
    } catch (const CompileError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(symbol_violation("dtrace:::BEGIN { trace(`max_pid); }"),
            "attributes for symbol vmlinux`max_pid (Private/Private/Unknown) are less than "
            "predefined minimum");
  EXPECT_EQ(symbol_violation("dtrace:::BEGIN { trace(vmlinux`jiffies + 1); }"),
            "attributes for symbol vmlinux`jiffies (Private/Private/Unknown) are less than "
            "predefined minimum");
}

TEST(StabilityCheckTest, ArgsHaveTheProvidersArgumentRow) {
  auto a = AnalyzeSource("syscall::read:entry { trace(args[0]); }");
  const auto& clause = std::get<ast::Clause>(a->program.items.back());
  DescriptionStability d{kStableCommon, SyscallProvider().Attributes()};
  d.context.args = {S::kPrivate, S::kPrivate, C::kIsa};
  StabilityNames names;
  try {
    CheckClauseStability(clause, d, kStableCommon, names);
    ADD_FAILURE() << "no violation";
  } catch (const CompileError& e) {
    EXPECT_STREQ(e.what(),
                 "attributes for associative array args (Private/Private/ISA) are less than "
                 "predefined minimum");
  }
}

TEST(StabilityCheckTest, DescriptionsFollowDTracesRules) {
  ProbeRegistry probes = FakeProbeRegistry();
  auto describe = [&](const std::string& spec) {
    return DescribeStability(SplitProbeSpec(spec), probes.Match(spec));
  };
  EXPECT_EQ(describe("dtrace:::BEGIN").clause, kStableCommon);
  EXPECT_EQ(describe("dtrace:::BEGIN").context.module,
            (Attributes{S::kPrivate, S::kPrivate, C::kUnknown}));
  Attributes unstable{S::kUnstable, S::kUnstable, C::kCommon};
  EXPECT_EQ(describe("BEGIN").clause, unstable);
  EXPECT_EQ(describe("BEGIN").context.args, kStableCommon);  // the provider's own rows
  EXPECT_EQ(describe("syscall:::entry").context.args, unstable);
  EXPECT_EQ(DescribeStability(SplitProbeSpec("nothing:::here"), {}).clause, unstable);
}

}  // namespace
}  // namespace dt
