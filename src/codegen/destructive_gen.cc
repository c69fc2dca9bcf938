// The destructive actions a BPF program carries out itself: chill() and
// copyout()/copyoutstr(). (stop() and raise() are in action_gen.cc;
// freopen(), ftruncate(), breakpoint() and panic() only send a record, for
// the consumer.)
//
// chill(ns) spins on bpf_ktime_get_ns() until ns have passed. The verifier
// explores every turn of an ordinary loop, so a spin of any length needs
// bpf_loop (Linux 5.17), whose callback (GenCallbacks, after the program's
// exit) returns 1 once the deadline is reached: kLoopRounds calls of
// bpf_loop's largest count outlast the longest chill allowed. As in
// DTrace, a CPU spins at most kChillMax nanoseconds in each kChillInterval:
// a chill that would pass it spins not at all and is an illegal operation.
//
// copyout(buf, addr, n) writes n bytes of buf at addr in the current
// process with bpf_probe_write_user; copyoutstr(s, addr, maxlen) writes the
// string and its NUL, at most maxlen bytes. A write the kernel refuses is an
// invalid address fault at addr, as DTrace reports it.
#include <algorithm>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;
using namespace bpf;

namespace {

constexpr int32_t kChillMax = 500000000;        // ns a CPU may spin per interval
constexpr int32_t kChillInterval = 1000000000;  // ns
constexpr int32_t kLoopCount = 1 << 23;         // the largest count bpf_loop takes
constexpr int kLoopRounds = 16;
// The per-CPU slot: when the current interval started, ns spun in it.
constexpr int16_t kIntervalStart = 0;
constexpr int16_t kChilled = 8;
constexpr uint32_t kChillSlotBytes = 16;
// copyout() from a pointer: bytes read at most when n is not a constant.
constexpr uint32_t kCopyoutDefault = 256;
constexpr uint32_t kCopyoutMax = 4096;

}  // namespace

