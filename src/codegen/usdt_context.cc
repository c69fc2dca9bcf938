// <provider><PID>:<module>:<function>:<name>, the USDT probes of a
// process: one kprobe-type program per process, attached as a uprobe at
// every site of every probe it serves. The attach cookie is the probe's
// index in the program's probe list (high 32 bits) and the site's index
// among all the program's sites, numbered in probe order (low 32 bits):
// the probe picks the tables' entries (probe id, epid, names) and the site
// picks its argument operands, which differ from site to site of one probe
// when its macro was inlined in several places. ctx is the user registers
// (struct pt_regs).
//
// A program for one process (named by its pid, python$target, or found by
// a provider glob, python*) also takes the probes of objects it maps later
// (cli/late_probes.h): its tables are a late probe table
// (codegen/late_probe_table.h), and the sites numbered past those known
// when compiling have their operands there as descriptors, which argN
// interprets (codegen/usdt_site_table.h); the sites known when compiling
// keep their operands as code.
#include <map>

#include "codegen/function_gen.h"
#include "codegen/indexed_probe_context.h"
#include "codegen/late_probe_table.h"
#include "codegen/probe_context.h"
#include "codegen/usdt_argument_gen.h"
#include "codegen/usdt_site_table.h"
#include "providers/usdt_provider.h"

namespace dt {

namespace {

using namespace bpf;

class UsdtContext final : public IndexedProbeContext {
 public:
  UsdtContext(FunctionGen& gen, const Probe& first)
      : IndexedProbeContext(gen, first), pid_(UsdtData(first).pid) {
    for (const Probe* p : probes_)
      for (const UsdtSite& site : UsdtData(*p).sites) sites_.push_back(&site);
    // A process's probes, named by its pid or found by a provider glob
    // (python*), take in the objects it loads later.
    if (pid_ != 0) {
      UseLateTable(pid_, true);
      LateProbeTable& t = LateTable();
      if (t.site_capacity == 0) {
        t.sites = static_cast<uint32_t>(sites_.size());
        t.site_capacity = LateProbeCapacity(sites_.size());
      }
    }
  }

  void GenPrologue() override {
    Builder& b = gen_.builder();
    if (pid_ != 0) {  // 0: attached to files for every process (usdtpath)
      b.Call(BPF_FUNC_get_current_pid_tgid);
      b.AluImm(BPF_RSH, R0, 32);
      b.JumpIfImm(BPF_JNE, R0, pid_, gen_.exit_label());
    }
    index_slot_ = gen_.AllocSlot();
    site_slot_ = gen_.AllocSlot();
    if (sites_.size() == 1 && !late()) return;
    const uint32_t sites =
        late() ? LateTable().site_capacity : static_cast<uint32_t>(sites_.size());
    b.Mov(R1, R6);
    b.Call(BPF_FUNC_get_attach_cookie);
    b.Mov(R1, R0);
    b.AluImm(BPF_RSH, R1, 32);
    b.JumpIfImm(BPF_JGE, R1, static_cast<int32_t>(Capacity()), gen_.exit_label());
    b.Store(8, R10, index_slot_, R1);
    b.AluImm(BPF_LSH, R0, 32);
    b.AluImm(BPF_RSH, R0, 32);
    b.JumpIfImm(BPF_JGE, R0, static_cast<int32_t>(sites), gen_.exit_label());
    b.Store(8, R10, site_slot_, R0);
  }

  // argN by the operand of the site that fired: at a site known when
  // compiling, one fetch when every site has the same operand (the usual
  // case), else a branch per distinct one; at a site added later, its
  // descriptor. 0 past the probe's arguments and where they could not be
  // parsed.
  void GenArg(int n) override {
    Builder& b = gen_.builder();
    int mark = gen_.StackMark();
    int16_t scratch = gen_.AllocSlot();
    if (!late()) {
      GenKnownArg(n, scratch);
      gen_.ReleaseSlotsTo(mark);
      return;
    }
    Label later = b.NewLabel(), done = b.NewLabel();
    if (!sites_.empty()) {
      b.Load(8, R1, R10, site_slot_);
      b.JumpIfImm(BPF_JGE, R1, static_cast<int32_t>(sites_.size()), later);
      GenKnownArg(n, scratch);
      b.Jump(done);
    }
    b.Bind(later);
    LateProbeTable& t = LateTable();
    auto region = t.site_operands.find(n);
    if (region == t.site_operands.end())
      region = t.site_operands.emplace(n, ReserveLateSiteRegion(t, kUsdtOperandSize)).first;
    static_assert(kUsdtOperandSize == 1 << 4);
    GenLateEntryAddress(region->second, 4, site_slot_);
    b.Mov(R2, R0);
    GenUsdtOperandFetch(b, scratch, gen_.AllocSlot());
    b.Bind(done);
    gen_.ReleaseSlotsTo(mark);
  }

 private:
  // argN at the sites known when compiling (r0).
  void GenKnownArg(int n, int16_t scratch) {
    Builder& b = gen_.builder();
    std::map<std::string, std::vector<uint32_t>> sites_of;  // operand text -> sites
    std::map<std::string, const elf::SdtArgument*> operand_of;
    for (size_t i = 0; i < sites_.size(); ++i) {
      const elf::SdtArgument* arg = UsdtSiteOperand(*sites_[i], n);
      std::string key = arg == nullptr ? "" : Key(*arg);
      sites_of[key].push_back(static_cast<uint32_t>(i));
      operand_of[key] = arg;
    }
    if (sites_of.size() <= 1) {
      GenFetch(sites_of.empty() ? nullptr : operand_of.begin()->second, scratch);
      return;
    }
    Label done = b.NewLabel();
    std::vector<std::pair<Label, const elf::SdtArgument*>> branches;
    b.Load(8, R1, R10, site_slot_);
    for (const auto& [key, sites] : sites_of) {
      Label at = b.NewLabel();
      for (uint32_t site : sites) b.JumpIfImm(BPF_JEQ, R1, static_cast<int32_t>(site), at);
      branches.emplace_back(at, operand_of[key]);
    }
    b.MovImm(R0, 0);
    b.Jump(done);
    for (const auto& [at, arg] : branches) {
      b.Bind(at);
      GenFetch(arg, scratch);
      b.Jump(done);
    }
    b.Bind(done);
  }

  // Operands that fetch alike have the same key (the text alone is not
  // enough: a symbol's address is folded into the value).
  static std::string Key(const elf::SdtArgument& a) {
    return a.text + "|" + std::to_string(a.value);
  }

  void GenFetch(const elf::SdtArgument* arg, int16_t scratch) {
    if (arg == nullptr)
      gen_.builder().MovImm(R0, 0);
    else
      GenUsdtArgument(gen_.builder(), *arg, scratch);
  }

  pid_t pid_;
  std::vector<const UsdtSite*> sites_;  // the cookie's site numbers
  int16_t site_slot_ = 0;               // the site's index in sites_
};

class UsdtCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<UsdtContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& UsdtCodegen() {
  static const UsdtCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
