#include "providers/usdt_provider.h"

#include <dirent.h>
#include <linux/bpf.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "common/diagnostic.h"
#include "elf/object_cache.h"
#include "elf/proc_maps.h"
#include "elf/sdt_fetch.h"
#include "elf/stapsdt_notes.h"
#include "elf/usdt_prototypes.h"
#include "providers/probe_registry.h"
#include "providers/usdt_args.h"
#include "runtime/uprobe.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

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

bool ModuleMatches(const std::string& pattern, const std::string& module) {
  if (pattern.empty()) return true;
  for (const std::string& alias : elf::ModuleAliases(module))
    if (MatchProbeField(pattern, alias)) return true;
  return false;
}

// process address - ELF vaddr for the object mapping m maps.
std::optional<uint64_t> LoadBias(const elf::Mapping& m, const elf::ElfFile& elf) {
  std::optional<uint64_t> vaddr = elf::Normalize(m, elf, m.start);
  if (!vaddr) return std::nullopt;
  return m.start - *vaddr;
}

// Sites written by dtrace -h are a 1-byte nop, where the note points (old
// kernels emulate it), then a 5-byte nop. Where the kernel turns a uprobe
// on a 5-byte nop into a call (HasOptimizedUprobes), the probe goes on the
// second: a firing then costs a system call instead of a breakpoint trap.
// A nop changes no register, so the arguments read the same there; only
// %rip itself is one byte further, so a note reading %rip stays put.
bool FiresAtNop5(const elf::SdtProbe& note) {
  if (!note.nop5_follows || !runtime::HasOptimizedUprobes()) return false;
  for (const elf::SdtArgument& arg : note.arguments)
    if (arg.kind == elf::SdtOperandKind::kRegister && arg.reg && arg.reg->is_instruction_pointer())
      return false;
  return true;
}

// A note's site in this process: symbol-relative operands resolved to
// addresses (the symbol's vaddr plus the object's load bias).
UsdtSite SiteOf(const elf::SdtProbe& note, const elf::ObjectFile& object,
                std::optional<uint64_t> load_bias) {
  UsdtSite site;
  site.file_offset = *note.pc_file_offset + (FiresAtNop5(note) ? 1 : 0);
  site.semaphore_file_offset = note.semaphore_file_offset.value_or(0);
  site.argument_error = note.argument_error;
  site.arguments = note.arguments;
  for (elf::SdtArgument& arg : site.arguments) {
    if (arg.kind != elf::SdtOperandKind::kMemory || arg.symbol.empty()) continue;
    std::optional<uint64_t> vaddr = elf::ResolveSdtSymbol(arg, object.symbols());
    if (!vaddr || !load_bias) {
      site.argument_error = "argument '" + arg.text + "': symbol " + arg.symbol + " not found";
      continue;
    }
    arg.value += static_cast<int64_t>(*vaddr + *load_bias);
    arg.symbol.clear();
  }
  return site;
}

// The probes of one process, keyed by their names, each made once: a probe
// that exists already (made by an earlier description) is not made again.
class NewProbes {
 public:
  NewProbes(const Provider* owner, ProbeRegistry& registry) : owner_(owner), registry_(registry) {
    for (const auto& p : registry.probes())
      if (p->owner == owner && !p->placeholder) existing_.insert(p->FullName());
  }

  // A placeholder for a description that names nothing in process `pid`
  // yet (SetUsdtPlaceholders), made once.
  void AddPlaceholder(const ProbeSpecFields& desc, pid_t pid) {
    Probe p;
    p.provider = desc.provider;
    p.module = desc.module;
    p.function = desc.function;
    p.name = desc.name;
    p.placeholder = true;
    for (const auto& q : registry_.probes())
      if (q->owner == owner_ && q->placeholder && q->FullName() == p.FullName()) return;
    p.owner = owner_;
    auto data = std::make_shared<UsdtProbeData>();
    data->pid = pid;
    data->note_name = desc.name;
    p.data = std::move(data);
    registry_.Add(std::move(p));
  }

  // Adds a site to the probe so named, made in the order first seen.
  void AddSite(Probe names, const UsdtProbeData& base, UsdtSite site) {
    std::string full = names.FullName();
    if (existing_.count(full) != 0) return;
    auto it = pending_.find(full);
    if (it == pending_.end()) {
      order_.push_back(full);
      auto data = std::make_shared<UsdtProbeData>(base);
      names.owner = owner_;
      it = pending_.emplace(full, std::make_pair(std::move(names), data)).first;
    }
    it->second.second->sites.push_back(std::move(site));
  }

