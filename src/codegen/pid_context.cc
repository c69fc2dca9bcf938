// pid<PID>:<module>:<function>:entry, :return and :<offset>: one
// kprobe-type program per process and side (entry and offset probes are
// one side), attached as uprobes to every probe it serves (a return probe
// at each of its return sites, or as a uretprobe at the entry), with the
// probe's place in the program's probe list as the attach cookie; a return
// site's cookie has the site's offset in the function above bit 32. The prologue checks the process
// (a uprobe on a shared library is a breakpoint in every process that maps the page) and reads the
// cookie; tables in rodata, indexed by it, give the probe id, the clause's epid and the probe's
// names. ctx is the user registers (struct pt_regs).
#include "codegen/function_gen.h"
#include "codegen/probe_context.h"
#include "providers/pid_provider.h"

namespace dt {

namespace {

using namespace bpf;

// x86-64 struct pt_regs offsets: the argument registers of the SysV ABI,
// the return value and the stack pointer.
constexpr int16_t kArgRegs[6] = {112 /*di*/, 104 /*si*/, 96 /*dx*/,
                                 88 /*cx*/,  72 /*r8*/,  64 /*r9*/};
constexpr int16_t kRegsAx = 80;
constexpr int16_t kRegsSp = 152;

class PidContext final : public ProbeContext {
 public:
  PidContext(FunctionGen& gen, const Probe& first)
      : ProbeContext(gen, first), data_(PidData(first)), probes_(gen.group_probes()) {
    for (const Probe* p : probes_) at_return_sites_ |= !PidData(*p).return_sites.empty();
  }

  void GenPrologue() override {
    Builder& b = gen_.builder();
    b.Call(BPF_FUNC_get_current_pid_tgid);
    b.AluImm(BPF_RSH, R0, 32);
    b.JumpIfImm(BPF_JNE, R0, data_.pid, gen_.exit_label());
    index_slot_ = gen_.AllocSlot();
    if (probes_.size() == 1) return;
    b.Mov(R1, R6);
    b.Call(BPF_FUNC_get_attach_cookie);
    if (at_return_sites_) b.Alu32(BPF_MOV, R0, R0);  // the index: the low 32 bits
    b.JumpIfImm(BPF_JGE, R0, static_cast<int32_t>(probes_.size()), gen_.exit_label());
    b.Store(8, R10, index_slot_, R0);
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

  // entry: the function's integer arguments, six in registers, the rest on
  // the stack above the return address. An offset probe reads the same
  // registers and stack slots where it is, as DTrace's fasttrap does (they
  // are the arguments only while the function has not changed them).
  // return: arg0 is the offset of the returning instruction (from the
  // cookie; 0 at a uretprobe), arg1 the return value (%rax: at a ret, and
  // at a uretprobe once the function has returned).
  void GenArg(int n) override {
    Builder& b = gen_.builder();
    if (data_.is_return) {
      if (n == 1) {
        b.Load(8, R0, R6, kRegsAx);
      } else if (n == 0 && at_return_sites_) {
        b.Mov(R1, R6);
        b.Call(BPF_FUNC_get_attach_cookie);
        b.AluImm(BPF_RSH, R0, 32);
      } else {
        b.MovImm(R0, 0);
      }
      return;
    }
    if (n < 6) {
      b.Load(8, R0, R6, kArgRegs[n]);
      return;
    }
    int mark = gen_.StackMark();
    int16_t tmp = gen_.AllocSlot();
    b.StoreImm(8, R10, tmp, 0);
    b.Load(8, R3, R6, kRegsSp);
    b.AluImm(BPF_ADD, R3, 8 * (n - 5));
    b.Mov(R1, R10);
    b.AluImm(BPF_ADD, R1, tmp);
    b.MovImm(R2, 8);
    b.Call(BPF_FUNC_probe_read_user);
    b.Load(8, R0, R10, tmp);
    gen_.ReleaseSlotsTo(mark);
  }

 private:
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

  const PidProbeData& data_;
  const std::vector<const Probe*>& probes_;
  bool at_return_sites_ = false;  // some probe fires at return sites
  int16_t index_slot_ = 0;        // the cookie: the probe's index in probes_
};

class PidCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<PidContext>(gen, first);
  }
};

}  // namespace

const ProviderCodegen& PidCodegen() {
  static const PidCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
