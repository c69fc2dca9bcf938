// What each provider supplies to a clause: the probe identity, arguments
// and the built-in variables that depend on where the program runs.
//
//   dtrace   raw tracepoint program run once (BEGIN/END/ERROR); ctx is the
//            u64 argument array the consumer passes (ERROR's arg1..arg5).
//   syscall  raw sys_enter (ctx: regs, id) / sys_exit (ctx: regs, ret);
//            arguments are read from the saved user registers.
//   profile  perf-event program; ctx is bpf_perf_event_data (regs first).
#include <cstddef>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"

namespace dt {

using namespace bpf;

namespace {
// x86-64 struct pt_regs offsets of the syscall argument registers.
constexpr int16_t kSyscallArgRegs[6] = {112 /*di*/, 104 /*si*/, 96 /*dx*/,
                                        56 /*r10*/, 72 /*r8*/,  64 /*r9*/};
constexpr int16_t kRegsOrigAx = 120;
constexpr int16_t kRegsIp = 128;
constexpr int16_t kRegsCs = 136;
}  // namespace

void FunctionGen::GenPrologue(const std::vector<ClauseProbes>&) {
  b_.Mov(R6, R1);
  // After exit() only END and ERROR may still fire, as in DTrace: without
  // this, a probe already on its way could still print. Later programs of a
  // chain run for the same firing, which the first one let through.
  if (attach_ != AttachKind::kRunOnce && chain_.first) {
    b_.LoadMapValueAddr(R1, shared_.globals, shared_.exit_flag_off);
    b_.Load(8, R1, R1, 0);
    b_.JumpIfImm(BPF_JNE, R1, 0, exit_label_);
  }
  if (scratch_loaded_) {
    int16_t zero = AllocSlot();
    b_.StoreImm(8, R10, zero, 0);
    b_.LoadMapFd(R1, shared_.scratch);
    b_.Mov(R2, R10);
    b_.AluImm(BPF_ADD, R2, zero);
    b_.Call(BPF_FUNC_map_lookup_elem);
    b_.JumpIfImm(BPF_JEQ, R0, 0, exit_label_);
    b_.Mov(R7, R0);
  }
  if (provider_ == ProviderKind::kSyscall) {
    nr_slot_ = AllocSlot();
    if (!syscall_return_) {
      b_.Load(8, R0, R6, 8);  // sys_enter's id
    } else {
      int16_t tmp = AllocSlot();
      b_.Load(8, R3, R6, 0);
      b_.AluImm(BPF_ADD, R3, kRegsOrigAx);
      b_.Mov(R1, R10);
      b_.AluImm(BPF_ADD, R1, tmp);
      b_.MovImm(R2, 8);
      b_.Call(BPF_FUNC_probe_read_kernel);
      b_.JumpIfImm(BPF_JNE, R0, 0, exit_label_);
      b_.Load(8, R0, R10, tmp);
    }
    // Only native syscalls with a probe: the tables are indexed by number.
    b_.JumpIfImm(BPF_JGE, R0, kMaxSyscallNr, exit_label_);
    b_.Store(8, R10, nr_slot_, R0);
    // Syscalls no clause enabled have no probe id: nothing fires for them.
    GenProbeId();
    b_.JumpIfImm(BPF_JEQ, R0, 0, exit_label_);
  }
  if (chain_.first) {
    for (auto& [id, slot] : this_slots_) {
      if (chain_.this_in_scratch) EnsureScratch();
      b_.StoreImm(8, ThisBase(), slot, 0);
    }
    // A this-> string some clause may read before any assigns it reads as
    // "" (scratch memory holds the last firing's bytes).
    for (auto& [id, offset] : this_strings_) {
      const Variable& v = info_.clause_vars.at(id);
      if (!v.read_before_assigned) continue;
      EnsureScratch();
      for (uint64_t at = 0; at < v.type->size; at += 8)
        b_.StoreImm(8, R7, static_cast<int16_t>(offset + at), 0);
    }
  }
  // The early exits above jump here, right after the prologue: a jump to
  // the end of a program of thousands of clauses would not fit BPF's 16-bit
  // offsets.
  if (b_.IsJumpedTo(exit_label_)) {
    Label body = b_.NewLabel();
    b_.Jump(body);
    b_.Bind(exit_label_);
    b_.MovImm(R0, 0);
    b_.Exit();
    b_.Bind(body);
  } else {
    b_.Bind(exit_label_);
  }
}

void FunctionGen::GenProbeFilter(const ClauseProbes& cp, Label skip) {
  if (provider_ == ProviderKind::kStable) {
    auto it = info_.stable.find(single_probe_->id);
    if (it != info_.stable.end() && it->second.condition) GenCondition(*it->second.condition, skip);
    return;
  }
  if (provider_ != ProviderKind::kSyscall) return;
  // A clause that takes every syscall of this side needs no test.
  if (cp.probes.size() == all_syscall_probes_) return;
  b_.Load(8, R1, R10, nr_slot_);
  if (cp.probes.size() <= 8) {
    Label match = b_.NewLabel();
    for (const Probe* p : cp.probes) b_.JumpIfImm(BPF_JEQ, R1, p->syscall_nr, match);
    b_.Jump(skip);
    b_.Bind(match);
    return;
  }
  // A bitmap of the enabled syscall numbers in rodata.
  std::string bits(kMaxSyscallNr / 8, '\0');
  for (const Probe* p : cp.probes)
    bits[p->syscall_nr / 8] |= static_cast<char>(1 << (p->syscall_nr % 8));
  uint32_t off = maps_.AddRodata(bits, kMaxSyscallNr / 8);
  b_.Mov(R2, R1);
  b_.AluImm(BPF_RSH, R2, 3);
  b_.LoadMapValueAddr(R3, maps_.rodata_map(), off);
  b_.Alu(BPF_ADD, R3, R2);
  b_.Load(1, R3, R3, 0);
  b_.AluImm(BPF_AND, R1, 7);
  b_.Alu(BPF_RSH, R3, R1);
  b_.AluImm(BPF_AND, R3, 1);
  b_.JumpIfImm(BPF_JEQ, R3, 0, skip);
}

void FunctionGen::GenProbeId() {
  if (provider_ != ProviderKind::kSyscall) {
    b_.MovImm(R0, static_cast<int32_t>(single_probe_->id));
    return;
  }
  b_.Load(8, R0, R10, nr_slot_);
  b_.AluImm(BPF_LSH, R0, 2);
  b_.LoadMapValueAddr(R1, maps_.rodata_map(),
                      shared_.syscall_ids_off + (syscall_return_ ? kMaxSyscallNr * 4 : 0));
  b_.Alu(BPF_ADD, R1, R0);
  b_.Load(4, R0, R1, 0);
}

void FunctionGen::GenEpid() {
  const ClauseInfo& ci = *clause_->clause;
  if (provider_ != ProviderKind::kSyscall || ci.probes.size() == 1) {
    uint32_t rank = 0;
    for (size_t i = 0; i < ci.probes.size(); ++i)
      if (ci.probes[i] == single_probe_) rank = static_cast<uint32_t>(i);
    b_.MovImm(R0, static_cast<int32_t>(ci.epid_base + rank));
    return;
  }
  // A table from syscall number to this clause's EPID for that probe.
  std::string table(kMaxSyscallNr * 4, '\0');
  for (size_t i = 0; i < ci.probes.size(); ++i) {
    const Probe* p = ci.probes[i];
    if (p->kind != ProviderKind::kSyscall || p->is_return != syscall_return_) continue;
    uint32_t epid = ci.epid_base + static_cast<uint32_t>(i);
    for (int byte = 0; byte < 4; ++byte)
      table[p->syscall_nr * 4 + byte] = static_cast<char>((epid >> (8 * byte)) & 0xff);
  }
  uint32_t off = maps_.AddRodata(table, kMaxSyscallNr * 4);
  b_.Load(8, R0, R10, nr_slot_);
  b_.AluImm(BPF_LSH, R0, 2);
  b_.LoadMapValueAddr(R1, maps_.rodata_map(), off);
  b_.Alu(BPF_ADD, R1, R0);
  b_.Load(4, R0, R1, 0);
}

void FunctionGen::GenProbeString(Builtin which) {
  if (provider_ == ProviderKind::kSyscall && which == Builtin::kProbefunc) {
    b_.Load(8, R0, R10, nr_slot_);
    b_.AluImm(BPF_LSH, R0, 6);  // kProbeStringSize per entry
    b_.LoadMapValueAddr(R1, maps_.rodata_map(), shared_.syscall_names_off);
    b_.Alu(BPF_ADD, R0, R1);
    return;
  }
  std::string text;
  switch (which) {
    case Builtin::kProbeprov:
      text = provider_ == ProviderKind::kSyscall ? "syscall" : single_probe_->provider;
      break;
    case Builtin::kProbemod:
      text = provider_ == ProviderKind::kSyscall ? "vmlinux" : single_probe_->module;
      break;
    case Builtin::kProbefunc:
      text = single_probe_->function;
      break;
    default:
      text = provider_ == ProviderKind::kSyscall ? (syscall_return_ ? "return" : "entry")
                                                 : single_probe_->name;
      break;
  }
  GenStringLiteral(text, kProbeStringSize);
}

void FunctionGen::GenArg(int n) {
  switch (provider_) {
    case ProviderKind::kStable: {  // raw tracepoint: the kernel's own arguments
      // One it does not have is 0, as DTrace gives: reading it would make
      // the kernel refuse to attach the program.
      auto it = info_.stable.find(single_probe_->id);
      if (it != info_.stable.end() && it->second.raw_args >= 0 && n >= it->second.raw_args) {
        b_.MovImm(R0, 0);
        return;
      }
      b_.Load(8, R0, R6, static_cast<int16_t>(n * 8));
      return;
    }
    case ProviderKind::kTracepoint: {
      // argN is the tracepoint's Nth field as an integer (a string field's
      // address), as DTrace's sdt provider gives them.
      const std::vector<ArgLayout>& layout = info_.tracepoint_args[single_probe_->id];
      if (static_cast<size_t>(n) >= layout.size()) {
        b_.MovImm(R0, 0);
        return;
      }
      const ArgLayout& a = layout[static_cast<size_t>(n)];
      auto off = static_cast<int16_t>(a.offset);
      if (a.is_data_loc) {
        b_.Load(4, R0, R6, off);
        b_.AluImm(BPF_AND, R0, 0xffff);
        b_.Alu(BPF_ADD, R0, R6);
      } else if (a.size == 1 || a.size == 2 || a.size == 4 || a.size == 8) {
        b_.Load(static_cast<int>(a.size), R0, R6, off);
        if (a.is_signed && a.size < 8) {
          b_.AluImm(BPF_LSH, R0, 64 - 8 * static_cast<int>(a.size));
          b_.AluImm(BPF_ARSH, R0, 64 - 8 * static_cast<int>(a.size));
        }
      } else {
        b_.Mov(R0, R6);
        b_.AluImm(BPF_ADD, R0, off);  // an array: its address
      }
      return;
    }
    case ProviderKind::kDtrace:
      b_.Load(8, R0, R6, static_cast<int16_t>(n * 8));
      return;
    case ProviderKind::kProfile: {
      // arg0: the kernel PC when the tick hit kernel code; arg1: the user PC.
      if (n > 1) {
        b_.MovImm(R0, 0);
        return;
      }
      Label zero = b_.NewLabel(), done = b_.NewLabel();
      b_.Load(8, R1, R6, kRegsCs);
      b_.AluImm(BPF_AND, R1, 3);
      b_.JumpIfImm(n == 0 ? BPF_JEQ : BPF_JNE, R1, 3, zero);
      b_.Load(8, R0, R6, kRegsIp);
      b_.Jump(done);
      b_.Bind(zero);
      b_.MovImm(R0, 0);
      b_.Bind(done);
      return;
    }
    case ProviderKind::kSyscall: {
      if (syscall_return_) {
        if (n > 1) {
          b_.MovImm(R0, 0);
          return;
        }
        // A failed call returns -1 to the program; errno holds the code.
        Label done = b_.NewLabel();
        b_.Load(8, R0, R6, 8);
        b_.JumpIfImm(BPF_JSGE, R0, 0, done);
        b_.JumpIfImm(BPF_JSLT, R0, -4095, done);
        b_.MovImm(R0, -1);
        b_.Bind(done);
        return;
      }
      if (n > 5) {
        b_.MovImm(R0, 0);
        return;
      }
      int mark = stack_top_;
      int16_t tmp = AllocSlot();
      b_.StoreImm(8, R10, tmp, 0);
      b_.Load(8, R3, R6, 0);
      b_.AluImm(BPF_ADD, R3, kSyscallArgRegs[n]);
      b_.Mov(R1, R10);
      b_.AluImm(BPF_ADD, R1, tmp);
      b_.MovImm(R2, 8);
      b_.Call(BPF_FUNC_probe_read_kernel);
      b_.Load(8, R0, R10, tmp);
      ReleaseSlotsTo(mark);
      return;
    }
  }
}

void FunctionGen::RequireTaskOffsets(const ast::Expr& e, const char* what) {
  if (options_.task_parent_offset == 0) {
    throw CompileError(
        "D_IDENT_UNDEF", e.line,
        std::string(what) + " is unavailable: the kernel's BTF type information could not be read");
  }
}

void FunctionGen::GenKernelRead(bpf::Reg addr, int size) {
  int mark = stack_top_;
  int16_t tmp = AllocSlot();
  b_.Mov(R3, addr);
  b_.StoreImm(8, R10, tmp, 0);
  b_.Mov(R1, R10);
  b_.AluImm(BPF_ADD, R1, tmp);
  b_.MovImm(R2, size);
  b_.Call(BPF_FUNC_probe_read_kernel);
  b_.Load(size, R0, R10, tmp);
  ReleaseSlotsTo(mark);
}

// The task a sched:::on-cpu probe fires for (the one starting to run), or
// nullptr when the probe's thread is the current one.
const ast::Expr* FunctionGen::ContextTask() {
  if (provider_ != ProviderKind::kStable) return nullptr;
  auto it = info_.stable.find(single_probe_->id);
  return it == info_.stable.end() ? nullptr : it->second.task;
}

bool FunctionGen::GenContextTaskBuiltin(Builtin which) {
  const ast::Expr* task = ContextTask();
  if (task == nullptr) return false;
  switch (which) {
    case Builtin::kCurthread:
      GenExpr(*task);
      return true;
    case Builtin::kPid:
    case Builtin::kTid:
      GenExpr(*task);
      b_.AluImm(BPF_ADD, R0,
                static_cast<int32_t>(which == Builtin::kPid ? options_.task_tgid_offset
                                                            : options_.task_pid_offset));
      GenKernelRead(R0, 4);
      return true;
    case Builtin::kPpid:
      GenExpr(*task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(options_.task_parent_offset));
      GenKernelRead(R0, 8);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(options_.task_tgid_offset));
      GenKernelRead(R0, 4);
      return true;
    case Builtin::kExecname: {
      uint32_t off = AllocScratch(kExecnameSize);
      EnsureScratch();
      int mark = stack_top_;
      int16_t addr = AllocSlot();
      GenExpr(*task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(options_.task_comm_offset));
      b_.Store(8, R10, addr, R0);
      ZeroMem(R7, static_cast<int16_t>(off), kExecnameSize);
      b_.Mov(R1, R7);
      b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
      b_.MovImm(R2, kExecnameSize);
      b_.Load(8, R3, R10, addr);
      b_.Call(BPF_FUNC_probe_read_kernel_str);
      ReleaseSlotsTo(mark);
      b_.Mov(R0, R7);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
      return true;
    }
    default:
      return false;
  }
}

