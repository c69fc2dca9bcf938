#include "providers/pid_provider.h"

#include <linux/bpf.h>
#include <sys/stat.h>

#include <charconv>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "common/diagnostic.h"
#include "elf/object_cache.h"
#include "elf/proc_maps.h"
#include "providers/probe_registry.h"
#include "runtime/uprobe.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

bool HasGlob(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

// The objects of every process traced in this run, read once.
elf::ObjectCache& Objects() {
  static elf::ObjectCache cache;
  return cache;
}

// A path the kernel resolves to the very file mapped: the mapped path when
// it names that file from here, else through the process's root (another
// mount namespace).
std::string UprobePath(pid_t pid, const elf::Mapping& m) {
  struct stat st {};
  if (stat(m.path.c_str(), &st) == 0 && st.st_ino == m.inode) return m.path;
  return "/proc/" + std::to_string(pid) + "/root" + m.path;
}

// A module field names the executable as a.out, an object by its file
// name or a shorter name DTrace accepts (libc.so.6, libc.so, libc).
bool ModuleMatches(const std::string& pattern, const std::string& module, bool in_executable) {
  if (pattern.empty() || (pattern == "a.out" && in_executable)) return true;
  for (const std::string& alias : elf::ModuleAliases(module))
    if (MatchProbeField(pattern, alias)) return true;
  return false;
}

// Names of the probes a description's name field asks for at each function.
std::vector<std::string> ProbeNames(const std::string& pattern) {
  std::vector<std::string> names;
  for (const char* n : {"entry", "return"})
    if (pattern.empty() || MatchProbeField(pattern, n)) names.push_back(n);
  return names;
}

// A function of an object: its canonical name (the one stacks show) first,
// then its other names.
struct Function {
  const elf::Symbol* symbol = nullptr;
  std::vector<std::string> names;
};

// The functions of one object a description's function field names by any
// of their names, each once: `fork` and `__libc_fork` are one probe, named
// as DTrace names it, by the canonical name.
std::vector<Function> MatchFunctions(const elf::SymbolTable& symbols, const std::string& pattern) {
  // Only functions with code: a symbol of size 0 gives no extent to probe.
  auto is_function = [](const elf::Symbol& s) {
    return (s.kind == elf::SymbolKind::kFunction || s.kind == elf::SymbolKind::kIfunc) &&
           s.size > 0;
  };
  std::vector<Function> out;
  // Symbols are sorted by address, the canonical name first at each.
  const std::vector<elf::Symbol>& all = symbols.symbols();
  for (size_t i = 0; i < all.size();) {
    size_t end = i;
    while (end < all.size() && all[end].address == all[i].address) ++end;
    Function f;
    bool matches = false;
    for (size_t k = i; k < end; ++k) {
      if (!is_function(all[k])) continue;
      if (f.symbol == nullptr) f.symbol = symbols.Canonical(all[k]);
      f.names.push_back(all[k].name);
      matches |= MatchProbeField(pattern, all[k].name);
    }
    if (matches) out.push_back(std::move(f));
    i = end;
  }
  return out;
}

bool FunctionMatches(const std::string& pattern, const Probe& probe) {
  for (const std::string& name : PidData(probe).function_names)
    if (MatchProbeField(pattern, name)) return true;
  return MatchProbeField(pattern, probe.function);
}

// Whether an instruction starts with a lock prefix among its prefixes:
// uprobes cannot step those out of line, and the kernel refuses a probe
// there. Known before asking, a refused site costs nothing; otherwise one
// refusal fails the whole multi-uprobe link and attaching goes by halves.
bool StartsLocked(std::optional<std::string_view> code) {
  if (!code) return false;
  for (unsigned char byte : *code) {
    if (byte == 0xf0) return true;
    bool prefix = byte == 0x66 || byte == 0x67 || byte == 0xf2 || byte == 0xf3 || byte == 0x2e ||
                  byte == 0x3e || byte == 0x26 || byte == 0x36 || byte == 0x64 || byte == 0x65 ||
                  (byte >= 0x40 && byte <= 0x4f);
    if (!prefix) return false;
  }
  return false;
}

// Some instructions cannot be single-stepped out of line: those functions'
// probes stay off, and the run goes on with the others.
void Refused(const Probe& probe,
             const std::string& reason = "uprobes cannot probe the instruction there") {
  fprintf(stderr, "dtrace: failed to enable %s: %s\n", probe.FullName().c_str(), reason.c_str());
}

class Pid final : public Provider {
 public:
  void AddProbes(const KernelEventList&, ProbeRegistry&) const override {}

  void CreateOnDemand(const ProbeSpecFields& desc, ProbeRegistry& registry) const override {
    pid_t pid = PidOfProviderName(desc.provider);
    if (pid == 0) return;
    std::vector<std::string> names = ProbeNames(desc.name);
    if (names.empty()) return;
    std::string error;
    std::optional<elf::ProcessMaps> maps = elf::ProcessMaps::Read(pid, &error);
    if (!maps)
      throw CompileError("D_PROC_GRAB", 0, "failed to grab process " + std::to_string(pid));
    // A function named exactly, in a module named exactly, must be there.
    bool must_find = !desc.function.empty() && !HasGlob(desc.function) && !desc.module.empty() &&
                     !HasGlob(desc.module);
    bool found = false;
    std::set<std::string> existing;
    for (const auto& p : registry.probes())
      if (p->owner == this) existing.insert(p->FullName());
    std::set<std::pair<uint32_t, uint64_t>> seen_files;
    for (const elf::Mapping& m : maps->mappings()) {
      if (!m.exec || !m.is_file()) continue;
      if (!seen_files.insert({m.dev_major << 20 | m.dev_minor, m.inode}).second) continue;
      std::string module = elf::ModuleName(m.path);
      bool in_executable = maps->IsMainExecutable(m);
      if (!ModuleMatches(desc.module, module, in_executable)) continue;
      std::shared_ptr<const elf::ObjectFile> object = Objects().ForMapping(pid, m, &error);
      if (!object) continue;
      std::string path = UprobePath(pid, m);
      std::vector<Function> functions = MatchFunctions(object->symbols(), desc.function);
      found |= !functions.empty();
      for (const Function& f : functions) {
        std::optional<uint64_t> offset = object->elf().VaddrToFileOffset(f.symbol->address);
        if (!offset) continue;
        bool locked = StartsLocked(object->elf().FileRange(*offset, 15));
        for (const std::string& name : names) {
          Probe p;
          p.provider = desc.provider;
          p.module = module;
          p.function = f.symbol->name;
          p.name = name;
          if (!existing.insert(p.FullName()).second) continue;
          p.owner = this;
          auto data = std::make_shared<PidProbeData>();
          data->pid = pid;
          data->is_return = name == "return";
          data->in_executable = in_executable;
          data->function_names = f.names;
          data->locked_first_instruction = locked;
          data->path = path;
          data->file_offset = *offset;
          p.data = std::move(data);
          registry.Add(std::move(p));
        }
      }
    }
    if (must_find && !found)
      throw CompileError(
          "D_PROC_FUNC", 0,
          "failed to lookup '" + desc.function + "' in module '" + desc.module + "'");
  }

  bool Matches(const ProbeSpecFields& desc, const Probe& probe) const override {
    return MatchProbeField(desc.provider, probe.provider) &&
           ModuleMatches(desc.module, probe.module, PidData(probe).in_executable) &&
           FunctionMatches(desc.function, probe) && MatchProbeField(desc.name, probe.name);
  }

  // The Dynamic Tracing Guide's attributes of the pid provider.
  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown}};
    return kAttributes;
  }

  // One kprobe-type program per process and side; the multi-uprobe link
  // attaches all of its sites at once where the kernel has it.
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_KPROBE;
    s.shared_by_probes = true;
    if (runtime::HasUprobeMulti()) s.expected_attach_type = runtime::kUprobeMultiAttachType;
    return s;
  }

  uint64_t ProgramGroup(const Probe& probe) const override {
    const PidProbeData& data = PidData(probe);
    return static_cast<uint64_t>(data.pid) * 2 + (data.is_return ? 1 : 0);
  }

  std::string ProgramName(const Probe& first) const override {
    return first.provider + ":::" + (PidData(first).is_return ? "return" : "entry");
  }

  // Each probe's cookie is its place in `probes`, which the program's
  // tables follow (codegen/pid_context.cc).
  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    std::map<std::string, std::vector<runtime::UprobeSite>> by_path;
    for (size_t i = 0; i < probes.size(); ++i) {
      const PidProbeData& data = PidData(*probes[i]);
      if (data.locked_first_instruction)
        Refused(*probes[i]);
      else
        by_path[data.path].push_back({data.file_offset, i});
    }
    const PidProbeData& first = PidData(*probes.front());
    runtime::Attachment all;
    for (const auto& [path, sites] : by_path) {
      std::vector<runtime::UprobeFailure> failures;
      all.Absorb(runtime::AttachUprobes(prog_fd, path, sites, first.is_return, first.pid,
                                        runtime::HasUprobeMulti(), &failures));
      for (const runtime::UprobeFailure& f : failures)
        Refused(*probes[sites[f.site].cookie], f.reason);
    }
    return all;
  }
};

}  // namespace

const Provider& PidProvider() {
  static const Pid kProvider;
  return kProvider;
}

const PidProbeData& PidData(const Probe& probe) {
  return static_cast<const PidProbeData&>(*probe.data);
}

pid_t PidOfProviderName(const std::string& provider) {
  if (provider.size() <= 3 || provider.compare(0, 3, "pid") != 0) return 0;
  int pid = 0;
  const char* begin = provider.data() + 3;
  const char* end = provider.data() + provider.size();
  auto [ptr, ec] = std::from_chars(begin, end, pid);
  if (ec != std::errc() || ptr != end || pid <= 0 || *begin == '0') return 0;
  return pid;
}

}  // namespace dt
