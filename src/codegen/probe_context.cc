// The built-in variables of the probe context, and the provider-independent
// defaults of ProbeContext (probe_context.h). What depends on the provider
// is in its <provider>_context.cc.
#include "codegen/probe_context.h"

#include <cstddef>
#include <stdexcept>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"

namespace dt {

using namespace bpf;

void ProbeContext::GenProbeFilter(const std::vector<const Probe*>&, Label) {}

void ProbeContext::GenProbeId() { gen_.builder().MovImm(R0, static_cast<int32_t>(first_.id)); }

void ProbeContext::GenEpid(const ClauseInfo& ci) {
  uint32_t rank = 0;
  for (size_t i = 0; i < ci.probes.size(); ++i)
    if (ci.probes[i] == &first_) rank = static_cast<uint32_t>(i);
  gen_.builder().MovImm(R0, static_cast<int32_t>(ci.epid_base + rank));
}

void ProbeContext::GenProbeString(Builtin which) {
  std::string text;
  switch (which) {
    case Builtin::kProbeprov:
      text = first_.provider;
      break;
    case Builtin::kProbemod:
      text = first_.module;
      break;
    case Builtin::kProbefunc:
      text = first_.function;
      break;
    default:
      text = first_.name;
      break;
  }
  gen_.GenStringLiteral(text, kProbeStringSize);
}

void ProbeContext::GenErrno() { gen_.builder().MovImm(R0, 0); }

void GenIndexFilter(FunctionGen& gen, int16_t index_slot, const std::vector<uint32_t>& members,
                    uint32_t universe, Label skip) {
  Builder& b = gen.builder();
  b.Load(8, R1, R10, index_slot);
  if (members.size() <= 8) {
    Label match = b.NewLabel();
    for (uint32_t m : members) b.JumpIfImm(BPF_JEQ, R1, static_cast<int32_t>(m), match);
    b.Jump(skip);
    b.Bind(match);
    return;
  }
  uint32_t bytes = (universe + 7) / 8;
  std::string bits(bytes, '\0');
  for (uint32_t m : members) bits[m / 8] |= static_cast<char>(1 << (m % 8));
  uint32_t off = gen.maps().AddRodata(bits, bytes);
  b.Mov(R2, R1);
  b.AluImm(BPF_RSH, R2, 3);
  b.LoadMapValueAddr(R3, gen.maps().rodata_map(), off);
  b.Alu(BPF_ADD, R3, R2);
  b.Load(1, R3, R3, 0);
  b.AluImm(BPF_AND, R1, 7);
  b.Alu(BPF_RSH, R3, R1);
  b.AluImm(BPF_AND, R3, 1);
  b.JumpIfImm(BPF_JEQ, R3, 0, skip);
}

void GenIndexedWord(FunctionGen& gen, int16_t index_slot, uint32_t table) {
  Builder& b = gen.builder();
  b.Load(8, R0, R10, index_slot);
  b.AluImm(BPF_LSH, R0, 2);
  b.LoadMapValueAddr(R1, gen.maps().rodata_map(), table);
  b.Alu(BPF_ADD, R1, R0);
  b.Load(4, R0, R1, 0);
}

void FunctionGen::GenPrologue(const std::vector<ClauseProbes>&) {
  b_.Mov(R6, R1);
  // After exit() only END and ERROR may still fire, as in DTrace: without
  // this, a probe already on its way could still print. Later programs of a
  // chain run for the same firing, which the first one let through.
  if (!shape_.run_once && chain_.first) {
    b_.LoadMapValueAddr(R1, shared_.globals, shared_.exit_flag_off);
    b_.Load(8, R1, R1, 0);
    b_.JumpIfImm(BPF_JNE, R1, 0, exit_label_);
  }
  // Option cpu: a probe firing on another CPU does nothing (DTrace traces
  // only there). BEGIN, END and ERROR run where dtrace runs them.
  if (!shape_.run_once && chain_.first && options_.cpu >= 0) {
    b_.Call(BPF_FUNC_get_smp_processor_id);
    b_.JumpIfImm(BPF_JNE, R0, options_.cpu, exit_label_);
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
  context_->GenPrologue();
  if (chain_.first) {
    for (auto& [id, slot] : this_slots_) {
      if (chain_.this_in_scratch) EnsureScratch();
      b_.StoreImm(8, ThisBase(), slot, 0);
    }
    // A this-> string some clause may read before any assigns it reads as
    // "" (scratch memory holds the last firing's bytes); a this-> struct,
    // union or array starts zeroed, as its members are written one by one.
    for (auto& [id, offset] : this_strings_) {
      const Variable& v = info_.clause_vars.at(id);
      if (!v.read_before_assigned && !IsObjectType(v.type)) continue;
      EnsureScratch();
      for (uint64_t at = 0; at < StoredBytes(v.type); at += 8)
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

const ProgramInfo::TaskOffsets& FunctionGen::TaskOffsets() const {
  if (!info_.task_offsets) throw std::logic_error("sema found no struct task_struct offsets");
  return *info_.task_offsets;
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
      b_.AluImm(
          BPF_ADD, R0,
          static_cast<int32_t>(which == Builtin::kPid ? TaskOffsets().tgid : TaskOffsets().pid));
      GenKernelRead(R0, 4);
      return true;
    case Builtin::kPpid:
      GenExpr(*task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().real_parent));
      GenKernelRead(R0, 8);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().tgid));
      GenKernelRead(R0, 4);
      return true;
    case Builtin::kExecname: {
      uint32_t off = AllocScratch(kExecnameSize);
      EnsureScratch();
      int mark = stack_top_;
      int16_t addr = AllocSlot();
      GenExpr(*task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().comm));
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
  Builtin which = ResolutionOf(e).builtin;
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
      b_.Call(BPF_FUNC_get_current_task);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().real_parent));
      GenKernelRead(R0, 8);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().tgid));
      GenKernelRead(R0, 4);
      return;
    }
    case Builtin::kCurthread:
      b_.Call(BPF_FUNC_get_current_task);
      return;
    case Builtin::kCaller:
      // Past a fixed count of tracing frames the stack starts at the traced
      // function's caller (fbt); past a tracepoint's, at the function that
      // holds the tracepoint, whose caller is next.
      GenStackFrame(shape_.tracing_frames_fixed ? 0 : 1);
      return;
    case Builtin::kStackdepth:
      GenStackDepth();
      return;
    case Builtin::kUstackdepth:
      GenUserStackDepth();
      return;
    case Builtin::kUcaller:
      GenUserCaller();
      return;
    case Builtin::kUregs:
      GenUserRegister(*e.args[0]);
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
      context_->GenProbeString(which);
      return;
    case Builtin::kTimestamp:
      b_.Call(BPF_FUNC_ktime_get_ns);
      return;
    case Builtin::kVtimestamp:
      GenVtimestamp();
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
      context_->GenEpid(*clause_->clause);
      return;
    case Builtin::kId:
      GenProbeId();
      return;
    case Builtin::kErrno:
      context_->GenErrno();
      return;
    default:
      context_->GenArg(static_cast<int>(which) - static_cast<int>(Builtin::kArg0));
      return;
  }
}

}  // namespace dt

