// Semantic analysis of a D source against the fake kernel's probes (no
// tracefs, no root), for the sema tests.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {

struct Analyzed {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  ast::Program program;
};

// Throws what the analysis throws. `configure` sets options on the analyzer
// first (stack depths, ...).
inline std::unique_ptr<Analyzed> AnalyzeSource(
    const std::string& source, const std::function<void(Analyzer&)>& configure = nullptr) {
  auto a = std::make_unique<Analyzed>();
  a->program = ParseProgram(source, MacroEnv{});
  Analyzer analyzer(a->types, a->probes, a->info, AnalyzerOptions{});
  if (configure) configure(analyzer);
  analyzer.Analyze(a->program, 0);
  return a;
}

// The expression statement the last clause starts with.
inline const ast::Expr& FirstExpr(const Analyzed& a) {
  const auto& clause = std::get<ast::Clause>(a.program.items.back());
  return *clause.body.front()->expr;
}

}  // namespace dt