void FunctionGen::GenChill(const Expr& call) {
  if (shared_.chill < 0) {
    shared_.chill =
        maps_.Add({"dtrace_chill", BPF_MAP_TYPE_PERCPU_ARRAY, 4, kChillSlotBytes, 1, 0, {}});
  }
  if (!chill_callback_) chill_callback_ = b_.NewLabel();
  int mark = stack_top_;
  int16_t ns = AllocSlot(), key = AllocSlot(), state = AllocSlot(), deadline = AllocSlot();
  Label same_interval = b_.NewLabel(), refused = b_.NewLabel(), done = b_.NewLabel();
  GenExpr(*call.args[0]);
  b_.Store(8, R10, ns, R0);
  b_.StoreImm(8, R10, key, 0);
  GenLookupOrJump(shared_.chill, 0, key, done);  // an array's one element: always there
  b_.Store(8, R10, state, R0);
  b_.Call(BPF_FUNC_ktime_get_ns);
  b_.Store(8, R10, deadline, R0);  // now, for the moment
  b_.Load(8, R1, R10, state);
  b_.Load(8, R2, R1, kIntervalStart);
  b_.Mov(R3, R0);
  b_.Alu(BPF_SUB, R3, R2);
  b_.JumpIfImm(BPF_JLE, R3, kChillInterval, same_interval);
  b_.Store(8, R1, kIntervalStart, R0);
  b_.StoreImm(8, R1, kChilled, 0);
  b_.Bind(same_interval);
  // Unsigned: a negative chill is more than the most allowed.
  b_.Load(8, R3, R10, ns);
  b_.JumpIfImm(BPF_JGT, R3, kChillMax, refused);
  b_.Load(8, R2, R1, kChilled);
  b_.Alu(BPF_ADD, R2, R3);
  b_.JumpIfImm(BPF_JGT, R2, kChillMax, refused);
  b_.Store(8, R1, kChilled, R2);
  b_.Load(8, R2, R10, deadline);
  b_.Alu(BPF_ADD, R2, R3);
  b_.Store(8, R10, deadline, R2);
  for (int round = 0; round < kLoopRounds; ++round) {
    b_.Call(BPF_FUNC_ktime_get_ns);
    b_.Load(8, R1, R10, deadline);
    b_.JumpIf(BPF_JGE, R0, R1, done);
    b_.MovImm(R1, kLoopCount);
    b_.LoadFuncAddr(R2, *chill_callback_);
    b_.Mov(R3, R10);
    b_.AluImm(BPF_ADD, R3, deadline);
    b_.MovImm(R4, 0);
    b_.Call(BPF_FUNC_loop);
  }
  b_.Jump(done);
  b_.Bind(refused);
  b_.MovImm(R0, 0);
  EmitFault(FaultKind::kIllegalOp, R0);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenCallbacks() {
  if (json_callback_) GenJsonCallback();
  if (!chill_callback_) return;
  // r1: the turn, r2: the deadline's address. 1 stops the loop.
  Label reached = b_.NewLabel();
  b_.Bind(*chill_callback_);
  b_.Mov(R6, R2);
  b_.Call(BPF_FUNC_ktime_get_ns);
  b_.Load(8, R1, R6, 0);
  b_.JumpIf(BPF_JGE, R0, R1, reached);
  b_.MovImm(R0, 0);
  b_.Exit();
  b_.Bind(reached);
  b_.MovImm(R0, 1);
  b_.Exit();
}

void FunctionGen::GenCopyout(const Expr& call) {
  const Expr& buf = *call.args[0];
  const bool as_string = call.text == "copyoutstr";
  int mark = stack_top_;
  int16_t src = AllocSlot(), addr = AllocSlot(), len = AllocSlot();
  Label done = b_.NewLabel(), fits = b_.NewLabel(), nonzero = b_.NewLabel(), ok = b_.NewLabel();
  uint32_t cap = 0;
  if (buf.type->IsString()) {
    cap = static_cast<uint32_t>(buf.type->size);
  } else {
    const Expr& n = *call.args[2];
    cap = n.kind == ExprKind::kInteger
              ? static_cast<uint32_t>(std::min<uint64_t>(n.int_value, kCopyoutMax))
              : kCopyoutDefault;
    if (cap == 0) cap = 1;
  }
  GenExpr(buf);
  b_.Store(8, R10, src, R0);
  GenExpr(*call.args[1]);
  b_.Store(8, R10, addr, R0);
  GenExpr(*call.args[2]);
  b_.JumpIfImm(BPF_JEQ, R0, 0, done);  // nothing to write
  b_.JumpIfImm(BPF_JLE, R0, static_cast<int32_t>(cap), fits);
  b_.MovImm(R0, static_cast<int32_t>(cap));
  b_.Bind(fits);
  b_.Store(8, R10, len, R0);
  if (as_string || !buf.type->IsString()) {
    // Into scratch: a pointer's bytes, or the string up to its NUL (whose
    // length, the NUL included, is what gets written).
    EnsureScratch();
    uint32_t off = AllocScratch(cap);
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
    b_.Load(8, R2, R10, len);
    if (as_string) {
      b_.Load(8, R3, R10, src);
      b_.Call(BPF_FUNC_probe_read_kernel_str);
      b_.JumpIfImm(BPF_JSLE, R0, 0, done);
      b_.JumpIfImm(BPF_JLE, R0, static_cast<int32_t>(cap), nonzero);
      b_.MovImm(R0, static_cast<int32_t>(cap));
      b_.Bind(nonzero);
      b_.Store(8, R10, len, R0);
    } else {
      CallReadHelperChecked(BPF_FUNC_probe_read_kernel, src);
    }
    b_.Mov(R0, R7);
    b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
    b_.Store(8, R10, src, R0);
  }
  b_.Load(8, R1, R10, addr);
  b_.Load(8, R2, R10, src);
  b_.Load(8, R3, R10, len);
  // The verifier wants the size's bounds in the register itself.
  b_.JumpIfImm(BPF_JEQ, R3, 0, done);
  b_.JumpIfImm(BPF_JGT, R3, static_cast<int32_t>(cap), done);
  b_.Call(BPF_FUNC_probe_write_user);
  b_.JumpIfImm(BPF_JSGE, R0, 0, ok);
  b_.Load(8, R3, R10, addr);
  EmitFault(FaultKind::kBadAddr, R3);
  b_.Bind(ok);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

}  // namespace dt