void FunctionGen::GenBuiltin(const ast::Expr& e) {
  auto which = static_cast<Builtin>(e.binding);
  if (GenContextTaskBuiltin(which)) return;
  switch (which) {
    case Builtin::kPid:
      b_.Call(BPF_FUNC_get_current_pid_tgid);
      b_.AluImm(BPF_RSH, R0, 32);
      return;
    case Builtin::kTid:
      b_.Call(BPF_FUNC_get_current_pid_tgid);
      b_.Alu32(BPF_MOV, R0, R0);
      return;
    case Builtin::kUid:
      b_.Call(BPF_FUNC_get_current_uid_gid);
      b_.Alu32(BPF_MOV, R0, R0);
      return;
    case Builtin::kGid:
      b_.Call(BPF_FUNC_get_current_uid_gid);
      b_.AluImm(BPF_RSH, R0, 32);
      return;
    case Builtin::kPpid: {
      RequireTaskOffsets(e, "ppid");
      b_.Call(BPF_FUNC_get_current_task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(options_.task_parent_offset));
      GenKernelRead(R0, 8);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(options_.task_tgid_offset));
      GenKernelRead(R0, 4);
      return;
    }
    case Builtin::kCurthread:
      b_.Call(BPF_FUNC_get_current_task);
      return;
    case Builtin::kCaller:
      GenStackFrame(1);
      return;
    case Builtin::kStackdepth:
      GenStackDepth();
      return;
    case Builtin::kExecname: {
      uint32_t off = AllocScratch(kExecnameSize);
      EnsureScratch();
      b_.Mov(R1, R7);
      b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
      b_.MovImm(R2, kExecnameSize);
      b_.Call(BPF_FUNC_get_current_comm);
      b_.Mov(R0, R7);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
      return;
    }
    case Builtin::kProbeprov:
    case Builtin::kProbemod:
    case Builtin::kProbefunc:
    case Builtin::kProbename:
      GenProbeString(which);
      return;
    case Builtin::kTimestamp:
      b_.Call(BPF_FUNC_ktime_get_ns);
      return;
    case Builtin::kVtimestamp:
      // The scheduler's running total for this thread: it advances at each
      // scheduler tick and context switch, not continuously.
      RequireTaskOffsets(e, "vtimestamp");
      b_.Call(BPF_FUNC_get_current_task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(options_.task_cputime_offset));
      GenKernelRead(R0, 8);
      return;
    case Builtin::kWalltimestamp:
      b_.Call(BPF_FUNC_ktime_get_ns);
      b_.LoadImm(R1, static_cast<uint64_t>(options_.wall_offset_ns));
      b_.Alu(BPF_ADD, R0, R1);
      return;
    case Builtin::kCpu:
      b_.Call(BPF_FUNC_get_smp_processor_id);
      return;
    case Builtin::kEpid:
      GenEpid();
      return;
    case Builtin::kId:
      GenProbeId();
      return;
    case Builtin::kErrno: {
      if (provider_ != ProviderKind::kSyscall || !syscall_return_) {
        b_.MovImm(R0, 0);
        return;
      }
      Label zero = b_.NewLabel(), done = b_.NewLabel();
      b_.Load(8, R0, R6, 8);
      b_.JumpIfImm(BPF_JSGE, R0, 0, zero);
      b_.JumpIfImm(BPF_JSLT, R0, -4095, zero);
      b_.Neg(R0);
      b_.Jump(done);
      b_.Bind(zero);
      b_.MovImm(R0, 0);
      b_.Bind(done);
      return;
    }
    default:
      GenArg(static_cast<int>(which) - static_cast<int>(Builtin::kArg0));
      return;
  }
}

}  // namespace dt

