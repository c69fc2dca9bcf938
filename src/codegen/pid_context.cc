// pid<PID>:<module>:<function>:entry, :return and :<offset>: one
// kprobe-type program per process and side (entry and offset probes are
// one side), attached as uprobes to every probe it serves (a return probe
// at each of its return sites, or as a uretprobe at the entry), with the
// probe's place in the program's probe list as the attach cookie; a return
// site's cookie has the site's offset in the function above bit 32. The prologue checks the process
// (a uprobe on a shared library is a breakpoint in every process that maps the page) and reads the
// cookie; tables indexed by it give the probe id, the clause's epid and the probe's
// names: a late probe table (codegen/late_probe_table.h), writable, since probes in
// libraries the process loads later are added to the program while it traces. ctx is the user
// registers (struct pt_regs).
#include "codegen/function_gen.h"
#include "codegen/indexed_probe_context.h"
#include "codegen/probe_context.h"
#include "codegen/pt_regs_args.h"
#include "providers/pid_provider.h"

namespace dt {

namespace {

using namespace bpf;

class PidContext final : public IndexedProbeContext {
 public:
  PidContext(FunctionGen& gen, const Probe& first)
      : IndexedProbeContext(gen, first), data_(PidData(first)) {
    // Probes of libraries the process loads later join this program
    // (cli/late_probes.h), some of them perhaps at return sites.
    UseLateTable(data_.pid);
    at_return_sites_ = true;
  }

  void GenPrologue() override {
    Builder& b = gen_.builder();
    b.Call(BPF_FUNC_get_current_pid_tgid);
    b.AluImm(BPF_RSH, R0, 32);
    b.JumpIfImm(BPF_JNE, R0, data_.pid, gen_.exit_label());
    index_slot_ = gen_.AllocSlot();
    b.Mov(R1, R6);
    b.Call(BPF_FUNC_get_attach_cookie);
    if (at_return_sites_) b.Alu32(BPF_MOV, R0, R0);  // the index: the low 32 bits
    b.JumpIfImm(BPF_JGE, R0, static_cast<int32_t>(Capacity()), gen_.exit_label());
    b.Store(8, R10, index_slot_, R0);
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
        b.Load(8, R0, R6, kPtRegsAx);
      } else if (n == 0 && at_return_sites_) {
        b.Mov(R1, R6);
        b.Call(BPF_FUNC_get_attach_cookie);
        b.AluImm(BPF_RSH, R0, 32);
      } else {
        b.MovImm(R0, 0);
      }
      return;
    }
    GenPtRegsArg(gen_, n, BPF_FUNC_probe_read_user);
  }

 private:
  const PidProbeData& data_;
  bool at_return_sites_ = false;  // some probe fires at return sites
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
