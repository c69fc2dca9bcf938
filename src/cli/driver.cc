#include "cli/driver.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include "cli/options.h"
#include "cli/probe_listing.h"
#include "cli/run_settings.h"
#include "cli/script_file.h"
#include "cli/script_preprocessor.h"
#include "cli/stop_signals.h"
#include "cli/target_process.h"
#include "cli/tracing_session.h"
#include "codegen/codegen.h"
#include "codegen/disasm.h"
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/pid_provider.h"
#include "providers/provider.h"
#include "runtime/kallsyms.h"
#include "runtime/kernel_info.h"
#include "runtime/privileges.h"
#include "runtime/system_map.h"
#include "sema/analyzer.h"
#include "sema/btf_types.h"
#include "sema/d_library.h"

namespace dt {

namespace {

struct Compiled {
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
  if (s.kind == ProgramSource::Kind::kProbeDesc || s.kind == ProgramSource::Kind::kProbeId ||
      s.kind == ProgramSource::Kind::kScript)
    return s.text;
  size_t end = s.text.find_first_of("/{");
  std::string desc = s.text.substr(0, end);
  while (!desc.empty() && isspace(static_cast<unsigned char>(desc.back()))) desc.pop_back();
  std::string rest = end == std::string::npos ? "" : " " + s.text.substr(end);
  const char* pad = s.kind == ProgramSource::Kind::kProvider ? ":::"
                    : s.kind == ProgramSource::Kind::kModule ? "::"
                                                             : ":";
  return desc + pad + rest;
}

// "failed to set -x strsize", "failed to set -b 99999999g": what was typed.
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

std::string OptionLabel(const OptionSetting& o) {
  if (o.flag == 'x') return "-x " + o.name;
  return std::string("-") + o.flag + " " + o.value;
}

}  // namespace

// Whether a clause of `program` names a pid provider probe of process pid.
bool NamesPidProbes(const ast::Program& program, int pid) {
  for (const ast::TopLevel& item : program.items)
    if (const auto* clause = std::get_if<ast::Clause>(&item))
      for (const ast::ProbeSpec& spec : clause->probes)
        if (PidOfProviderName(SplitProbeSpec(spec.text).provider) == pid) return true;
  return false;
}

int RunDtrace(int argc, char** argv) {
  Options opts;
  try {
    opts = ParseOptions(argc, argv);
  } catch (const UsageError& e) {
    if (e.what()[0]) fprintf(stderr, "%s\n", e.what());
    if (e.show_usage()) fputs(UsageText(argv[0]).c_str(), stderr);
    return e.exit_status();
  }
  if (opts.help) {
    fputs(UsageText(argv[0]).c_str(), stdout);
    return 0;
  }
  if (opts.show_version) {
    printf("dtrace: Sun D 1.13 (dtrace-ebpf, D compiled to eBPF)\n");
    return 0;
  }

  if (!opts.list && opts.sources.empty()) {
    fputs(UsageText(argv[0]).c_str(), stderr);
    return 2;
  }
  // Before anything looks at the kernel's probes (tracefs is root's only),
  // so every program and -l get the same answer without privileges.
  try {
    runtime::CheckBpfAvailable();
  } catch (const RuntimeError& e) {
    fprintf(stderr, "dtrace: %s\n", e.what());
    return 1;
  }

  RunSettings settings;
  for (const OptionSetting& o : opts.xopts) {
    try {
      settings.Set(o.name, o.value);
    } catch (const OptionError& e) {
      fprintf(stderr, "dtrace: failed to set %s: %s\n", OptionLabel(o).c_str(), e.what());
      return 1;
    }
  }

  FILE* out = stdout;
  if (!opts.output_file.empty()) {
    out = fopen(opts.output_file.c_str(), "a");  // dtrace(1) appends, it never truncates
    if (out == nullptr) {
      fprintf(stderr, "dtrace: failed to open output file '%s': %s\n", opts.output_file.c_str(),
              strerror(errno));
      return 1;
    }
  }

  std::optional<TargetProcess> target;  // kills a -c process on every way out
  Compiled* failing = nullptr;
  std::vector<Compiled> library;  // outlives analysis: inlines keep pointers into it
  std::vector<Compiled> programs;
  try {
    ProbeRegistry registry;
    if (!opts.commands.empty()) {
      target.emplace(TargetProcess::Launch(opts.commands.front()));
    } else if (!opts.pids.empty()) {
      target.emplace(TargetProcess::Grab(opts.pids.front()));
    }
    if (opts.list) {
      // pid probes of a -c process name the libraries it starts with.
      if (target) target->RunToEntry();
      PrintProbeListing(registry, opts, out, target ? target->pid() : 0);
      return 0;
    }

    MacroEnv macros;
    macros.named["pid"] = std::to_string(getpid());
    macros.named["ppid"] = std::to_string(getppid());
    macros.named["uid"] = std::to_string(getuid());
    macros.named["gid"] = std::to_string(getgid());
    macros.named["target"] = std::to_string(target ? target->pid() : 0);
    macros.named["sid"] = std::to_string(getsid(0));
    macros.named["pgid"] = std::to_string(getpgid(0));

    TypeTable types(settings.strsize);
    BtfTypeSource kernel_types(types);  // reads BTF only when a kernel type is named
    kernel_types.InstallAsFallback();
    ProgramInfo info;
    AnalyzerOptions aopts;
    aopts.allow_zero_matches = settings.zdefs;
    aopts.kernel_variable_type = [&](const std::string& name) {
      return kernel_types.LookupVariable(name);
    };
    aopts.kernel_symbol_address = [](const std::string& module, const std::string& name) {
      const runtime::KernelSymbols& syms = runtime::KernelSymbols::Kernel();
      std::optional<runtime::KernelSymbolDef> def = syms.Lookup(name, module);
      // Per-CPU variables are listed with their offset in the per-CPU area.
      if (def && def->address >= 0xffff000000000000ull) return std::optional(def->address);
      // Without CONFIG_KALLSYMS_ALL kallsyms has no data symbols: System.map does.
      std::optional<uint64_t> stext = syms.AddressOf("_stext");
      if (!module.empty() || !stext) return std::optional<uint64_t>();
      return runtime::SystemMapAddress(name, runtime::DefaultSystemMapPath(), *stext);
    };
    Analyzer analyzer(types, registry, info, aopts);

    for (LibraryFile& f : LoadDLibrary(opts.lib_dirs)) {
      Compiled c;
      c.source.kind = ProgramSource::Kind::kScript;
      c.source.text = f.name;
      c.text = std::move(f.text);
      library.push_back(std::move(c));
    }
    std::set<std::string> library_typedefs;
    for (Compiled& c : library) {
      failing = &c;
      c.ast = ParseProgram(c.text, MacroEnv{});
      analyzer.AnalyzeLibrary(c.ast);
      for (const ast::TopLevel& item : c.ast.items)
        if (auto* td = std::get_if<ast::TypedefDecl>(&item)) library_typedefs.insert(td->name);
    }
    failing = nullptr;

    programs.reserve(opts.sources.size());
    for (const ProgramSource& s : opts.sources) {
      Compiled c;
      c.source = s;
      if (s.kind == ProgramSource::Kind::kScript) {
        c.text = ReadScriptFile(s.text);
        c.label = "script '" + s.text + "'";
      } else {
        c.text = ProgramTextFor(s);
        std::string desc = s.text.substr(0, s.text.find_first_of("/{"));
        c.label = "description '" + desc + "'";
      }
      programs.push_back(std::move(c));
    }
    for (size_t i = 0; i < programs.size(); ++i) {
      Compiled& c = programs[i];
      failing = &c;
      macros.args.clear();
      macros.args.push_back(c.source.kind == ProgramSource::Kind::kScript ? c.source.text
                                                                          : std::string(argv[0]));
      for (const std::string& a : opts.script_args) macros.args.push_back(a);
      macros.default_args = settings.default_args;
      macros.arg_ref = settings.arg_ref;
      macros.source_is_file = c.source.kind == ProgramSource::Kind::kScript;
      macros.typedef_names = library_typedefs;
      if (opts.cpp && c.source.kind == ProgramSource::Kind::kScript) {
        PreprocessedScript preprocessed = PreprocessScript(c.source.text, c.text, opts);
        c.text = std::move(preprocessed.text);
        c.line_map = std::move(preprocessed.line_map);
      }
      c.ast = ParseProgram(c.text, macros);
      for (const ast::TopLevel& item : c.ast.items)
        if (auto* p = std::get_if<ast::PragmaOption>(&item)) {
          try {
            settings.Set(p->name, p->value);
          } catch (const OptionError& e) {
            std::string value = p->value.empty() ? "" : " to '" + Excerpt(p->value) + "'";
            throw CompileError(
                "D_PRAGMA_OPTSET", p->line,
                "failed to set option '" + Excerpt(p->name) + "'" + value + ": " + e.what());
          }
        }
      types.set_strsize(settings.strsize);
      analyzer.set_stack_frames(settings.stack_frames);
      // The libraries a -c process starts with are mapped once the dynamic
      // linker has run: only then can its pid probes name them.
      if (target && NamesPidProbes(c.ast, target->pid())) target->RunToEntry();
      c.matched = analyzer.Analyze(c.ast, static_cast<int>(i));
    }
    failing = nullptr;

    CodegenOptions cg;
    cg.strsize = settings.strsize;
    cg.bufsize = 4096;  // the ring must be a power of two, at least a page
    while (cg.bufsize < settings.bufsize && cg.bufsize < kMaxBufferSize) cg.bufsize <<= 1;
    cg.aggsize_bytes = settings.aggsize;
    cg.tracing_text = TracingText;
    cg.wall_offset_ns = runtime::WalltimeOffsetNs();
    for (const auto& p : registry.probes())
      ++cg.probes_per_group[{p->owner, p->owner->ProgramGroup(*p)}];
    if (info.uses_task_offsets) {
      // The same BTF the program's types came from: read once per run.
      auto task_offset = [&](const char* path) {
        std::optional<uint64_t> off = kernel_types.MemberOffset("struct task_struct", path);
        if (!off) throw RuntimeError(std::string("kernel BTF: struct task_struct has no ") + path);
        return static_cast<uint32_t>(*off);
      };
      cg.task_parent_offset = task_offset("real_parent");
      cg.task_tgid_offset = task_offset("tgid");
      cg.task_cputime_offset = task_offset("se.sum_exec_runtime");
      cg.task_pid_offset = task_offset("pid");
      cg.task_comm_offset = task_offset("comm");
    }
    CompiledProgram compiled;
    try {
      compiled = GenerateCode(info, types, cg);
    } catch (const CompileError&) {
      failing = &programs.back();
      throw;
    }

    if (opts.show_bpf) {
      for (const ProgramDef& p : compiled.programs) {
        fprintf(stderr, "BPF program for %s (%zu instructions):\n", p.name.c_str(), p.insns.size());
        fputs(DisassembleBpf(p.insns, [&](int m) { return compiled.maps.at(m).name; }).c_str(),
              stderr);
      }
    }
    if (opts.compile_only) return 0;

    int total_matched = 0;
    for (const Compiled& c : programs) {
      total_matched += c.matched;
      if (settings.quiet) continue;
      fprintf(stderr, "dtrace: %s matched %d probe%s\n", c.label.c_str(), c.matched,
              c.matched == 1 ? "" : "s");
    }
    // Programs with no clause at all (an empty script): nothing to trace.
    if (total_matched == 0 && !settings.zdefs) {
      fprintf(stderr, "dtrace: no probes matched\n");
      return 1;
    }
    if (settings.bufsize > kMaxBufferSize) {
      // DTrace's bufresize=auto: use the largest buffer there is, and say so.
      if (settings.bufresize_manual) {
        fprintf(stderr,
                "dtrace: could not enable tracing: %s (bufresize=manual, and the largest "
                "buffer is %s)\n",
                strerror(ENOMEM), FormatSizeForNotice(kMaxBufferSize).c_str());
        return 1;
      }
      fprintf(stderr, "dtrace: buffer size lowered to %s\n",
              FormatSizeForNotice(kMaxBufferSize).c_str());
    }

    if (info.destructive && !settings.destructive) {
      fprintf(stderr, "dtrace: could not enable tracing: Destructive actions not allowed\n");
      return 1;
    }

    StopSignals stop;

    SessionOptions so;
    so.quiet = settings.quiet;
    so.strsize = settings.strsize;
    so.stack_indent = settings.stack_indent;
    so.sort = settings.sort;
    so.target = target ? &*target : nullptr;
    so.switchrate_ns = settings.switchrate_ns;
    TracingSession session(std::move(compiled), registry, so, stop, out);
    int status = session.Run();
    if (out != stdout) fclose(out);
    return status;
  } catch (const CompileError& e) {
    bool from_file = failing && failing->source.kind == ProgramSource::Kind::kScript;
    // dtrace(1) gives line numbers for scripts, not for -n programs.
    std::string msg = from_file ? failing->line_map.Format(e, settings.errtags)
                                : CompileError(e.tag(), 0, e.what()).Format(settings.errtags);
    if (from_file) {
      fprintf(stderr, "dtrace: failed to compile script %s: %s\n", failing->source.text.c_str(),
              msg.c_str());
    } else if (failing) {
      fprintf(stderr, "dtrace: invalid probe specifier %s: %s\n", failing->text.c_str(),
              msg.c_str());
    } else {
      fprintf(stderr, "dtrace: %s\n", msg.c_str());
    }
    return 1;
  } catch (const RuntimeError& e) {
    fprintf(stderr, "dtrace: %s\n", e.what());
    return 1;
  }
}

}  // namespace dt