  // Numbers the new probes, in the order they were first seen.
  void Commit() {
    for (const std::string& full : order_) {
      auto& [probe, data] = pending_.at(full);
      probe.data = data;
      registry_.Add(std::move(probe));
      existing_.insert(full);
    }
    order_.clear();
    pending_.clear();
  }

 private:
  const Provider* owner_;
  ProbeRegistry& registry_;
  std::set<std::string> existing_;
  std::vector<std::string> order_;
  std::map<std::string, std::pair<Probe, std::shared_ptr<UsdtProbeData>>> pending_;
};

bool& Placeholders() {
  static bool on = false;
  return on;
}

std::vector<elf::UsdtPrototype>& ScriptPrototypes() {
  static std::vector<elf::UsdtPrototype> prototypes;
  return prototypes;
}

// Parallel to ScriptPrototypes(): each one's translated arguments.
std::vector<std::vector<UsdtTranslatedArg>>& ScriptTranslations() {
  static std::vector<std::vector<UsdtTranslatedArg>> translations;
  return translations;
}

// Adds the probe site of `note` in `object` (module `module`) to the probe
// named by its provider, the function holding it and its name, with the
// argument types `prototypes` (the object's) declare for it.
void AddNoteSite(const elf::SdtProbe& note, const std::string& provider, const std::string& module,
                 const elf::ObjectFile& object, std::optional<uint64_t> load_bias,
                 const std::vector<elf::UsdtPrototype>& prototypes, UsdtProbeData& base,
                 NewProbes& added) {
  Probe names;
  names.provider = provider;
  names.module = module;
  if (std::optional<elf::SymbolMatch> in = object.symbols().Lookup(note.pc))
    names.function = in->symbol->name;
  names.name = elf::DtraceProbeName(note.name);
  base.note_name = note.name;
  base.declared_types.reset();
  const elf::UsdtPrototype* p = elf::FindUsdtPrototype(prototypes, note.provider, note.name);
  const elf::UsdtPrototype* script =
      elf::FindUsdtPrototype(ScriptPrototypes(), note.provider, note.name);
  if (p == nullptr) p = script;
  if (p != nullptr) base.declared_types = p->arg_types;
  base.translated_args.clear();
  if (script != nullptr)
    base.translated_args =
        ScriptTranslations().at(static_cast<size_t>(script - ScriptPrototypes().data()));
  added.AddSite(std::move(names), base, SiteOf(note, object, load_bias));
}

// The probes of process `pid` that the description names: a note's
// provider with the pid appended must match its provider field. False when
// the process has none (or is not there).
bool CreateForProcess(const ProbeSpecFields& desc, pid_t pid, NewProbes& added) {
  std::string error;
  std::optional<elf::ProcessMaps> maps = elf::ProcessMaps::Read(pid, &error);
  if (!maps) return false;  // no such process: nothing matches
  bool found = false;
  std::string pid_text = std::to_string(pid);
  std::set<std::tuple<uint32_t, uint32_t, uint64_t>> seen_files;
  for (const elf::Mapping& m : maps->mappings()) {
    if (!m.exec || !m.is_file()) continue;
    if (!seen_files.insert({m.dev_major, m.dev_minor, m.inode}).second) continue;
    std::string module = elf::ModuleName(m.path);
    if (!ModuleMatches(desc.module, module)) continue;
    std::shared_ptr<const elf::ObjectFile> object = Objects().ForMapping(pid, m, &error);
    if (!object) continue;
    const elf::SdtProbes& notes = object->sdt_probes();
    if (notes.probes.empty()) continue;
    std::optional<uint64_t> bias = LoadBias(m, object->elf());
    std::vector<elf::UsdtPrototype> prototypes = elf::ReadUsdtPrototypes(object->elf());
    UsdtProbeData base;
    base.pid = pid;
    base.path = UprobePath(pid, m);
    for (const elf::SdtProbe& note : notes.probes) {
      if (!note.pc_file_offset || !UsdtNameMatches(desc.name, note.name)) continue;
      std::string provider_name = note.provider + pid_text;
      if (!MatchProbeField(desc.provider, provider_name)) continue;
      AddNoteSite(note, provider_name, module, *object, bias, prototypes, base, added);
      found = true;
    }
  }
  added.Commit();
  return found;
}

