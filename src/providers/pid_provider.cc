#include "providers/pid_provider.h"

#include <linux/bpf.h>
#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "common/diagnostic.h"
#include "elf/object_cache.h"
#include "elf/proc_maps.h"
#include "elf/x86_insn_length.h"
#include "providers/pid_sites.h"
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

std::string Hex(uint64_t v) {
  char text[24];
  snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
  return text;
}

// The offset probes a description's name field asks for, as illumos'
// libdtrace decides: a name that is not a glob and is neither entry nor
// return is one offset; a glob (an empty name is `*`) matches the hex names
// of every instruction offset; the entry and return names ask for none.
struct OffsetRequest {
  enum Kind { kNone, kOne, kGlob } kind = kNone;
  std::string pattern;  // kGlob: the pattern, "*" for all
};

OffsetRequest OffsetsAsked(const std::string& name) {
  if (name.empty()) return {OffsetRequest::kGlob, "*"};
  if (HasGlob(name)) return {OffsetRequest::kGlob, name};
  if (name == "entry" || name == "return") return {};
  return {OffsetRequest::kOne, name};
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

// An offset named exactly matches by value: `main:0x1A` is `main:1a`.
bool NameMatches(const std::string& pattern, const Probe& probe) {
  const PidProbeData& data = PidData(probe);
  if (data.is_offset && !pattern.empty() && !HasGlob(pattern)) {
    std::optional<uint64_t> offset = OffsetOfProbeName(pattern);
    return offset && *offset == data.offset;
  }
  return MatchProbeField(pattern, probe.name);
}

bool FunctionMatches(const std::string& pattern, const Probe& probe) {
  for (const std::string& name : PidData(probe).function_names)
    if (MatchProbeField(pattern, name)) return true;
  return MatchProbeField(pattern, probe.function);
}

bool& Placeholders() {
  static bool on = false;
  return on;
}

// Some instructions cannot be single-stepped out of line: those functions'
// probes stay off, and the run goes on with the others.
void Refused(const Probe& probe,
             const std::string& reason = "uprobes cannot probe the instruction there") {
  fprintf(stderr, "dtrace: failed to enable %s: %s\n", probe.FullName().c_str(), reason.c_str());
}

// Adds a process's probes to the registry, each once: a probe that exists
// already (made by an earlier description) is not made again.
class NewProbes {
 public:
  NewProbes(const Provider* owner, const std::string& provider, pid_t pid, ProbeRegistry& registry)
      : owner_(owner), provider_(provider), pid_(pid), registry_(registry) {
    for (const auto& p : registry.probes())
      if (p->owner == owner && !p->placeholder) existing_.insert(p->FullName());
  }

  // A placeholder for a description that names nothing yet (SetPidPlaceholders).
  void AddPlaceholder(const ProbeSpecFields& desc, bool is_return) {
    Probe p;
    p.provider = provider_;
    p.module = desc.module;
    p.function = desc.function;
    p.name = is_return ? "return" : "entry";
    p.placeholder = true;
    for (const auto& q : registry_.probes())
      if (q->placeholder && q->FullName() == p.FullName()) return;
    p.owner = owner_;
    auto data = std::make_shared<PidProbeData>();
    data->pid = pid_;
    data->is_return = is_return;
    p.data = std::move(data);
    registry_.Add(std::move(p));
  }

  void Add(const std::string& module, const std::string& function, const std::string& name,
           const PidProbeData& site) {
    Probe p;
    p.provider = provider_;
    p.module = module;
    p.function = function;
    p.name = name;
    if (!existing_.insert(p.FullName()).second) return;
    p.owner = owner_;
    auto data = std::make_shared<PidProbeData>(site);
    data->pid = pid_;
    p.data = std::move(data);
    registry_.Add(std::move(p));
  }

 private:
  const Provider* owner_;
  const std::string& provider_;
  pid_t pid_;
  ProbeRegistry& registry_;
  std::set<std::string> existing_;
};

// The instruction starts of a function, decoded from its file.
std::optional<elf::X86Boundaries> InstructionStarts(const elf::ElfFile& elf, uint64_t file_offset,
                                                    uint64_t size) {
  std::optional<std::string_view> code = elf.FileRange(file_offset, size);
  if (!code) return std::nullopt;
  return elf::X86InstructionStarts(*code);
}

// The offset probes `name` asks for in one function (`entry_site` is the
// function's entry). Errors are illumos' for the first function a
// description matches.
void CreateAtOffsets(const std::string& name, const OffsetRequest& request,
                     const elf::ObjectFile& object, const elf::Symbol& function,
                     const std::string& module, PidProbeData entry_site, NewProbes& added) {
  entry_site.is_return = false;
  entry_site.is_offset = true;
  std::optional<elf::X86Boundaries> starts =
      InstructionStarts(object.elf(), entry_site.file_offset, function.size);
  auto add = [&](uint64_t offset) {
    PidProbeData site = entry_site;
    site.offset = offset;
    site.file_offset = entry_site.file_offset + offset;
    site.uprobes_refuse = HasPrefixUprobesRefuse(object.elf().FileRange(site.file_offset, 15));
    added.Add(module, function.name, OffsetProbeName(offset), site);
  };
  if (request.kind == OffsetRequest::kGlob) {
    if (!starts) return;
    for (uint64_t start : starts->starts)
      if (request.pattern == "*" || MatchProbeField(request.pattern, OffsetProbeName(start)))
        add(start);
    return;
  }
  std::optional<uint64_t> offset = OffsetOfProbeName(name);
  if (!offset) throw CompileError("D_PROC_NAME", 0, "'" + name + "' is an invalid probe name");
  if (*offset >= function.size)
    throw CompileError("D_PROC_OFF", 0,
                       "offset " + Hex(*offset) + " outside of function '" + function.name + "'");
  if (!starts)
    throw CompileError("D_PROC_CREATEFAIL", 0,
                       "failed to create probe at '" + function.name + "+" + Hex(*offset) +
                           "': its code is not in " + object.name());
  const std::vector<uint64_t>& s = starts->starts;
  if (!std::binary_search(s.begin(), s.end(), *offset))
    throw CompileError("D_PROC_ALIGN", 0,
                       "offset " + Hex(*offset) + " is not aligned on an instruction");
  add(*offset);
}

// pid<N>::-:<address>, pid<N>:a.out:-:<address>: a probe at an absolute
// address of the process. DTrace accepts only the a.out module (the
// probe's module is the executable's name) and one address; the address
// may lie in any object mapped from a file. Where a function symbol covers
// it, it must be one of the function's instruction boundaries (DTrace does
// not check; a breakpoint inside an instruction would corrupt it).
void CreateAtAddress(const ProbeSpecFields& desc, const elf::ProcessMaps& maps, NewProbes& added) {
  const elf::Mapping* executable = nullptr;
  for (const elf::Mapping& m : maps.mappings())
    if (m.is_file() && maps.IsMainExecutable(m)) executable = &m;
  if (!desc.module.empty() &&
      (HasGlob(desc.module) || executable == nullptr ||
       !ModuleMatches(desc.module, elf::ModuleName(executable->path), true)))
    throw CompileError("D_PROC_LIB", 0, "only the a.out module is valid with the '-' function");
  if (desc.name.empty() || HasGlob(desc.name))
    throw CompileError("D_PROC_NAME", 0,
                       "only individual addresses may be specified with the '-' function");
  std::optional<uint64_t> address = OffsetOfProbeName(desc.name);
  if (!address)
    throw CompileError("D_PROC_NAME", 0, "'" + desc.name + "' is an invalid probe name");
  const elf::Mapping* m = maps.Find(*address);
  if (m == nullptr || !m->exec || !m->is_file())
    throw CompileError(
        "D_PROC_CREATEFAIL", 0,
        "failed to create probe at '-+" + Hex(*address) + "': no executable file is mapped there");
  std::string error;
  std::shared_ptr<const elf::ObjectFile> object = Objects().ForMapping(maps.pid(), *m, &error);
  if (object) {
    std::optional<uint64_t> vaddr = elf::Normalize(*m, object->elf(), *address);
    std::optional<elf::SymbolMatch> in = vaddr ? object->symbols().Lookup(*vaddr) : std::nullopt;
    std::optional<uint64_t> start =
        in ? object->elf().VaddrToFileOffset(in->symbol->address) : std::nullopt;
    if (start && in->symbol->size > in->offset) {
      std::optional<elf::X86Boundaries> starts =
          InstructionStarts(object->elf(), *start, in->symbol->size);
      if (starts && !std::binary_search(starts->starts.begin(), starts->starts.end(), in->offset))
        throw CompileError("D_PROC_ALIGN", 0,
                           "offset " + Hex(*address) + " is not aligned on an instruction");
    }
  }
  PidProbeData site;
  site.is_offset = true;
  site.offset = *address;
  site.in_executable = true;
  site.function_names = {"-"};
  site.path = UprobePath(maps.pid(), *m);
  site.file_offset = m->FileOffset(*address);
  if (object)
    site.uprobes_refuse = HasPrefixUprobesRefuse(object->elf().FileRange(site.file_offset, 15));
  std::string module = executable ? elf::ModuleName(executable->path) : "a.out";
  added.Add(module, "-", OffsetProbeName(*address), site);
}

// A pid provider name whose pid part cannot name a process: pid0.
void CheckProcessProviderName(const std::string& provider) {
  auto digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  std::string_view rest = std::string_view(provider).substr(std::min<size_t>(3, provider.size()));
  if (provider.rfind("pid", 0) == 0 && digits(rest) &&
      rest.find_first_not_of('0') == std::string_view::npos) {
    throw CompileError("D_PROC_BADPID", 0,
                       "'" + Excerpt(provider) + "' does not contain a valid pid");
  }
}

class Pid final : public Provider {
 public:
  void AddProbes(const KernelEventList&, ProbeRegistry&) const override {}

  void CreateOnDemand(const ProbeSpecFields& desc, ProbeRegistry& registry) const override {
    CheckProcessProviderName(desc.provider);
    pid_t pid = PidOfProviderName(desc.provider);
    if (pid == 0) return;
    std::vector<std::string> names = ProbeNames(desc.name);
    OffsetRequest offsets = OffsetsAsked(desc.name);
    if (names.empty() && offsets.kind == OffsetRequest::kNone) return;
    std::string error;
    std::optional<elf::ProcessMaps> maps = elf::ProcessMaps::Read(pid, &error);
    if (!maps)
      throw CompileError("D_PROC_GRAB", 0, "failed to grab process " + std::to_string(pid));
    NewProbes added(this, desc.provider, pid, registry);
    if (desc.function == "-") {
      CreateAtAddress(desc, *maps, added);
      return;
    }
    // A function named exactly, in a module named exactly, must be there.
    bool must_find = !desc.function.empty() && !HasGlob(desc.function) && !desc.module.empty() &&
                     !HasGlob(desc.module);
    bool found = false;
    std::set<std::pair<uint32_t, uint64_t>> seen_files;
    for (const elf::Mapping& m : maps->mappings()) {
      if (!m.exec || !m.is_file()) continue;
      if (!seen_files.insert({m.dev_major << 20 | m.dev_minor, m.inode}).second) continue;
      std::string module = elf::ModuleName(m.path);
      bool in_executable = maps->IsMainExecutable(m);
      if (!ModuleMatches(desc.module, module, in_executable)) continue;
      std::shared_ptr<const elf::ObjectFile> object = Objects().ForMapping(pid, m, &error);
      if (!object) continue;
      std::vector<Function> functions = MatchFunctions(object->symbols(), desc.function);
      found |= !functions.empty();
      for (const Function& f : functions) {
        std::optional<uint64_t> offset = object->elf().VaddrToFileOffset(f.symbol->address);
        if (!offset) continue;
        PidProbeData site;
        site.in_executable = in_executable;
        site.function_names = f.names;
        site.path = UprobePath(pid, m);
        site.file_offset = *offset;
        site.uprobes_refuse = HasPrefixUprobesRefuse(object->elf().FileRange(*offset, 15));
        for (const std::string& name : names) {
          PidProbeData probe_site = site;
          probe_site.is_return = name == "return";
          if (probe_site.is_return) {
            std::string why_not;
            probe_site.return_sites = PidReturnSites(*object, *f.symbol, *offset, &why_not);
            // The entry's prefixes matter only to a uretprobe.
            if (!probe_site.return_sites.empty()) probe_site.uprobes_refuse = false;
          }
          added.Add(module, f.symbol->name, name, probe_site);
        }
        if (offsets.kind != OffsetRequest::kNone)
          CreateAtOffsets(desc.name, offsets, *object, *f.symbol, module, site, added);
      }
    }
    // With -Z, a description that names nothing yet keeps its programs: the
    // run matches it again whenever the process maps an object.
    if (!found && Placeholders()) {
      for (const std::string& name : names) added.AddPlaceholder(desc, name == "return");
      return;
    }
    if (must_find && !found)
      throw CompileError(
          "D_PROC_FUNC", 0,
          "failed to lookup '" + desc.function + "' in module '" + desc.module + "'");
  }

  bool Matches(const ProbeSpecFields& desc, const Probe& probe) const override {
    return MatchProbeField(desc.provider, probe.provider) &&
           ModuleMatches(desc.module, probe.module, PidData(probe).in_executable) &&
           FunctionMatches(desc.function, probe) && NameMatches(desc.name, probe);
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

  // Entry and offset probes share the uprobe program (group pid * 2).
  std::string ProgramName(const Probe& first) const override {
    return first.provider + ":::" + (PidData(first).is_return ? "return" : "entry");
  }

  // Each probe's cookie is its place in `probes`, which the program's
  // tables follow (codegen/pid_context.cc); a return site's cookie also
  // carries the site's offset in the function, above bit 32 (arg0).
  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    return AttachPidProbes(prog_fd, probes, 0);
  }
};

}  // namespace

