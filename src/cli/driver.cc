#include "cli/driver.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "cli/options.h"
#include "cli/probe_listing.h"
#include "cli/tracing_session.h"
#include "codegen/codegen.h"
#include "codegen/disasm.h"
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "runtime/kallsyms.h"
#include "runtime/kernel_info.h"
#include "runtime/privileges.h"
#include "runtime/system_map.h"
#include "sema/analyzer.h"
#include "sema/btf_types.h"
#include "sema/d_library.h"

namespace dt {

namespace {

void OnSignal(int) { g_interrupted = 1; }

struct Compiled {
  ProgramSource source;
  std::string text;   // program text
  std::string label;  // "description 'X'" or "script 'x.d'"
  ast::Program ast;
  int matched = 0;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RuntimeError("failed to open " + path + ": " + strerror(errno));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

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

bool IsTrue(const std::string& v) { return v.empty() || v == "1" || v == "true" || v == "yes"; }

uint64_t ParseSize(const std::string& v) {
  char* end = nullptr;
  uint64_t n = strtoull(v.c_str(), &end, 0);
  switch (end && *end ? tolower(*end) : 0) {
    case 'k':
      n <<= 10;
      break;
    case 'm':
      n <<= 20;
      break;
    case 'g':
      n <<= 30;
      break;
    default:
      break;
  }
  return n;
}

struct RunSettings {
  bool quiet = false;
  bool errtags = false;
  bool default_args = false;
  bool arg_ref = false;
  bool destructive = false;
  uint64_t strsize = 256;
  uint64_t bufsize = 4 << 20;
  uint64_t stack_frames = 20;  // stack() without an argument
  int stack_indent = kDefaultStackIndent;
  AggSortOptions sort;
};

void ApplyOption(RunSettings& s, const std::string& name, const std::string& value) {
  if (name == "quiet")
    s.quiet = IsTrue(value);
  else if (name == "errtags")
    s.errtags = IsTrue(value);
  else if (name == "defaultargs")
    s.default_args = IsTrue(value);
  else if (name == "argref")
    s.arg_ref = IsTrue(value);
  else if (name == "destructive")
    s.destructive = IsTrue(value);
  else if (name == "strsize")
    s.strsize = std::max<uint64_t>(8, (ParseSize(value) + 7) & ~7ull);
  else if (name == "bufsize")
    s.bufsize = ParseSize(value);
  else if (name == "stackframes")
    s.stack_frames = std::max<uint64_t>(1, ParseSize(value));
  else if (name == "stackindent")
    s.stack_indent = std::max(0, std::atoi(value.c_str()));
  else if (name == "aggsortkey")
    s.sort.sort_key = IsTrue(value);
  else if (name == "aggsortrev")
    s.sort.sort_rev = IsTrue(value);
  else if (name == "aggsortpos")
    s.sort.sort_pos = std::atoi(value.c_str());
  else if (name == "aggsortkeypos")
    s.sort.sort_key_pos = std::atoi(value.c_str());
}

bool KnownOption(const std::string& name) {
  static const char* kKnown[] = {
      "quiet",        "errtags",      "defaultargs",   "argref",        "strsize",    "bufsize",
      "aggsortkey",   "aggsortrev",   "aggsortpos",    "aggsortkeypos", "switchrate", "aggrate",
      "dynvarsize",   "aggsize",      "flowindent",    "destructive",   "zdefs",      "stackframes",
      "ustackframes", "bufpolicy",    "bufresize",     "cleanrate",     "cpu",        "nspec",
      "specsize",     "statusrate",   "rawbytes",      "aggpercpu",     "aggzoom",    "stdc",
      "cpp",          "linktype",     "nolibs",        "verbose",       "version",    "amin",
      "grabanon",     "jstackframes", "jstackstrsize", "lockstats",     "evaltime",   "temporal",
      "stackindent"};
  for (const char* k : kKnown)
    if (name == k) return true;
  return false;
}

// Fork the -c command stopped on a pipe until tracing is on. The command
// is split on white space and exec'd directly, as dtrace(1) does: a shell
// in between would make syscalls of its own that the trace would see.
int StartCommand(const std::string& command, int* start_fd) {
  std::vector<std::string> words;
  std::istringstream in(command);
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) throw RuntimeError("failed to execute : empty command");
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw RuntimeError("failed to create pipe");
  pid_t pid = fork();
  if (pid < 0) throw RuntimeError(std::string("failed to fork: ") + strerror(errno));
  if (pid == 0) {
    close(fds[1]);
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    char c;
    if (read(fds[0], &c, 1) != 1) _exit(127);
    execvp(argv[0], argv.data());
    fprintf(stderr, "dtrace: failed to execute %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  close(fds[0]);
  *start_fd = fds[1];
  return pid;
}

}  // namespace

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