namespace dt {

// caller and stackdepth skip the leading frames of bpf_get_stack()'s kernel
// stack that belong to the tracing machinery. stack() skips only the
// program's frame in the kernel and lets the consumer drop the rest by name
// (consumer/stack_format.h). At raw tracepoints caller and stackdepth test
// the leading frames against the tracing functions' text
// (CodegenOptions::tracing_text): the tracepoint's __bpf_trace_* thunk may
// be a tail call (Debian's 6.1) and its __traceiter_* iterator joins when a
// second program shares the tracepoint. Elsewhere the provider's fixed
// count (ProgramShape::tracing_frames) holds.
// At most this many frames above a raw tracepoint's program are tracing
// machinery: bpf_trace_runN, __bpf_trace_<tp>, __traceiter_<tp>.
constexpr int kMaxTracingFrames = 3;

std::vector<TextRange> FunctionGen::TracingText() const {
  if (raw_tracepoint_.empty() || !options_.tracing_text) return {};
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

void FunctionGen::GenStackAboveProgram(uint32_t off, uint32_t bytes, int16_t frames_slot) {
  b_.Mov(R1, R6);
  b_.Mov(R2, R7);
  b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(off));
  b_.MovImm(R3, static_cast<int32_t>(bytes));
  b_.MovImm(R4, 1);  // the program's own frame
  b_.Call(BPF_FUNC_get_stack);
  Label have = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, R0, 0, have);
  b_.MovImm(R0, 0);
  b_.Bind(have);
  b_.AluImm(BPF_RSH, R0, 3);
  b_.Store(8, R10, frames_slot, R0);
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
    GenStackAboveProgram(off, words * 8, frames_slot);
    Label none = b_.NewLabel(), done = b_.NewLabel();
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
    GenStackAboveProgram(off, kBytes, frames_slot);
    Label empty = b_.NewLabel(), done = b_.NewLabel();
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