std::vector<std::string>& UsdtPathList() {
  static std::vector<std::string> paths;
  return paths;
}

// The probes of file `path` (usdtpath) that the description names, for
// every process: a note's provider, without a pid, must match.
void CreateForFile(const ProbeSpecFields& desc, const std::string& path, NewProbes& added) {
  std::string error;
  std::shared_ptr<const elf::ObjectFile> object = Objects().ForPath(path, &error);
  if (!object) {
    throw CompileError("D_PDESC_INVAL", 0, "cannot read usdtpath file " + path + ": " + error);
  }
  std::string module = elf::ModuleName(path);
  if (!ModuleMatches(desc.module, module)) return;
  // Symbol-relative operands name an address only where the object loads
  // at its link-time address (an executable not built as PIE).
  std::optional<uint64_t> bias;
  if (object->elf().type() == elf::ElfType::kExecutable) bias = 0;
  std::vector<elf::UsdtPrototype> prototypes = elf::ReadUsdtPrototypes(object->elf());
  UsdtProbeData base;
  base.pid = 0;
  base.path = path;
  for (const elf::SdtProbe& note : object->sdt_probes().probes) {
    if (!note.pc_file_offset || !UsdtNameMatches(desc.name, note.name)) continue;
    if (!MatchProbeField(desc.provider, note.provider)) continue;
    AddNoteSite(note, note.provider, module, *object, bias, prototypes, base, added);
  }
  added.Commit();
}

// A provider glob that names the usdt probes of every running process
// (python*): it starts with a literal part. A bare glob (*, an empty
// provider) would take in the probes libc carries in every process, so it
// does not.
bool IsProcessGlob(const std::string& provider) {
  size_t glob = provider.find_first_of("*?[");
  return glob != std::string::npos && glob > 0;
}

// Every process but this one, in pid order.
std::vector<pid_t> RunningProcesses() {
  std::vector<pid_t> pids;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return pids;
  while (dirent* entry = readdir(proc)) {
    int pid = 0;
    const char* end = entry->d_name + strlen(entry->d_name);
    auto [ptr, ec] = std::from_chars(entry->d_name, end, pid);
    if (ec == std::errc() && ptr == end && pid > 0 && pid != getpid()) pids.push_back(pid);
  }
  closedir(proc);
  std::sort(pids.begin(), pids.end());
  return pids;
}

class Usdt final : public Provider {
 public:
  void AddProbes(const KernelEventList&, ProbeRegistry&) const override {}

  void CreateOnDemand(const ProbeSpecFields& desc, ProbeRegistry& registry) const override {
    if (std::optional<UsdtProviderName> parsed = ParseUsdtProviderName(desc.provider)) {
      NewProbes added(this, registry);
      // With -Z, a description that names nothing yet keeps its program:
      // the run matches it again whenever the process maps an object.
      if (!CreateForProcess(desc, parsed->pid, added) && Placeholders() &&
          kill(parsed->pid, 0) == 0)
        added.AddPlaceholder(desc, parsed->pid);
      return;
    }
    NewProbes added(this, registry);
    if (registry.process_scope() > 0) {
      if (IsProcessGlob(desc.provider)) CreateForProcess(desc, registry.process_scope(), added);
      return;
    }
    for (const std::string& path : UsdtPathList()) CreateForFile(desc, path, added);
    if (!IsProcessGlob(desc.provider)) return;
    for (pid_t pid : RunningProcesses()) CreateForProcess(desc, pid, added);
  }

  bool Matches(const ProbeSpecFields& desc, const Probe& probe) const override {
    return MatchProbeField(desc.provider, probe.provider) &&
           ModuleMatches(desc.module, probe.module) &&
           MatchProbeField(desc.function, probe.function) &&
           UsdtNameMatches(desc.name, UsdtData(probe).note_name);
  }

  std::vector<ProbeArg> ReadArgs(const Probe& probe) const override {
    return UsdtProbeArgs(UsdtData(probe));
  }

  std::string ArgInD(const Probe& probe, size_t n) const override {
    return UsdtArgInD(UsdtData(probe), n);
  }

