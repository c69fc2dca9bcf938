// A D source parsed, analyzed against the fake kernel's probes and compiled
// to BPF (no tracefs, no root), for the code generator's tests.
#pragma once

#include <memory>
#include <string>

#include "codegen/codegen.h"
#include "frontend/parser.h"
#include "providers/fake_probes_test_util.h"
#include "sema/analyzer.h"

namespace dt {

struct Compiled {
  TypeTable types;
  ProbeRegistry probes = FakeProbeRegistry();
  ProgramInfo info;
  ast::Program program;
  CompiledProgram out;
};

// Throws what the analysis or the code generator throws.
inline std::unique_ptr<Compiled> Compile(const std::string& source,
                                         const CodegenOptions& options = CodegenOptions{}) {
  auto c = std::make_unique<Compiled>();
  c->program = ParseProgram(source, MacroEnv{});
  Analyzer analyzer(c->types, c->probes, c->info, AnalyzerOptions{});
  analyzer.Analyze(c->program, 0);
  c->out = GenerateCode(c->info, c->types, options);
  return c;
}

}  // namespace dt