  RunSettings settings;
  settings.quiet = opts.quiet;
  settings.destructive = opts.destructive;
  for (const auto& [name, value] : opts.xopts) {
    if (!KnownOption(name)) {
      fprintf(stderr, "dtrace: failed to set -x %s: Invalid option name\n", name.c_str());
      return 1;
    }
    ApplyOption(settings, name, value);
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

  int child_pid = -1, start_fd = -1, target = 0;
  Compiled* failing = nullptr;
  std::vector<Compiled> library;  // outlives analysis: inlines keep pointers into it
  std::vector<Compiled> programs;
  try {
    ProbeRegistry registry;
    if (opts.list) {
      PrintProbeListing(registry, opts, out);
      return 0;
    }
    if (opts.sources.empty()) {
      fputs(UsageText(argv[0]).c_str(), stderr);
      return 2;
    }
    if (!opts.commands.empty()) {
      child_pid = StartCommand(opts.commands.front(), &start_fd);
      target = child_pid;
    } else if (!opts.pids.empty()) {
      target = opts.pids.front();
      if (kill(target, 0) != 0) {
        fprintf(stderr, "dtrace: failed to grab pid %d: %s\n", target, strerror(errno));
        return 1;
      }
    }

    MacroEnv macros;
    macros.named["pid"] = std::to_string(getpid());
    macros.named["ppid"] = std::to_string(getppid());
    macros.named["uid"] = std::to_string(getuid());
    macros.named["gid"] = std::to_string(getgid());
    macros.named["target"] = std::to_string(target);
    macros.named["sid"] = std::to_string(getsid(0));
    macros.named["pgid"] = std::to_string(getpgid(0));

    TypeTable types(settings.strsize);
    BtfTypeSource kernel_types(types);  // reads BTF only when a kernel type is named
    kernel_types.InstallAsFallback();
    ProgramInfo info;
    AnalyzerOptions aopts;
    aopts.allow_zero_matches = opts.allow_zero_matches;
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
        c.text = ReadFile(s.text);
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
      c.ast = ParseProgram(c.text, macros);
      for (const ast::TopLevel& item : c.ast.items)
        if (auto* p = std::get_if<ast::PragmaOption>(&item)) {
          if (!KnownOption(p->name)) {
            throw CompileError(
                "D_PRAGMA_OPTSET", p->line,
                "failed to set option '" + Excerpt(p->name) + "': Invalid option name");
          }
          ApplyOption(settings, p->name, p->value);
        }
      types.set_strsize(settings.strsize);
      analyzer.set_stack_frames(settings.stack_frames);
      c.matched = analyzer.Analyze(c.ast, static_cast<int>(i));
    }
    failing = nullptr;

    CodegenOptions cg;
    cg.strsize = settings.strsize;
    cg.bufsize = 4096;  // the ring must be a power of two, at least a page
    while (cg.bufsize < settings.bufsize && cg.bufsize < (1u << 30)) cg.bufsize <<= 1;
    cg.wall_offset_ns = runtime::WalltimeOffsetNs();
    for (const auto& p : registry.probes())
      if (p->kind == ProviderKind::kSyscall && !p->is_return) ++cg.syscall_probes_per_side;
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

    runtime::CheckBpfAvailable();
    runtime::RaiseMemlockLimit();

    if (!settings.quiet) {
      for (const Compiled& c : programs) {
        fprintf(stderr, "dtrace: %s matched %d probe%s\n", c.label.c_str(), c.matched,
                c.matched == 1 ? "" : "s");
      }
    }

    if (info.destructive && !settings.destructive) {
      fprintf(stderr, "dtrace: could not enable tracing: Destructive actions not allowed\n");
      return 1;
    }

    struct sigaction sa {};
    sa.sa_handler = OnSignal;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    SessionOptions so;
    so.quiet = settings.quiet;
    so.strsize = settings.strsize;
    so.stack_indent = settings.stack_indent;
    so.sort = settings.sort;
    so.child_pid = child_pid;
    so.child_start_fd = start_fd;
    so.target_pid = opts.pids.empty() ? -1 : opts.pids.front();
    TracingSession session(std::move(compiled), registry, so, out);
    child_pid = -1;
    int status = session.Run();
    if (out != stdout) fclose(out);
    return status;
  } catch (const CompileError& e) {
    if (child_pid > 0) {
      kill(child_pid, SIGKILL);
      waitpid(child_pid, nullptr, 0);
    }
    bool from_file = failing && failing->source.kind == ProgramSource::Kind::kScript;
    // dtrace(1) gives line numbers for scripts, not for -n programs.
    std::string msg = from_file ? e.Format(settings.errtags)
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
    if (child_pid > 0) {
      kill(child_pid, SIGKILL);
      waitpid(child_pid, nullptr, 0);
    }
    fprintf(stderr, "dtrace: %s\n", e.what());
    return 1;
  }
}

}  // namespace dt
