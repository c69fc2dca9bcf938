#include "providers/probe_registry.h"

#include <fnmatch.h>

#include "providers/probe_args.h"
#include "providers/provider.h"
#include "runtime/tracefs.h"

namespace dt {

namespace {
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

ProbeRegistry::ProbeRegistry(const KernelEventList& events) {
  for (const Provider* provider : AllProviders()) provider->AddProbes(events, *this);
}

Probe& ProbeRegistry::Add(Probe p) {
  p.id = static_cast<uint32_t>(probes_.size() + 1);
  probes_.push_back(std::make_unique<Probe>(std::move(p)));
  return *probes_.back();
}

std::vector<const Probe*> ProbeRegistry::Match(const std::string& spec) {
  ProbeSpecFields f = SplitProbeSpec(spec);
  for (const Provider* provider : AllProviders()) provider->CreateOnDemand(f, *this);
  std::vector<const Probe*> out;
  for (const auto& p : probes_)
    if (p->owner->Matches(f, *p)) out.push_back(p.get());
  return out;
}

const std::vector<ProbeArg>& ProbeRegistry::Args(const Probe& probe) const {
  auto it = args_.find(probe.id);
  if (it == args_.end()) it = args_.emplace(probe.id, ReadProbeArgs(probe)).first;
  return it->second;
}

void ProbeRegistry::SetArgs(const Probe& probe, std::vector<ProbeArg> args) {
  args_[probe.id] = std::move(args);
}

const Probe* ProbeRegistry::ById(uint32_t id) const {
  if (id == 0 || id > probes_.size()) return nullptr;
  return probes_[id - 1].get();
}

}  // namespace dt
