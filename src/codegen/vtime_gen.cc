// vtimestamp: the thread's time on CPU, exact at any instant.
//
// The scheduler keeps a thread's total (se.sum_exec_runtime) but brings it
// up to date only at ticks and context switches, and on its own clock (the
// runqueue's clock_task: sched_clock less the time stolen by the
// hypervisor and, on some kernels, interrupt time), which no BPF helper
// reads. So a program that uses vtimestamp gets one more program, on the
// sched_switch raw tracepoint: when a thread is switched in, its total is
// exact, and the program records in a per-CPU slot which thread it is and
// the total less bpf_ktime_get_ns(). While that thread runs on the CPU, its
// vtimestamp is that difference plus bpf_ktime_get_ns(): continuous, and
// advancing exactly as timestamp does. A thread that has not been switched
// in since tracing began (the slot names another) falls back on the
// scheduler's last total.
//
// Slot (kVtimeSlotBytes): the thread id + 1 (0: none), then the total less
// the clock. The switch program clears the id before it writes the
// difference, so a probe never pairs one thread's id with another's total.
#include "codegen/vtime_gen.h"

#include "codegen/function_gen.h"

namespace dt {

using namespace bpf;

namespace {
constexpr uint32_t kVtimeSlotBytes = 16;
constexpr int16_t kSlotThread = 0;
constexpr int16_t kSlotDifference = 8;
}  // namespace

void FunctionGen::GenVtimestamp() {
  if (shared_.vtime < 0) {
    shared_.vtime =
        maps_.Add({"dtrace_vtime", BPF_MAP_TYPE_PERCPU_ARRAY, 4, kVtimeSlotBytes, 1, 0, {}});
  }
  int mark = stack_top_;
  int16_t key = AllocSlot(), word = AllocSlot();
  Label scheduler_total = b_.NewLabel(), done = b_.NewLabel();
  b_.Call(BPF_FUNC_get_current_pid_tgid);
  b_.Alu32(BPF_MOV, R0, R0);  // the thread id
  b_.AluImm(BPF_ADD, R0, 1);
  b_.Store(8, R10, word, R0);
  b_.StoreImm(8, R10, key, 0);
  GenLookupOrJump(shared_.vtime, 0, key, scheduler_total);
  b_.Load(8, R1, R0, kSlotThread);
  b_.Load(8, R2, R10, word);
  b_.JumpIf(BPF_JNE, R1, R2, scheduler_total);
  b_.Load(8, R1, R0, kSlotDifference);
  b_.Store(8, R10, word, R1);
  b_.Call(BPF_FUNC_ktime_get_ns);
  b_.Load(8, R1, R10, word);
  b_.Alu(BPF_ADD, R0, R1);
  b_.Jump(done);
  b_.Bind(scheduler_total);
  b_.Call(BPF_FUNC_get_current_task);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().cputime));
  GenKernelRead(R0, 8);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

// sched_switch(bool preempt, struct task_struct *prev, struct task_struct
// *next, ...): the raw tracepoint's context is its arguments, one u64 each.
ProgramDef GenerateVtimeProgram(int vtime_map, const ProgramInfo::TaskOffsets& task) {
  constexpr int16_t kKey = -8, kTotal = -16, kThread = -24;
  Builder b;
  Label out = b.NewLabel();
  b.Load(8, R6, R1, 16);  // next
  b.StoreImm(8, R10, kKey, 0);
  b.StoreImm(8, R10, kTotal, 0);
  b.StoreImm(8, R10, kThread, 0);
  auto read = [&](int16_t slot, uint32_t offset, int size) {
    b.Mov(R1, R10);
    b.AluImm(BPF_ADD, R1, slot);
    b.MovImm(R2, size);
    b.Mov(R3, R6);
    b.AluImm(BPF_ADD, R3, static_cast<int32_t>(offset));
    b.Call(BPF_FUNC_probe_read_kernel);
    b.JumpIfImm(BPF_JNE, R0, 0, out);
  };
  read(kTotal, task.cputime, 8);
  read(kThread, task.pid, 4);
  b.LoadMapFd(R1, vtime_map);
  b.Mov(R2, R10);
  b.AluImm(BPF_ADD, R2, kKey);
  b.Call(BPF_FUNC_map_lookup_elem);
  b.JumpIfImm(BPF_JEQ, R0, 0, out);
  b.Mov(R7, R0);
  b.StoreImm(8, R7, kSlotThread, 0);
  b.Call(BPF_FUNC_ktime_get_ns);
  b.Load(8, R1, R10, kTotal);
  b.Alu(BPF_SUB, R1, R0);
  b.Store(8, R7, kSlotDifference, R1);
  b.Load(8, R1, R10, kThread);
  b.AluImm(BPF_ADD, R1, 1);
  b.Store(8, R7, kSlotThread, R1);
  b.Bind(out);
  b.MovImm(R0, 0);
  b.Exit();
  ProgramDef def;
  def.name = "vtimestamp (sched_switch)";
  def.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT;
  def.raw_tracepoint = "sched_switch";
  def.insns = b.Finish();
  return def;
}

}  // namespace dt