namespace dt {

// Leading frames of bpf_get_stack()'s kernel stack that belong to the
// tracing machinery rather than to the traced code, by program kind:
//  * perf events (profile, tick): none, the stack starts at the interrupted
//    PC;
//  * run-once programs (BEGIN, END, ERROR, run by BPF_PROG_TEST_RUN): the
//    BPF program itself;
//  * raw tracepoints (syscall): the program, bpf_trace_runN and the
//    tracepoint's __bpf_trace_* thunk, e.g. on sys_enter
//      <bpf prog>, bpf_trace_run2+0xf2, __bpf_trace_sys_enter+0xc,
//      syscall_trace_enter+0x180, do_syscall_64+0x1fa, entry_SYSCALL_64...
// stack() skips only the program's frame in the kernel and lets the
// consumer drop the rest by name (consumer/stack_format.h), which also
// copes with a thunk that the compiler turned into a tail call. caller and
// stackdepth are computed here: at raw tracepoints they test the leading
// frames against the tracing functions' text (CodegenOptions::tracing_text),
// since the thunk may be a tail call (6.1) and the tracepoint's iterator
// joins when a second program shares it; elsewhere the counts below hold.
// Perf tracepoints (sdt): the perf event carries the registers of the
// tracepoint's call site, so the stack starts there (measured:
// sched_switch's first frame is __schedule).
constexpr int kPerfTracepointFrames = 0;

int FunctionGen::TracingFrames() const {
  switch (attach_) {
    case AttachKind::kPerfTimer:
      return 0;
    case AttachKind::kRunOnce:
      return 1;
    case AttachKind::kRawTracepoint:
      return 3;
    case AttachKind::kTracepoint:
      return kPerfTracepointFrames;
    case AttachKind::kTailCall:  // generated as its chain's first program
      break;
  }
  return 0;
}

// At most this many frames above a raw tracepoint's program are tracing
// machinery: bpf_trace_runN, __bpf_trace_<tp>, __traceiter_<tp>.
constexpr int kMaxTracingFrames = 3;

std::vector<TextRange> FunctionGen::TracingText() const {
  if (attach_ != AttachKind::kRawTracepoint || !options_.tracing_text) return {};
  return options_.tracing_text(raw_tracepoint_);
}

void FunctionGen::GenLeadingTracingFrames(uint32_t off, const std::vector<TextRange>& text) {
  Label done = b_.NewLabel();
  b_.MovImm(R0, 0);
  for (int i = 0; i < kMaxTracingFrames; ++i) {
    Label tracing = b_.NewLabel();
    b_.Load(8, R1, R7, static_cast<int16_t>(off + i * 8));
    for (const TextRange& r : text) {
      Label outside = b_.NewLabel();
      b_.LoadImm(R2, r.start);
      b_.JumpIf(BPF_JLT, R1, R2, outside);
      b_.LoadImm(R2, r.end);
      b_.JumpIf(BPF_JLT, R1, R2, tracing);
      b_.Bind(outside);
    }
    b_.Jump(done);
    b_.Bind(tracing);
    b_.MovImm(R0, i + 1);
  }
  b_.Bind(done);
}

void FunctionGen::GenStackFrame(int frame) {
  EnsureScratch();
  std::vector<TextRange> text = TracingText();
  if (!text.empty()) {
    // Frames above the program's own: the tracing ones, then the traced code.
    const uint32_t words = static_cast<uint32_t>(kMaxTracingFrames + frame + 1);
    uint32_t off = AllocScratch(words * 8);
    int mark = stack_top_;
    int16_t frames_slot = AllocSlot();
    b_.Mov(R1, R6);
    b_.Mov(R2, R7);
    b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(off));
    b_.MovImm(R3, static_cast<int32_t>(words * 8));
    b_.MovImm(R4, 1);
    b_.Call(BPF_FUNC_get_stack);
    Label have = b_.NewLabel(), none = b_.NewLabel(), done = b_.NewLabel();
    b_.JumpIfImm(BPF_JSGE, R0, 0, have);
    b_.MovImm(R0, 0);
    b_.Bind(have);
    b_.AluImm(BPF_RSH, R0, 3);
    b_.Store(8, R10, frames_slot, R0);
    GenLeadingTracingFrames(off, text);
    b_.AluImm(BPF_ADD, R0, frame);
    b_.Load(8, R1, R10, frames_slot);
    b_.JumpIf(BPF_JGE, R0, R1, none);  // the stack ends before that frame
    b_.AluImm(BPF_LSH, R0, 3);
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
    b_.Alu(BPF_ADD, R1, R0);
    b_.Load(8, R0, R1, 0);
    b_.Jump(done);
    b_.Bind(none);
    b_.MovImm(R0, 0);
    b_.Bind(done);
    ReleaseSlotsTo(mark);
    return;
  }
  uint32_t off = AllocScratch(8);
  int skip = frame + TracingFrames();
  b_.Mov(R1, R6);
  b_.Mov(R2, R7);
  b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(off));
  b_.MovImm(R3, 8);
  b_.MovImm(R4, skip & BPF_F_SKIP_FIELD_MASK);
  b_.Call(BPF_FUNC_get_stack);
  b_.Load(8, R0, R7, static_cast<int16_t>(off));
}

