// libFuzzer target: the whole compiler on one D script, as `dtrace -e -s`
// runs it (D library, parser, semantic analysis, code generation), without
// loading anything into the kernel. Every input must end in a program or a
// CompileError; anything else is a finding: a crash, a sanitizer report, a
// hang or runaway memory (libFuzzer's -timeout and -rss_limit_mb), another
// exception, or an error message that echoes a long token whole.
//
// Build and run: scripts/fuzz.sh (see fuzz/README.md).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "codegen/codegen.h"
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/probe_registry.h"
#include "runtime/kallsyms.h"
#include "sema/analyzer.h"
#include "sema/btf_types.h"
#include "sema/d_library.h"

namespace {

using namespace dt;

// The longest run of characters without white space an error message may
// hold: a probe description cut by Excerpt() (the longest thing quoted),
// with the quotes and punctuation around it.
constexpr size_t kMaxMessageWord = kMaxQuotedProbeDesc + 8;

[[noreturn]] void Finding(const char* what, const std::string& detail) {
  std::fprintf(stderr, "compile_fuzzer: %s: %.2000s\n", what, detail.c_str());
  std::abort();
}

void CheckMessage(const CompileError& e) {
  std::string msg = e.Format(true);
  size_t run = 0;
  for (char c : msg) {
    run = (c == ' ' || c == '\n' || c == '\t') ? 0 : run + 1;
    if (run > kMaxMessageWord) Finding("error message echoes a long token", msg);
  }
}

void Compile(const std::string& text) {
  // The host's probes, listed once: building the registry costs as much as
  // compiling a small program. Inputs share it; all they can change in it is
  // which profile-N/tick-N probes exist (created on demand), which moves the
  // IDs of later ones and nothing else.
  static ProbeRegistry registry;
  TypeTable types(256);
  BtfTypeSource kernel_types(types);
  kernel_types.InstallAsFallback();
  ProgramInfo info;
  AnalyzerOptions options;
  options.kernel_variable_type = [&](const std::string& name) {
    return kernel_types.LookupVariable(name);
  };
  options.kernel_symbol_address = [](const std::string& module, const std::string& name) {
    std::optional<runtime::KernelSymbolDef> def =
        runtime::KernelSymbols::Kernel().Lookup(name, module);
    return def ? std::optional(def->address) : std::nullopt;
  };
  Analyzer analyzer(types, registry, info, options);

  // As the driver does: library inlines keep pointers into these ASTs.
  std::vector<std::string> library_texts;
  std::vector<ast::Program> library;
  std::set<std::string> library_typedefs;
  for (LibraryFile& f : LoadDLibrary({})) library_texts.push_back(std::move(f.text));
  library.reserve(library_texts.size());
  for (const std::string& t : library_texts) {
    library.push_back(ParseProgram(t, MacroEnv{}));
    analyzer.AnalyzeLibrary(library.back());
    for (const ast::TopLevel& item : library.back().items)
      if (auto* td = std::get_if<ast::TypedefDecl>(&item)) library_typedefs.insert(td->name);
  }

  MacroEnv macros;
  macros.args = {"fuzz.d"};
  for (const char* name : {"pid", "ppid", "uid", "gid", "target", "sid", "pgid"})
    macros.named[name] = "1";
  macros.source_is_file = true;
  macros.typedef_names = library_typedefs;
  ast::Program program = ParseProgram(text, macros);
  analyzer.Analyze(program, 0);

  CodegenOptions cg;
  cg.bufsize = 4096;
  GenerateCode(info, types, cg);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    Compile(text);
  } catch (const CompileError& e) {
    CheckMessage(e);
  } catch (const RuntimeError&) {
    // Set-up failures (e.g. a kernel file that cannot be read) are not the
    // compiler's to find.
  } catch (const std::exception& e) {
    Finding("unexpected exception", e.what());
  }
  return 0;
}
