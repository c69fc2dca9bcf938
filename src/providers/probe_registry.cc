#include "providers/probe_registry.h"

#include <fnmatch.h>

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "providers/probe_args.h"
#include "providers/stable_providers.h"
#include "runtime/syscall_table.h"
#include "runtime/tracefs.h"

using dt::runtime::SyscallNumber;

namespace dt {

namespace {
constexpr const char* kDefaultProfileProbes[] = {
    "profile-97",   "profile-199",  "profile-499", "profile-997", "profile-1999",
    "profile-4001", "profile-4999", "tick-1",      "tick-10",     "tick-100",
    "tick-500",     "tick-1000",    "tick-5000",   "tick-1s",     "tick-10s"};

constexpr const char* kSyscallCategory = "syscalls";
constexpr std::string_view kSyscallEntryPrefix = "sys_enter_";

// Categories that are not sdt probes: syscalls belong to the syscall
// provider; kprobes and uprobes hold dynamic probes someone created, not
// tracepoints the kernel defines (dtrace-utils leaves out the same ones).
bool IsSdtCategory(const std::string& category) {
  return category != kSyscallCategory && category != "kprobes" && category != "uprobes";
}

bool HasGlob(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }
}  // namespace

KernelEventList ReadKernelEvents() { return runtime::ListAvailableEvents(); }

ProbeSpecFields SplitProbeSpec(const std::string& spec) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : spec) {
    if (c == ':') {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  while (parts.size() < 4) parts.insert(parts.begin(), "");
  ProbeSpecFields f;
  // More than four fields: the extra colons belong to the leftmost field.
  size_t extra = parts.size() - 4;
  f.provider = parts[0];
  for (size_t i = 1; i <= extra; ++i) f.provider += ":" + parts[i];
  f.module = parts[extra + 1];
  f.function = parts[extra + 2];
  f.name = parts[extra + 3];
  return f;
}

bool MatchProbeField(const std::string& pattern, const std::string& value) {
  if (pattern.empty()) return true;
  if (!HasGlob(pattern)) return pattern == value;
  return fnmatch(pattern.c_str(), value.c_str(), 0) == 0;
}

uint64_t ParseProfileRate(const std::string& text) {
  size_t i = 0;
  while (i < text.size() && isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == 0 || i > 18) return 0;
  uint64_t n = std::stoull(text.substr(0, i));
  std::string unit = text.substr(i);
  if (n == 0) return 0;
  struct Unit {
    const char* name;
    uint64_t ns;
  };
  static const Unit kUnits[] = {{"ns", 1},
                                {"nsec", 1},
                                {"us", 1000},
                                {"usec", 1000},
                                {"ms", 1000000},
                                {"msec", 1000000},
                                {"s", 1000000000ull},
                                {"sec", 1000000000ull},
                                {"m", 60000000000ull},
                                {"min", 60000000000ull},
                                {"h", 3600000000000ull},
                                {"hour", 3600000000000ull},
                                {"d", 86400000000000ull},
                                {"day", 86400000000000ull}};
  if (unit.empty() || unit == "hz") return 1000000000ull / n;
  for (const Unit& u : kUnits)
    if (unit == u.name) return n * u.ns;
  return 0;
}

ProbeRegistry::ProbeRegistry(const KernelEventList& events) {
  for (const char* name : {"BEGIN", "END", "ERROR"}) {
    Probe p;
    p.provider = "dtrace";
    p.name = name;
    p.kind = ProviderKind::kDtrace;
    Add(p);
  }
  for (const char* name : kDefaultProfileProbes) CreateProfileProbe(name);
  AddSyscallProbes(events);
  AddTracepointProbes(events);
  AddStableProbes(events);
}

Probe& ProbeRegistry::Add(Probe p) {
  p.id = static_cast<uint32_t>(probes_.size() + 1);
  probes_.push_back(std::make_unique<Probe>(std::move(p)));
  return *probes_.back();
}

void ProbeRegistry::AddSyscallProbes(const KernelEventList& events) {
  // A syscall is a probe when the running kernel has its tracepoints (the
  // raw sys_enter/sys_exit programs see every syscall, but users expect the
  // same set `ls events/syscalls` shows) and we know its number.
  std::vector<std::pair<int, std::string>> found;
  for (const auto& [category, event] : events) {
    if (category != kSyscallCategory || event.rfind(kSyscallEntryPrefix, 0) != 0) continue;
    std::string name = event.substr(kSyscallEntryPrefix.size());
    int nr = SyscallNumber(name);
    if (nr >= 0) found.emplace_back(nr, name);
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  for (const auto& [nr, name] : found) {
    for (bool ret : {false, true}) {
      Probe p;
      p.provider = "syscall";
      p.module = "vmlinux";
      p.function = name;
      p.name = ret ? "return" : "entry";
      p.kind = ProviderKind::kSyscall;
      p.syscall_nr = nr;
      p.is_return = ret;
      p.tracepoint_category = kSyscallCategory;
      p.tracepoint_event = (ret ? "sys_exit_" : "sys_enter_") + name;
      Add(p);
    }
  }
}

void ProbeRegistry::AddTracepointProbes(const KernelEventList& events) {
  KernelEventList sorted;
  for (const auto& event : events)
    if (IsSdtCategory(event.first)) sorted.push_back(event);
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  for (const auto& [category, event] : sorted) {
    Probe p;
    p.provider = kTracepointProvider;
    p.module = category;
    p.name = event;
    p.kind = ProviderKind::kTracepoint;
    p.tracepoint_category = category;
    p.tracepoint_event = event;
    Add(p);
  }
}

void ProbeRegistry::AddStableProbes(const KernelEventList& events) {
  // A probe exists when the kernel has the tracepoint it fires on.
  std::unordered_set<std::string_view> names;
  for (const auto& e : events) names.insert(e.second);
  for (const StableProbe& s : StableProbes()) {
    if (!names.count(s.raw_tracepoint)) continue;
    Probe p;
    p.provider = s.provider;
    p.module = "vmlinux";
    p.name = s.name;
    p.kind = ProviderKind::kStable;
    p.tracepoint_event = s.raw_tracepoint;
    p.stable = &s;
    Add(p);
  }
}

const Probe* ProbeRegistry::CreateProfileProbe(const std::string& name) {
  bool tick = name.rfind("tick-", 0) == 0;
  bool profile = name.rfind("profile-", 0) == 0;
  if (!tick && !profile) return nullptr;
  uint64_t ns = ParseProfileRate(name.substr(tick ? 5 : 8));
  if (ns == 0) return nullptr;
  for (const auto& p : probes_)
    if (p->kind == ProviderKind::kProfile && p->name == name) return p.get();
  Probe p;
  p.provider = "profile";
  p.name = name;
  p.kind = ProviderKind::kProfile;
  p.period_ns = ns;
  p.is_tick = tick;
  return &Add(p);
}

std::vector<const Probe*> ProbeRegistry::Match(const std::string& spec) {
  ProbeSpecFields f = SplitProbeSpec(spec);
  if (MatchProbeField(f.provider, "profile") && f.module.empty() && f.function.empty() &&
      !HasGlob(f.name)) {
    CreateProfileProbe(f.name);
  }
  std::vector<const Probe*> out;
  for (const auto& p : probes_) {
    if (MatchProbeField(f.provider, p->provider) && MatchProbeField(f.module, p->module) &&
        MatchProbeField(f.function, p->function) && MatchProbeField(f.name, p->name)) {
      out.push_back(p.get());
    }
  }
  return out;
}

const std::vector<ProbeArg>& ProbeRegistry::Args(const Probe& probe) const {
  auto it = args_.find(probe.id);
  if (it == args_.end()) it = args_.emplace(probe.id, ReadProbeArgs(probe)).first;
  return it->second;
}

const Probe* ProbeRegistry::ById(uint32_t id) const {
  if (id == 0 || id > probes_.size()) return nullptr;
  return probes_[id - 1].get();
}

}  // namespace dt