void FunctionGen::GenStackDepth() {
  EnsureScratch();
  constexpr uint32_t kBytes = (kMaxStackFrames + kStackTracingFrames) * 8;
  uint32_t off = AllocScratch(kBytes);
  std::vector<TextRange> text = TracingText();
  if (!text.empty()) {
    int mark = stack_top_;
    int16_t frames_slot = AllocSlot();
    b_.Mov(R1, R6);
    b_.Mov(R2, R7);
    b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(off));
    b_.MovImm(R3, kBytes);
    b_.MovImm(R4, 1);  // the program's own frame
    b_.Call(BPF_FUNC_get_stack);
    Label have = b_.NewLabel(), empty = b_.NewLabel(), done = b_.NewLabel();
    b_.JumpIfImm(BPF_JSGE, R0, 0, have);
    b_.MovImm(R0, 0);
    b_.Bind(have);
    b_.AluImm(BPF_RSH, R0, 3);
    b_.Store(8, R10, frames_slot, R0);
    GenLeadingTracingFrames(off, text);
    b_.Load(8, R1, R10, frames_slot);
    b_.JumpIf(BPF_JGE, R0, R1, empty);
    b_.Alu(BPF_SUB, R1, R0);
    b_.Mov(R0, R1);
    b_.Jump(done);
    b_.Bind(empty);
    b_.MovImm(R0, 0);
    b_.Bind(done);
    ReleaseSlotsTo(mark);
    return;
  }
  int skip = TracingFrames();
  b_.Mov(R1, R6);
  b_.Mov(R2, R7);
  b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(off));
  b_.MovImm(R3, kBytes);
  b_.MovImm(R4, skip);
  b_.Call(BPF_FUNC_get_stack);
  bpf::Label done = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, R0, 0, done);
  b_.MovImm(R0, 0);  // no kernel stack (a user-mode sample) or an error
  b_.Bind(done);
  b_.AluImm(BPF_RSH, R0, 3);
}

}  // namespace dt
