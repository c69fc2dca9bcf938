#include "providers/profile_provider.h"

#include <linux/bpf.h>

#include <cctype>
#include <memory>

#include "providers/probe_registry.h"

namespace dt {

namespace {

using S = Stability;
using C = DependencyClass;

constexpr const char* kDefaultProbes[] = {
    "profile-97",   "profile-199",  "profile-499", "profile-997", "profile-1999",
    "profile-4001", "profile-4999", "tick-1",      "tick-10",     "tick-100",
    "tick-500",     "tick-1000",    "tick-5000",   "tick-1s",     "tick-10s"};

// What the profile provider keeps in each probe: the interval, and whether
// it fires on one CPU (tick) or all.
struct ProfileProbeData : ProbeData {
  uint64_t period_ns = 0;
  bool is_tick = false;
};

bool HasGlob(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

class Profile final : public Provider {
 public:
  void AddProbes(const KernelEventList&, ProbeRegistry& registry) const override {
    for (const char* name : kDefaultProbes) Create(name, registry);
  }

  // A description that can name only a profile probe, with a rate: one that
  // globs could match many rates, and those are not made up.
  void CreateOnDemand(const ProbeSpecFields& desc, ProbeRegistry& registry) const override {
    if (MatchProbeField(desc.provider, "profile") && desc.module.empty() && desc.function.empty() &&
        !HasGlob(desc.name)) {
      Create(desc.name, registry);
    }
  }

  const ProviderAttributes& Attributes() const override {
    static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kCommon},
                                                       {S::kUnstable, S::kUnstable, C::kUnknown},
                                                       {S::kPrivate, S::kPrivate, C::kUnknown},
                                                       {S::kEvolving, S::kEvolving, C::kCommon},
                                                       {S::kEvolving, S::kEvolving, C::kCommon}};
    return kAttributes;
  }

 private:
  void Create(const std::string& name, ProbeRegistry& registry) const {
    bool tick = name.rfind("tick-", 0) == 0;
    bool profile = name.rfind("profile-", 0) == 0;
    if (!tick && !profile) return;
    uint64_t ns = ParseProfileRate(name.substr(tick ? 5 : 8));
    if (ns == 0) return;
    for (const auto& p : registry.probes())
      if (p->owner == this && p->name == name) return;
    Probe p;
    p.provider = "profile";
    p.name = name;
    p.owner = this;
    auto data = std::make_shared<ProfileProbeData>();
    data->period_ns = ns;
    data->is_tick = tick;
    p.data = std::move(data);
    registry.Add(std::move(p));
  }

  // Perf-event programs: the stack starts at the interrupted PC.
  ProgramShape Shape() const override {
    ProgramShape s;
    s.prog_type = BPF_PROG_TYPE_PERF_EVENT;
    s.stack_starts_at_sample = true;
    return s;
  }

  bool FiresOnItsOwn() const override { return true; }

  // Software cpu-clock events: one per online CPU (profile) or one (tick).
  runtime::Attachment Attach(int prog_fd, const std::vector<const Probe*>& probes) const override {
    const Probe& first = *probes.front();
    const auto& data = static_cast<const ProfileProbeData&>(*first.data);
    std::vector<int> cpus = runtime::OnlineCpus();
    if (data.is_tick) cpus.resize(1);
    return runtime::AttachPerfTimer(prog_fd, data.period_ns, false, cpus);
  }
};

}  // namespace

const Provider& ProfileProvider() {
  static const Profile kProvider;
  return kProvider;
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

}  // namespace dt
