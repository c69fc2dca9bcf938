#include "cli/compile_step.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "cli/script_file.h"
#include "cli/script_preprocessor.h"
#include "cli/usdt_provider_file.h"
#include "codegen/codegen.h"
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/pid_provider.h"
#include "providers/provider.h"
#include "providers/usdt_provider.h"
#include "runtime/kallsyms.h"
#include "runtime/kernel_info.h"
#include "runtime/kernel_variable_address.h"
#include "sema/analyzer.h"
#include "sema/btf_types.h"
#include "sema/d_library.h"

namespace dt {

namespace {

using SourceKind = ProgramSource::Kind;

// One program (a command-line source or a D library file) on its way
// through the compiler.
struct SourceUnit {
  ProgramSource source;
  std::string text;   // program text
  std::string label;  // "description 'X'" or "script 'x.d'"
  ast::Program ast;
  int matched = 0;
  LineMap line_map;  // -C: the script lines behind the preprocessed text
};

// -P/-m/-f name fewer fields than a full description: pad them so the
// name is in the right position ("syscall" -> "syscall:::").
std::string ProgramTextFor(const ProgramSource& s) {
  if (s.kind == SourceKind::kProbeDesc || s.kind == SourceKind::kProbeId ||
      s.kind == SourceKind::kScript)
    return s.text;
  size_t end = s.text.find_first_of("/{");
  std::string desc = s.text.substr(0, end);
  while (!desc.empty() && isspace(static_cast<unsigned char>(desc.back()))) desc.pop_back();
  std::string rest = end == std::string::npos ? "" : " " + s.text.substr(end);
  const char* pad = s.kind == SourceKind::kProvider ? ":::"
                    : s.kind == SourceKind::kModule ? "::"
                                                    : ":";
  return desc + pad + rest;
}

SourceUnit ReadSource(const ProgramSource& s) {
  SourceUnit unit;
  unit.source = s;
  if (s.kind == SourceKind::kScript) {
    unit.text = ReadScriptFile(s.text);
    unit.label = "script '" + s.text + "'";
  } else {
    unit.text = ProgramTextFor(s);
    std::string desc = s.text.substr(0, s.text.find_first_of("/{"));
    unit.label = "description '" + desc + "'";
  }
  return unit;
}

// The kernel text of a raw tracepoint's tracing machinery, from kallsyms:
// every bpf_trace_runN, and the tracepoint's thunk and iterator. Ranges that
// touch (or are a few bytes apart, the size of a thunk between them) merge.
std::vector<TextRange> TracingText(const std::string& raw_tracepoint) {
  const runtime::KernelSymbols& symbols = runtime::KernelSymbols::Kernel();
  if (!symbols.ok()) return {};
  std::vector<std::string> names = {"__bpf_trace_" + raw_tracepoint,
                                    "__traceiter_" + raw_tracepoint};
  for (int n = 1; n <= 12; ++n) names.push_back("bpf_trace_run" + std::to_string(n));
  std::vector<TextRange> ranges;
  for (const std::string& name : names) {
    if (auto extent = symbols.TextExtent(name)) ranges.push_back({extent->first, extent->second});
  }
  std::sort(ranges.begin(), ranges.end(),
            [](const TextRange& a, const TextRange& b) { return a.start < b.start; });
  constexpr uint64_t kMergeGap = 64;
  std::vector<TextRange> merged;
  for (const TextRange& r : ranges) {
    if (!merged.empty() && r.start <= merged.back().end + kMergeGap) {
      merged.back().end = std::max(merged.back().end, r.end);
    } else {
      merged.push_back(r);
    }
  }
  return merged;
}

// The compiler's state across sources: they share one type table, one
// analyzer and one ProgramInfo, and a #pragma D option holds from its
// source on (code generation sees the last value).
class Compiler {
 public:
  Compiler(const Options& options, RunSettings settings, ProbeRegistry& registry,
           const CompileContext& context);
  Compiler(const Compiler&) = delete;
  Compiler& operator=(const Compiler&) = delete;

  // Throws CompileError (failing_ says which source it is about) or
  // RuntimeError.
  CompiledRun Compile();
  DtraceError Describe(const CompileError& e) const;

 private:
  void AnalyzeLibrary();
  void ParseSource(size_t index);
  void SetScriptProviders();
  void AnalyzeSupportClauses();
  void AnalyzeSource(size_t index);
  MacroEnv MacrosFor(const SourceUnit& unit) const;
  void ApplyPragmas(const ast::Program& program);
  CodegenOptions CodegenSettings();

