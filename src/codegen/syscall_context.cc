// syscall::<fn>:entry and :return: one raw-tracepoint program on sys_enter
// (ctx: regs, id) for every entry clause and one on sys_exit (ctx: regs,
// ret) for every return clause. The prologue reads the syscall number; a
// clause that enables only some syscalls tests it (a compare chain, or a
// bitmap in rodata), and tables in rodata map it to the probe id, the
// clause's epid and probefunc. Arguments are read from the saved user
// registers.
#include "codegen/function_gen.h"
#include "codegen/probe_context.h"
#include "providers/syscall_provider.h"
#include "runtime/syscall_table.h"

namespace dt {

namespace {

using namespace bpf;

// x86-64 struct pt_regs offsets of the syscall argument registers.
constexpr int16_t kSyscallArgRegs[6] = {112 /*di*/, 104 /*si*/, 96 /*dx*/,
                                        56 /*r10*/, 72 /*r8*/,  64 /*r9*/};
constexpr int16_t kRegsOrigAx = 120;

class SyscallContext final : public ProbeContext {
 public:
  SyscallContext(FunctionGen& gen, const Probe& first)
      : ProbeContext(gen, first), is_return_(SyscallData(first).is_return) {}

  void GenPrologue() override {
    Builder& b = gen_.builder();
    nr_slot_ = gen_.AllocSlot();
    if (!is_return_) {
      b.Load(8, R0, R6, 8);  // sys_enter's id
    } else {
      int16_t tmp = gen_.AllocSlot();
      b.Load(8, R3, R6, 0);
      b.AluImm(BPF_ADD, R3, kRegsOrigAx);
      b.Mov(R1, R10);
      b.AluImm(BPF_ADD, R1, tmp);
      b.MovImm(R2, 8);
      b.Call(BPF_FUNC_probe_read_kernel);
      b.JumpIfImm(BPF_JNE, R0, 0, gen_.exit_label());
      b.Load(8, R0, R10, tmp);
    }
    // Only native syscalls with a probe: the tables are indexed by number.
    b.JumpIfImm(BPF_JGE, R0, kMaxSyscallNr, gen_.exit_label());
    b.Store(8, R10, nr_slot_, R0);
    // Syscalls no clause enabled have no probe id: nothing fires for them.
    GenProbeId();
    b.JumpIfImm(BPF_JEQ, R0, 0, gen_.exit_label());
  }

  void GenProbeFilter(const std::vector<const Probe*>& probes, Label skip) override {
    // A clause that takes every syscall of this side needs no test.
    const auto& all = gen_.options().probes_per_group;
    auto it = all.find({first_.owner, first_.owner->ProgramGroup(first_)});
    if (probes.size() == (it == all.end() ? 0 : it->second)) return;
    std::vector<uint32_t> numbers;
    for (const Probe* p : probes) numbers.push_back(static_cast<uint32_t>(SyscallData(*p).nr));
    GenIndexFilter(gen_, nr_slot_, numbers, kMaxSyscallNr, skip);
  }

  void GenProbeId() override {
    GenIndexedWord(gen_, nr_slot_,
                   gen_.shared().syscall_ids_off + (is_return_ ? kMaxSyscallNr * 4 : 0));
  }

  void GenEpid(const ClauseInfo& ci) override {
    Builder& b = gen_.builder();
    if (ci.probes.size() == 1) {
      b.MovImm(R0, static_cast<int32_t>(ci.epid_base));
      return;
    }
    // A table from syscall number to this clause's EPID for that probe.
    std::string table(kMaxSyscallNr * 4, '\0');
    for (size_t i = 0; i < ci.probes.size(); ++i) {
      const Probe* p = ci.probes[i];
      if (p->owner != &SyscallProvider() || SyscallData(*p).is_return != is_return_) continue;
      uint32_t epid = ci.epid_base + static_cast<uint32_t>(i);
      for (int byte = 0; byte < 4; ++byte)
        table[SyscallData(*p).nr * 4 + byte] = static_cast<char>((epid >> (8 * byte)) & 0xff);
    }
    GenIndexedWord(gen_, nr_slot_, gen_.maps().AddRodata(table, kMaxSyscallNr * 4));
  }

  void GenProbeString(Builtin which) override {
    Builder& b = gen_.builder();
    switch (which) {
      case Builtin::kProbefunc:  // the syscall's name from the table
        b.Load(8, R0, R10, nr_slot_);
        b.AluImm(BPF_LSH, R0, 6);  // kProbeStringSize per entry
        b.LoadMapValueAddr(R1, gen_.maps().rodata_map(), gen_.shared().syscall_names_off);
        b.Alu(BPF_ADD, R0, R1);
        return;
      case Builtin::kProbeprov:
        gen_.GenStringLiteral("syscall", kProbeStringSize);
        return;
      case Builtin::kProbemod:
        gen_.GenStringLiteral("vmlinux", kProbeStringSize);
        return;
      default:
        gen_.GenStringLiteral(is_return_ ? "return" : "entry", kProbeStringSize);
        return;
    }
  }

