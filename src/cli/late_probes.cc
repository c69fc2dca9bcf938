#include "cli/late_probes.h"

#include <cstdio>
#include <map>
#include <set>

#include "codegen/late_probe_table.h"
#include "codegen/usdt_site_table.h"
#include "common/diagnostic.h"
#include "providers/pid_provider.h"
#include "providers/usdt_provider.h"

namespace dt {

LateProbes::~LateProbes() {
  attachments_.clear();
  watch_.reset();  // continues every process it stopped
}

bool LateProbes::Start() {
  std::set<pid_t> pids;
  for (const LateProbeTable& t : program_.late_tables) pids.insert(t.pid);
  if (pids.empty()) return false;
  for (const LateProbeTable& t : program_.late_tables)
    values_.push_back(program_.maps[static_cast<size_t>(t.map)].initial_value);
  // Only a description that names nothing yet (-Z) needs a library to come:
  // the others trace what they matched whatever happens here.
  auto say_why_not = [this](pid_t pid, const std::string& why) {
    for (const LateProbeTable& t : program_.late_tables) {
      if (t.pid != pid) continue;
      for (const Probe* p : t.probes) {
        if (!p->placeholder) continue;
        fprintf(stderr, "dtrace: pid %d: objects it loads later cannot be probed: %s\n", pid,
                why.c_str());
        return;
      }
    }
  };
  try {
    watch_ = std::make_unique<runtime::DlopenWatch>();
  } catch (const RuntimeError& e) {
    for (pid_t pid : pids) say_why_not(pid, e.what());
    return false;
  }
  for (pid_t pid : pids) {
    std::string error;
    bool watched = false;
    try {
      watched = watch_->Watch(pid, &error);
    } catch (const RuntimeError& e) {
      error = e.what();
    }
    if (!watched) say_why_not(pid, error);
  }
  return true;
}

void LateProbes::Consume(const std::function<void(pid_t)>& on_mapped) {
  if (!watch_) return;
  watch_->Consume([&](pid_t pid) {
    OnLoad(pid);
    on_mapped(pid);
  });
}

void LateProbes::OnLoad(pid_t pid) {
  for (size_t i = 0; i < program_.late_tables.size(); ++i)
    if (program_.late_tables[i].pid == pid) AddTo(i, pid);
}

namespace {

size_t SitesOf(const Probe& p) { return p.owner == &UsdtProvider() ? UsdtData(p).sites.size() : 0; }

}  // namespace

void LateProbes::AddTo(size_t index, pid_t pid) {
  LateProbeTable& t = program_.late_tables[index];
  // The probes of this program: the provider's, of its program group (the
  // process, and for pid the side: entry or return).
  const Provider* owner = t.first->owner;
  const uint64_t group = owner->ProgramGroup(*t.first);
  const std::set<const Probe*> had(t.probes.begin(), t.probes.end());
  std::vector<const Probe*> added;
  std::map<const Probe*, std::map<int, uint32_t>> epids;
  struct ProcessScope {
    ProbeRegistry& registry;
    ~ProcessScope() { registry.set_process_scope(0); }
  } scope{registry_};
  registry_.set_process_scope(pid);
  for (const auto& [clause, descriptions] : t.descriptions) {
    for (const std::string& description : descriptions) {
      std::vector<const Probe*> found;
      try {
        found = registry_.Match(description);
      } catch (const CompileError&) {
        continue;  // still names nothing (a function of a module not loaded)
      }
      for (const Probe* p : found) {
        if (p->placeholder || p->owner != owner || had.count(p)) continue;
        if (owner->ProgramGroup(*p) != group) continue;
        auto& of_probe = epids[p];
        if (of_probe.empty()) added.push_back(p);
        if (of_probe.count(clause)) continue;
        program_.epids.emplace_back(p->id, clause);
        of_probe[clause] = static_cast<uint32_t>(program_.epids.size());
      }
    }
  }
  if (added.empty()) return;
  // As many as the tables have room for: entries, and sites (usdt).
  size_t keep = 0, sites = 0;
  while (keep < added.size() && t.probes.size() + keep < t.capacity &&
         t.sites + sites + SitesOf(*added[keep]) <= std::max(t.site_capacity, t.sites)) {
    sites += SitesOf(*added[keep]);
    ++keep;
  }
  if (keep < added.size()) {
    const bool sites_full = t.probes.size() + keep < t.capacity;
    if (!full_reported_)
      fprintf(stderr,
              "dtrace: %zu probes in objects pid %d loaded later not enabled: at most %u%s\n",
              added.size() - keep, pid, sites_full ? t.site_capacity : t.capacity,
              sites_full ? " sites" : "");
    full_reported_ = true;
    added.resize(keep);
    if (added.empty()) return;
  }
  std::vector<uint8_t>& value = values_[index];
  const size_t first_index = t.probes.size();
  const uint32_t first_site = t.sites;
  uint32_t site = first_site;
  for (size_t k = 0; k < added.size(); ++k) {
    WriteLateEntry(t, value, static_cast<uint32_t>(first_index + k), *added[k], epids[added[k]]);
    if (added[k]->owner == &UsdtProvider())
      for (const UsdtSite& s : UsdtData(*added[k]).sites) WriteUsdtSite(t, value, site++, s);
  }
  uint32_t key = 0;
  maps_.at(static_cast<size_t>(t.map)).Update(&key, value.data());
  t.probes.insert(t.probes.end(), added.begin(), added.end());
  t.sites = site;
  for (size_t i = 0; i < program_.programs.size(); ++i) {
    const ProgramDef& def = program_.programs[i];
    if (def.run_once || def.tail_call_slot >= 0 || def.probes.empty() ||
        def.probes.front() != t.first)
      continue;
    try {
      if (owner == &UsdtProvider())
        attachments_.push_back(AttachUsdtProbes(programs_[i].fd(), added, first_index, first_site));
      else
        attachments_.push_back(AttachPidProbes(programs_[i].fd(), added, first_index));
    } catch (const RuntimeError& e) {
      fprintf(stderr, "dtrace: failed to enable probes pid %d loaded later: %s\n", pid, e.what());
    }
    break;
  }
}

}  // namespace dt