  // The Dynamic Tracing Guide's attributes of USDT providers (as the
  // providers' own definitions most often give them).
  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kEvolving, S::kEvolving, C::kIsa},
                                                       {S::kEvolving, S::kEvolving, C::kIsa}};
    return kAttributes;
  }

  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_KPROBE;
    s.shared_by_probes = true;
    if (runtime::HasUprobeMulti()) s.expected_attach_type = runtime::kUprobeMultiAttachType;
    return s;
  }

  // One program per process.
  uint64_t ProgramGroup(const Probe& probe) const override {
    return static_cast<uint64_t>(UsdtData(probe).pid);
  }

  std::string ProgramName(const Probe& first) const override {
    if (UsdtData(first).pid == 0) return "usdt probes of the usdtpath files";
    return "usdt probes of pid " + std::to_string(UsdtData(first).pid);
  }

  // Cookies as codegen/usdt_context.cc reads them: probe index << 32 | site
  // index, sites numbered in probe order.
  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    return AttachUsdtProbes(prog_fd, probes, 0, 0);
  }
};

}  // namespace

runtime::Attachment AttachUsdtProbes(int prog_fd, const std::vector<const Probe*>& probes,
                                     size_t first_index, size_t first_site) {
  std::map<std::string, std::vector<runtime::UprobeSite>> by_path;
  std::map<std::string, std::vector<size_t>> probe_of_site;
  uint64_t site_index = first_site;
  for (size_t k = 0; k < probes.size(); ++k) {
    const uint64_t i = first_index + k;
    const UsdtProbeData& data = UsdtData(*probes[k]);
    for (const UsdtSite& site : data.sites) {
      by_path[data.path].push_back(
          {site.file_offset, (i << 32) | site_index++, site.semaphore_file_offset});
      probe_of_site[data.path].push_back(k);
    }
  }
  runtime::Attachment all;
  if (probes.empty()) return all;
  pid_t pid = UsdtData(*probes.front()).pid;
  for (const auto& [path, sites] : by_path) {
    std::vector<runtime::UprobeFailure> failures;
    try {
      all.Absorb(runtime::AttachUprobes(prog_fd, path, sites, false, pid, runtime::HasUprobeMulti(),
                                        &failures));
    } catch (const RuntimeError&) {
      // A process a glob found may have exited since: its probes cannot
      // fire, the others go on.
      if (pid == 0 || kill(pid, 0) == 0 || errno != ESRCH) throw;
      for (const Probe* p : probes)
        if (!p->placeholder)
          fprintf(stderr, "dtrace: failed to enable %s: process %d has exited\n",
                  p->FullName().c_str(), static_cast<int>(pid));
      return all;
    }
    for (const runtime::UprobeFailure& f : failures)
      fprintf(stderr, "dtrace: failed to enable %s: %s\n",
              probes[probe_of_site[path][f.site]]->FullName().c_str(), f.reason.c_str());
  }
  return all;
}

const Provider& UsdtProvider() {
  static const Usdt kProvider;
  return kProvider;
}

const UsdtProbeData& UsdtData(const Probe& probe) {
  return static_cast<const UsdtProbeData&>(*probe.data);
}

void SetUsdtScriptPrototypes(const std::vector<UsdtScriptProbe>& probes) {
  ScriptPrototypes().clear();
  ScriptTranslations().clear();
  for (const UsdtScriptProbe& probe : probes) {
    ScriptPrototypes().push_back(probe.prototype);
    ScriptTranslations().push_back(probe.translated_args);
  }
}

void SetUsdtPlaceholders(bool on) { Placeholders() = on; }

void SetUsdtPaths(const std::string& paths) {
  std::vector<std::string>& list = UsdtPathList();
  list.clear();
  size_t start = 0;
  while (start <= paths.size()) {
    size_t end = paths.find(':', start);
    if (end == std::string::npos) end = paths.size();
    if (end > start) list.push_back(paths.substr(start, end - start));
    start = end + 1;
  }
}

std::optional<UsdtProviderName> ParseUsdtProviderName(const std::string& name) {
  size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
  if (digits == 0 || digits == name.size() || name[digits] == '0') return std::nullopt;
  std::string provider = name.substr(0, digits);
  if (provider == "pid" || provider.find_first_of("*?[]:") != std::string::npos)
    return std::nullopt;
  int pid = 0;
  auto [ptr, ec] = std::from_chars(name.data() + digits, name.data() + name.size(), pid);
  if (ec != std::errc() || ptr != name.data() + name.size() || pid <= 0) return std::nullopt;
  return UsdtProviderName{provider, pid};
}

bool UsdtNameMatches(const std::string& pattern, const std::string& note_name) {
  return MatchProbeField(pattern, elf::DtraceProbeName(note_name)) ||
         MatchProbeField(pattern, note_name);
}

}  // namespace dt