  const Options& options_;
  RunSettings settings_;
  ProbeRegistry& registry_;
  const CompileContext& context_;
  std::map<std::string, std::string> process_macros_;
  // Outlive the analyzer: inlines keep pointers into their trees.
  std::vector<SourceUnit> library_;
  std::vector<SourceUnit> programs_;
  std::set<std::string> library_typedefs_;
  std::deque<SourceUnit> support_;  // Provider::SupportClauses
  const SourceUnit* failing_ = nullptr;
  TypeTable types_;
  BtfTypeSource kernel_types_;  // reads BTF only when a kernel type is named
  ProgramInfo info_;
  Analyzer analyzer_;
};

Compiler::Compiler(const Options& options, RunSettings settings, ProbeRegistry& registry,
                   const CompileContext& context)
    : options_(options),
      settings_(std::move(settings)),
      registry_(registry),
      context_(context),
      process_macros_(ProcessMacros(context.target_pid)),
      types_(settings_.StringStorage()),
      kernel_types_(types_),
      analyzer_(
          types_, registry, info_,
          AnalyzerOptions{
              .allow_zero_matches = settings_.zdefs,
              .kernel_variable_type =
                  [this](const std::string& name) { return kernel_types_.LookupVariable(name); },
              .kernel_symbol_address = runtime::RunningKernelVariableAddress,
          }) {
  kernel_types_.InstallAsFallback();
}

CompiledRun Compiler::Compile() {
  AnalyzeLibrary();
  programs_.reserve(options_.sources.size());
  for (const ProgramSource& s : options_.sources) programs_.push_back(ReadSource(s));
  for (size_t i = 0; i < programs_.size(); ++i) ParseSource(i);
  SetScriptProviders();
  AnalyzeSupportClauses();
  for (size_t i = 0; i < programs_.size(); ++i) AnalyzeSource(i);
  failing_ = nullptr;

  CodegenOptions cg = CodegenSettings();
  CompiledRun run;
  // What code generation refuses is reported against the last source.
  failing_ = programs_.empty() ? nullptr : &programs_.back();
  run.program = GenerateCode(info_, types_, cg);
  failing_ = nullptr;
  run.settings = settings_;
  for (const SourceUnit& unit : programs_) run.matches.push_back({unit.label, unit.matched});
  run.destructive = info_.destructive;
  return run;
}

void Compiler::AnalyzeLibrary() {
  for (LibraryFile& f : LoadDLibrary(options_.lib_dirs)) {
    SourceUnit unit;
    unit.source.kind = SourceKind::kScript;
    unit.source.text = f.name;
    unit.text = std::move(f.text);
    library_.push_back(std::move(unit));
  }
  for (SourceUnit& unit : library_) {
    failing_ = &unit;
    unit.ast = ParseProgram(unit.text, MacroEnv{});
    analyzer_.AnalyzeLibrary(unit.ast);
    for (const ast::TopLevel& item : unit.ast.items)
      if (auto* td = std::get_if<ast::TypedefDecl>(&item)) library_typedefs_.insert(td->name);
  }
  failing_ = nullptr;
}

namespace {

// Whether a clause of `program` names a pid or usdt provider probe of
// process pid.
bool NamesPidProbes(const ast::Program& program, int pid) {
  auto names_process = [pid](const std::string& provider) {
    if (PidOfProviderName(provider) == pid) return true;
    std::optional<UsdtProviderName> usdt = ParseUsdtProviderName(provider);
    return usdt && usdt->pid == pid;
  };
  for (const ast::TopLevel& item : program.items)
    if (const auto* clause = std::get_if<ast::Clause>(&item))
      for (const ast::ProbeSpec& spec : clause->probes)
        if (pid != 0 && names_process(SplitProbeSpec(spec.text).provider)) return true;
  return false;
}

}  // namespace

void Compiler::ParseSource(size_t index) {
  SourceUnit& unit = programs_[index];
  failing_ = &unit;
  MacroEnv macros = MacrosFor(unit);
  if (options_.cpp && unit.source.kind == SourceKind::kScript) {
    PreprocessedScript preprocessed = PreprocessScript(unit.source.text, unit.text, options_);
    unit.text = std::move(preprocessed.text);
    unit.line_map = std::move(preprocessed.line_map);
  }
  unit.ast = ParseProgram(unit.text, macros);
}

// The provider definitions of the program (a provider file given with -s
// beside the script) type the args[] of the usdt probes they declare, for
// objects that carry no types of their own; checked as -h and -G check them.
void Compiler::SetScriptProviders() {
  std::vector<UsdtScriptProbe> probes;
  for (SourceUnit& unit : programs_) {
    failing_ = &unit;
    AppendUsdtScriptProbes(unit.ast.providers, &probes);
  }
  failing_ = nullptr;
  SetUsdtScriptPrototypes(probes);
}

// The D clauses a provider's probes rely on (Provider::SupportClauses),
// once each, before the program, for every provider a description may
// name. Their matches are not the program's.
void Compiler::AnalyzeSupportClauses() {
  std::set<std::string> texts;
  for (const SourceUnit& unit : programs_)
    for (const ast::TopLevel& item : unit.ast.items)
      if (const auto* clause = std::get_if<ast::Clause>(&item))
        for (const ast::ProbeSpec& spec : clause->probes)
          for (const Provider* provider : AllProviders()) {
            std::string text = provider->SupportClauses(SplitProbeSpec(spec.text));
            if (!text.empty()) texts.insert(std::move(text));
          }
  for (const std::string& text : texts) {
    SourceUnit& unit = support_.emplace_back();
    unit.source.kind = SourceKind::kProbeDesc;
    unit.text = text;
    failing_ = &unit;
    unit.ast = ParseProgram(unit.text, MacroEnv{});
    analyzer_.Analyze(unit.ast, -1);
  }
}

void Compiler::AnalyzeSource(size_t index) {
  SourceUnit& unit = programs_[index];
  failing_ = &unit;
  ApplyPragmas(unit.ast);
  SetUsdtPaths(settings_.usdt_path);
  SetPidPlaceholders(settings_.zdefs);
  SetUsdtPlaceholders(settings_.zdefs);
  types_.set_strsize(settings_.StringStorage());
  analyzer_.set_stack_frames(settings_.stack_frames);
  analyzer_.set_user_stack_frames(settings_.ustack_frames, settings_.jstack_frames);
  analyzer_.set_max_frames(settings_.max_frames);
  analyzer_.set_attribute_minimum(settings_.attribute_minimum);
  if (context_.before_target_pid_probes && NamesPidProbes(unit.ast, context_.target_pid))
    context_.before_target_pid_probes();
  unit.matched = analyzer_.Analyze(unit.ast, static_cast<int>(index));
}

MacroEnv Compiler::MacrosFor(const SourceUnit& unit) const {
  bool from_file = unit.source.kind == SourceKind::kScript;
  MacroEnv macros;
  macros.named = process_macros_;
  macros.args.push_back(from_file ? unit.source.text : context_.program_name);
  for (const std::string& a : options_.script_args) macros.args.push_back(a);
  macros.default_args = settings_.default_args;
  macros.arg_ref = settings_.arg_ref;
  macros.source_is_file = from_file;
  macros.typedef_names = library_typedefs_;
  return macros;
}

void Compiler::ApplyPragmas(const ast::Program& program) {
  for (const ast::TopLevel& item : program.items) {
    auto* p = std::get_if<ast::PragmaOption>(&item);
    if (p == nullptr) continue;
    try {
      settings_.Set(p->name, p->value);
    } catch (const OptionError& e) {
      std::string value = p->value.empty() ? "" : " to '" + Excerpt(p->value) + "'";
      throw CompileError(
          "D_PRAGMA_OPTSET", p->line,
          "failed to set option '" + Excerpt(p->name) + "'" + value + ": " + e.what());
    }
  }
}

CodegenOptions Compiler::CodegenSettings() {
  CodegenOptions cg;
  cg.strsize = settings_.StringStorage();
  cg.string_limit = settings_.strsize;
  cg.bufsize = RingBufferBytes(settings_.bufsize);
  cg.aggsize_bytes = settings_.aggsize;
  cg.dynvar_bytes = settings_.dynvarsize;
  // fill counts the bytes of the records themselves against bufsize (the
  // ring below is only the channel to dtrace, a page at least).
  if (settings_.buf_policy == BufPolicy::kFill)
    cg.fill_limit = std::min<uint64_t>(settings_.bufsize, kMaxBufferSize);
  cg.nspec = static_cast<uint32_t>(settings_.nspec);
  if (settings_.scratch_size > 0) cg.scratchsize = settings_.scratch_size;
  cg.cpu = settings_.cpu;
  cg.tracing_text = TracingText;
  cg.wall_offset_ns = runtime::WalltimeOffsetNs();
  for (const auto& p : registry_.probes())
    ++cg.probes_per_group[{p->owner, p->owner->ProgramGroup(*p)}];
  return cg;
}

DtraceError Compiler::Describe(const CompileError& e) const {
  bool from_file = failing_ && failing_->source.kind == SourceKind::kScript;
  if (from_file) {
    // dtrace(1) gives line numbers for scripts, not for -n programs.
    return {"failed to compile script " + failing_->source.text + ": " +
            failing_->line_map.Format(e, settings_.errtags)};
  }
  if (failing_) {
    return {"invalid probe specifier " + failing_->text + ": " +
            DescribeWithoutLine(e, settings_.errtags).message};
  }
  return DescribeWithoutLine(e, settings_.errtags);
}

}  // namespace

uint32_t RingBufferBytes(uint64_t bufsize) {
  uint32_t bytes = 4096;  // the ring must be a power of two, at least a page
  while (bytes < bufsize && bytes < kMaxBufferSize) bytes <<= 1;
  return bytes;
}

std::map<std::string, std::string> ProcessMacros(int target_pid) {
  return {{"pid", std::to_string(getpid())},      {"ppid", std::to_string(getppid())},
          {"uid", std::to_string(getuid())},      {"gid", std::to_string(getgid())},
          {"target", std::to_string(target_pid)}, {"sid", std::to_string(getsid(0))},
          {"pgid", std::to_string(getpgid(0))}};
}

OrDtraceError<CompiledRun> CompileSources(const Options& options, RunSettings settings,
                                          ProbeRegistry& registry, const CompileContext& context) {
  Compiler compiler(options, std::move(settings), registry, context);
  try {
    return compiler.Compile();
  } catch (const CompileError& e) {
    return compiler.Describe(e);
  } catch (const RuntimeError& e) {
    return DtraceError{e.what()};
  }
}

}  // namespace dt