  void GenArg(int n) override {
    Builder& b = gen_.builder();
    if (is_return_) {
      if (n > 1) {
        b.MovImm(R0, 0);
        return;
      }
      // A failed call returns -1 to the program; errno holds the code.
      Label done = b.NewLabel();
      b.Load(8, R0, R6, 8);
      b.JumpIfImm(BPF_JSGE, R0, 0, done);
      b.JumpIfImm(BPF_JSLT, R0, -4095, done);
      b.MovImm(R0, -1);
      b.Bind(done);
      return;
    }
    if (n > 5) {
      b.MovImm(R0, 0);
      return;
    }
    int mark = gen_.StackMark();
    int16_t tmp = gen_.AllocSlot();
    b.StoreImm(8, R10, tmp, 0);
    b.Load(8, R3, R6, 0);
    b.AluImm(BPF_ADD, R3, kSyscallArgRegs[n]);
    b.Mov(R1, R10);
    b.AluImm(BPF_ADD, R1, tmp);
    b.MovImm(R2, 8);
    b.Call(BPF_FUNC_probe_read_kernel);
    b.Load(8, R0, R10, tmp);
    gen_.ReleaseSlotsTo(mark);
  }

  // The return value's error code; 0 at entry and after a success.
  void GenErrno() override {
    Builder& b = gen_.builder();
    if (!is_return_) {
      b.MovImm(R0, 0);
      return;
    }
    Label zero = b.NewLabel(), done = b.NewLabel();
    b.Load(8, R0, R6, 8);
    b.JumpIfImm(BPF_JSGE, R0, 0, zero);
    b.JumpIfImm(BPF_JSLT, R0, -4095, zero);
    b.Neg(R0);
    b.Jump(done);
    b.Bind(zero);
    b.MovImm(R0, 0);
    b.Bind(done);
  }

 private:
  bool is_return_;
  int16_t nr_slot_ = 0;  // the syscall number
};

bool UsesSyscalls(const ProgramInfo& info) {
  for (const ClauseInfo& ci : info.clauses)
    for (const Probe* p : ci.probes)
      if (p->owner == &SyscallProvider()) return true;
  return false;
}

class SyscallCodegenImpl final : public ProviderCodegen {
 public:
  std::unique_ptr<ProbeContext> NewContext(FunctionGen& gen, const Probe& first) const override {
    return std::make_unique<SyscallContext>(gen, first);
  }

  // The tables: probe id by number for each side, and names.
  void BeforePrograms(const ProgramInfo& info, MapRegistry& maps,
                      SharedMaps& shared) const override {
    if (!UsesSyscalls(info)) return;
    shared.syscall_ids_off = maps.ReserveRodata(2 * kMaxSyscallNr * 4);
    shared.syscall_names_off = maps.ReserveRodata(kMaxSyscallNr * kProbeStringSize);
  }

  // Filled in now that every probe exists. Probe ids come from the
  // registry through the clauses' probes; unknown numbers stay 0.
  void AfterPrograms(const ProgramInfo& info, MapRegistry& maps,
                     const SharedMaps& shared) const override {
    if (!UsesSyscalls(info)) return;
    auto& ro = maps.rodata();
    for (const ClauseInfo& ci : info.clauses) {
      for (const Probe* p : ci.probes) {
        if (p->owner != &SyscallProvider()) continue;
        const SyscallProbeData& data = SyscallData(*p);
        uint32_t at = shared.syscall_ids_off + (data.is_return ? kMaxSyscallNr * 4 : 0) +
                      static_cast<uint32_t>(data.nr) * 4;
        for (int byte = 0; byte < 4; ++byte) ro[at + byte] = (p->id >> (8 * byte)) & 0xff;
      }
    }
    for (int nr = 0; nr < kMaxSyscallNr; ++nr) {
      const char* name = runtime::SyscallName(nr);
      if (name == nullptr) continue;
      uint32_t at = shared.syscall_names_off + static_cast<uint32_t>(nr) * kProbeStringSize;
      for (size_t i = 0; name[i] && i + 1 < kProbeStringSize; ++i) ro[at + i] = name[i];
    }
  }
};

}  // namespace

const ProviderCodegen& SyscallCodegen() {
  static const SyscallCodegenImpl kCodegen;
  return kCodegen;
}

}  // namespace dt
