// <provider><PID>:<module>:<function>:<name>, the USDT probes of a
// process: one kprobe-type program per process, attached as a uprobe at
// every site of every probe it serves. The attach cookie is the probe's
// index in the program's probe list (high 32 bits) and the site's index
// among all the program's sites, numbered in probe order (low 32 bits):
// the probe picks the rodata tables' entries (probe id, epid, names) and
// the site picks its argument operands, which differ from site to site
// of one probe when its macro was inlined in several places. ctx is the
// user registers (struct pt_regs).
#include <map>

#include "codegen/function_gen.h"
#include "codegen/probe_context.h"
#include "codegen/usdt_argument_gen.h"
#include "providers/usdt_provider.h"

namespace dt {

namespace {

using namespace bpf;

class UsdtContext final : public ProbeContext {
 public:
  UsdtContext(FunctionGen& gen, const Probe& first)
      : ProbeContext(gen, first), pid_(UsdtData(first).pid), probes_(gen.group_probes()) {
    for (const Probe* p : probes_)
      for (const UsdtSite& site : UsdtData(*p).sites) sites_.push_back(&site);
  }

  void GenPrologue() override {
    Builder& b = gen_.builder();
    b.Call(BPF_FUNC_get_current_pid_tgid);
    b.AluImm(BPF_RSH, R0, 32);
    b.JumpIfImm(BPF_JNE, R0, pid_, gen_.exit_label());
    index_slot_ = gen_.AllocSlot();
    site_slot_ = gen_.AllocSlot();
    if (sites_.size() == 1) return;
    b.Mov(R1, R6);
    b.Call(BPF_FUNC_get_attach_cookie);
    b.Mov(R1, R0);
    b.AluImm(BPF_RSH, R1, 32);
    b.JumpIfImm(BPF_JGE, R1, static_cast<int32_t>(probes_.size()), gen_.exit_label());
    b.Store(8, R10, index_slot_, R1);
    b.AluImm(BPF_LSH, R0, 32);
    b.AluImm(BPF_RSH, R0, 32);
    b.JumpIfImm(BPF_JGE, R0, static_cast<int32_t>(sites_.size()), gen_.exit_label());
    b.Store(8, R10, site_slot_, R0);
  }

  void GenProbeFilter(const std::vector<const Probe*>& probes, Label skip) override {
    if (probes.size() == probes_.size()) return;
    std::vector<uint32_t> indexes;
    for (const Probe* p : probes) indexes.push_back(static_cast<uint32_t>(IndexOf(*p)));
    GenIndexFilter(gen_, index_slot_, indexes, static_cast<uint32_t>(probes_.size()), skip);
  }

  void GenProbeId() override {
    std::vector<uint32_t> ids;
    for (const Probe* p : probes_) ids.push_back(p->id);
    GenTableWord(ids);
  }

  void GenEpid(const ClauseInfo& ci) override {
    std::vector<uint32_t> epids(probes_.size(), 0);
    for (size_t i = 0; i < ci.probes.size(); ++i) {
      int32_t at = IndexOf(*ci.probes[i]);
      if (at >= 0) epids[at] = ci.epid_base + static_cast<uint32_t>(i);
    }
    GenTableWord(epids);
  }

  void GenProbeString(Builtin which) override {
    std::vector<std::string> texts;
    bool all_same = true;
    for (const Probe* p : probes_) {
      const std::string& text = which == Builtin::kProbeprov   ? p->provider
                                : which == Builtin::kProbemod  ? p->module
                                : which == Builtin::kProbefunc ? p->function
                                                               : p->name;
      all_same &= texts.empty() || text == texts.front();
      texts.push_back(text.substr(0, kProbeStringSize - 1));
    }
    if (all_same) {
      gen_.GenStringLiteral(texts.front(), kProbeStringSize);
      return;
    }
    std::string table(texts.size() * kProbeStringSize, '\0');
    for (size_t i = 0; i < texts.size(); ++i)
      table.replace(i * kProbeStringSize, texts[i].size(), texts[i]);
    uint32_t off = gen_.maps().AddRodata(table, static_cast<uint32_t>(table.size()));
    Builder& b = gen_.builder();
    b.Load(8, R0, R10, index_slot_);
    b.AluImm(BPF_LSH, R0, 6);  // kProbeStringSize per entry
    b.LoadMapValueAddr(R1, gen_.maps().rodata_map(), off);
    b.Alu(BPF_ADD, R0, R1);
  }

  // argN by the operand of the site that fired: one fetch when every site
  // has the same operand (the usual case), else a branch per distinct one.
  // 0 past the probe's arguments and where they could not be parsed.
  void GenArg(int n) override {
    Builder& b = gen_.builder();
    std::map<std::string, std::vector<uint32_t>> sites_of;  // operand text -> sites
    std::map<std::string, const elf::SdtArgument*> operand_of;
    for (size_t i = 0; i < sites_.size(); ++i) {
      const elf::SdtArgument* arg = Operand(*sites_[i], n);
      std::string key = arg == nullptr ? "" : Key(*arg);
      sites_of[key].push_back(static_cast<uint32_t>(i));
      operand_of[key] = arg;
    }
    int mark = gen_.StackMark();
    int16_t scratch = gen_.AllocSlot();
    if (sites_of.size() == 1) {
      GenFetch(operand_of.begin()->second, scratch);
      gen_.ReleaseSlotsTo(mark);
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
    gen_.ReleaseSlotsTo(mark);
  }

 private:
  static const elf::SdtArgument* Operand(const UsdtSite& site, int n) {
    if (!site.argument_error.empty() || n < 0 || static_cast<size_t>(n) >= site.arguments.size())
      return nullptr;
    return &site.arguments[static_cast<size_t>(n)];
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

  int32_t IndexOf(const Probe& p) const {
    for (size_t i = 0; i < probes_.size(); ++i)
      if (probes_[i] == &p) return static_cast<int32_t>(i);
    return -1;
  }

  // r0 = words[index of the probe that fired].
  void GenTableWord(const std::vector<uint32_t>& words) {
    Builder& b = gen_.builder();
    if (words.size() == 1) {
      b.MovImm(R0, static_cast<int32_t>(words.front()));
      return;
    }
    std::string table(words.size() * 4, '\0');
    for (size_t i = 0; i < words.size(); ++i)
      for (int byte = 0; byte < 4; ++byte)
        table[i * 4 + byte] = static_cast<char>((words[i] >> (8 * byte)) & 0xff);
    GenIndexedWord(gen_, index_slot_,
                   gen_.maps().AddRodata(table, static_cast<uint32_t>(table.size())));
  }

  pid_t pid_;
  const std::vector<const Probe*>& probes_;
  std::vector<const UsdtSite*> sites_;  // the cookie's site numbers
  int16_t index_slot_ = 0;              // the probe's index in probes_
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