// Each probe's cookie is first_index + its place in `probes`.
runtime::Attachment AttachPidProbes(int prog_fd, const std::vector<const Probe*>& probes,
                                    size_t first_index) {
  {
    // Sites by file and kind: uretprobes (is_return) apart from uprobes.
    std::map<std::pair<std::string, bool>, std::vector<runtime::UprobeSite>> by_file;
    for (size_t k = 0; k < probes.size(); ++k) {
      const size_t i = first_index + k;
      const PidProbeData& data = PidData(*probes[k]);
      if (probes[k]->placeholder) continue;
      if (data.uprobes_refuse)
        Refused(*probes[k]);
      else if (data.return_sites.empty())
        by_file[{data.path, data.is_return}].push_back({data.file_offset, i});
      else
        for (const PidProbeData::ReturnSite& site : data.return_sites)
          by_file[{data.path, false}].push_back({site.file_offset, i | site.offset << 32});
    }
    runtime::Attachment all;
    if (probes.empty()) return all;
    const PidProbeData& first = PidData(*probes.front());
    std::set<size_t> reported;
    for (const auto& [file, sites] : by_file) {
      std::vector<runtime::UprobeFailure> failures;
      all.Absorb(runtime::AttachUprobes(prog_fd, file.first, sites, file.second, first.pid,
                                        runtime::HasUprobeMulti(), &failures));
      for (const runtime::UprobeFailure& f : failures) {
        size_t probe = (sites[f.site].cookie & 0xffffffff) - first_index;
        if (reported.insert(probe).second) Refused(*probes[probe], f.reason);
      }
    }
    return all;
  }
}

void SetPidPlaceholders(bool on) { Placeholders() = on; }

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

std::optional<uint64_t> OffsetOfProbeName(const std::string& name) {
  std::string_view digits = name;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
    digits.remove_prefix(2);
  if (digits.empty()) return std::nullopt;
  uint64_t value = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
  return value;
}

std::string OffsetProbeName(uint64_t offset) {
  char text[24];
  snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(offset));
  return text;
}

}  // namespace dt
