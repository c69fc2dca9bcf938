// A clause's scratch memory: alloca(), bcopy(), copyinto(), copyin() in
// such a clause, and stores through the pointers they return.
//
// A clause that uses any of them (ClauseUsesArena) gets an arena in the
// per-CPU scratch buffer, reset when the clause starts, so what it
// allocates lives until the clause completes, as DTrace's scratch does:
//
//   r7 + arena       the arena's first data byte as a number (a scalar once
//                    loaded back, so D can compute with it and store it)
//   r7 + arena + 8   bytes allocated so far (a bump pointer)
//   r7 + arena + 16  the data: -x scratchsize bytes (ArenaSize), then as
//                    many again never used, so that a helper writing at a
//                    checked offset with a checked size is within the map
//                    value whatever the verifier knows of both
//
// Every store is checked at run time: its offset from the data's start
// must leave room for its size within the arena (else DTrace's "invalid
// address"), and a 2-, 4- or 8-byte store must be aligned (else "invalid
// alignment"); an allocation beyond the arena is "out of scratch space".
// The checks are unsigned comparisons of the offset with constants, which
// bound it for the verifier: the store itself is r7 + offset.
#include <algorithm>
#include <stdexcept>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"

namespace dt {

using namespace bpf;
using ast::Expr;
using ast::ExprKind;

namespace {

constexpr int16_t kArenaUsed = 8;
constexpr int16_t kArenaData = 16;

bool IsArenaCall(const Resolved& r) {
  return r.kind == Resolved::Kind::kSubroutine &&
         (r.subroutine == Subroutine::kAlloca || r.subroutine == Subroutine::kBcopy ||
          r.subroutine == Subroutine::kCopyinto);
}

bool StoresToMemory(const Expr& e) {
  bool store = e.kind == ExprKind::kAssign ||
               (e.kind == ExprKind::kUnary &&
                (e.unary_op == ast::UnaryOp::kPreInc || e.unary_op == ast::UnaryOp::kPreDec ||
                 e.unary_op == ast::UnaryOp::kPostInc || e.unary_op == ast::UnaryOp::kPostDec));
  return store && e.lhs && e.lhs->resolved &&
         e.lhs->resolved->kind == Resolved::Kind::kKernelMemory;
}

bool UsesArena(const Expr* e, int depth = 0) {
  if (e == nullptr || depth > 64) return false;
  if (e->resolved) {
    if (IsArenaCall(*e->resolved) || StoresToMemory(*e)) return true;
    if (e->resolved->kind == Resolved::Kind::kInline &&
        UsesArena(e->resolved->expansion, depth + 1))
      return true;
  }
  for (const Expr* c : {e->cond.get(), e->lhs.get(), e->rhs.get()})
    if (UsesArena(c, depth + 1)) return true;
  for (const auto& a : e->args)
    if (UsesArena(a.get(), depth + 1)) return true;
  return false;
}

bool UsesArena(const ast::Stmt& s) {
  if (UsesArena(s.expr.get())) return true;
  for (const auto& k : s.keys)
    if (UsesArena(k.get())) return true;
  for (const auto& a : s.agg_args)
    if (UsesArena(a.get())) return true;
  for (const auto& b : s.body)
    if (UsesArena(*b)) return true;
  for (const auto& b : s.else_body)
    if (UsesArena(*b)) return true;
  return false;
}

}  // namespace

bool ClauseUsesArena(const ast::Clause& clause) {
  if (UsesArena(clause.predicate.get())) return true;
  for (const auto& s : clause.body)
    if (UsesArena(*s)) return true;
  return false;
}

uint32_t FunctionGen::ArenaSize() const {
  return static_cast<uint32_t>(std::clamp<uint64_t>(options_.scratchsize, 8, kMaxArenaSize) & ~7u);
}

void FunctionGen::GenArenaStart(const ast::Clause& clause) {
  has_arena_ = ClauseUsesArena(clause);
  if (!has_arena_) return;
  const uint32_t size = ArenaSize();
  arena_ = AllocScratch(kArenaData + 2 * size + 8);
  EnsureScratch();
  const auto at = static_cast<int16_t>(arena_);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, at + kArenaData);
  b_.Store(8, R7, at, R1);
  b_.StoreImm(8, R7, static_cast<int16_t>(at + kArenaUsed), 0);
}

void FunctionGen::RequireArena(const Expr& e) const {
  if (!has_arena_)
    throw std::logic_error("line " + std::to_string(e.line) + ": scratch memory not reserved");
}

void FunctionGen::GenFaultAt(FaultKind kind, int16_t addr_slot) {
  if (addr_slot == 0)
    b_.MovImm(R3, 0);
  else
    b_.Load(8, R3, R10, addr_slot);
  EmitFault(kind, R3);
}

void FunctionGen::GenArenaAllocate(int16_t size_slot, int16_t offset_slot) {
  const auto at = static_cast<int16_t>(arena_);
  const auto size = static_cast<int32_t>(ArenaSize());
  Label fail = b_.NewLabel(), ok = b_.NewLabel();
  b_.Load(8, R0, R10, size_slot);
  b_.JumpIfImm(BPF_JGT, R0, size, fail);
  b_.Store(8, R10, size_slot, R0);  // now known to be at most the arena's size
  b_.AluImm(BPF_ADD, R0, 7);
  b_.AluImm(BPF_AND, R0, -8);  // 8-byte aligned, as DTrace's
  b_.Load(8, R1, R7, static_cast<int16_t>(at + kArenaUsed));
  b_.JumpIfImm(BPF_JGT, R1, size, fail);  // never: bounds the offset for the verifier
  b_.Mov(R2, R1);
  b_.Alu(BPF_ADD, R2, R0);
  b_.JumpIfImm(BPF_JGT, R2, size, fail);
  b_.Store(8, R7, static_cast<int16_t>(at + kArenaUsed), R2);
  b_.Store(8, R10, offset_slot, R1);
  b_.Jump(ok);
  b_.Bind(fail);
  GenFaultAt(FaultKind::kNoScratch, 0);
  b_.Bind(ok);
}

void FunctionGen::GenArenaAddress(int16_t offset_slot) {
  b_.Load(8, R0, R7, static_cast<int16_t>(arena_));
  b_.Load(8, R1, R10, offset_slot);
  b_.Alu(BPF_ADD, R0, R1);
}

void FunctionGen::GenAlloca(const Expr& e) {
  RequireArena(e);
  int mark = stack_top_;
  int16_t size_slot = AllocSlot();
  int16_t offset_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, size_slot, R0);
  GenArenaAllocate(size_slot, offset_slot);
  // Zeroed, as DTrace's: a read of address 0 fails, and a failed
  // bpf_probe_read_kernel() zero-fills its destination.
  LoadArenaDestination(size_slot, offset_slot);
  b_.MovImm(R3, 0);
  b_.Call(BPF_FUNC_probe_read_kernel);
  GenArenaAddress(offset_slot);
  ReleaseSlotsTo(mark);
}

void FunctionGen::LoadArenaDestination(int16_t size_slot, int16_t offset_slot) {
  b_.Load(8, R2, R10, size_slot);
  b_.Load(8, R1, R10, offset_slot);
  b_.Mov(R4, R7);
  b_.Alu(BPF_ADD, R4, R1);
  b_.Mov(R1, R4);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(arena_) + kArenaData);
}

void FunctionGen::GenCopyinToArena(const Expr& e) {
  RequireArena(e);
  int mark = stack_top_;
  int16_t addr_slot = AllocSlot();
  int16_t size_slot = AllocSlot();
  int16_t offset_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, addr_slot, R0);
  GenExpr(*e.args[1]);
  b_.Store(8, R10, size_slot, R0);
  GenArenaAllocate(size_slot, offset_slot);
  LoadArenaDestination(size_slot, offset_slot);
  CallReadHelperChecked(BPF_FUNC_probe_read_user, addr_slot);
  GenArenaAddress(offset_slot);
  ReleaseSlotsTo(mark);
}

// r1 = r7 + the arena offset of [*dest_slot, + *size_slot), r2 = the size,
// or DTrace's invalid-address error for the destination.
void FunctionGen::GenArenaRange(int16_t dest_slot, int16_t size_slot) {
  const auto size = static_cast<int32_t>(ArenaSize());
  Label bad = b_.NewLabel(), ok = b_.NewLabel();
  b_.Load(8, R2, R10, size_slot);
  b_.JumpIfImm(BPF_JGT, R2, size, bad);
  b_.Load(8, R1, R10, dest_slot);
  b_.Load(8, R3, R7, static_cast<int16_t>(arena_));
  b_.Alu(BPF_SUB, R1, R3);
  b_.JumpIfImm(BPF_JGT, R1, size, bad);
  b_.Mov(R3, R1);
  b_.Alu(BPF_ADD, R3, R2);
  b_.JumpIfImm(BPF_JGT, R3, size, bad);
  b_.Jump(ok);
  b_.Bind(bad);
  GenFaultAt(FaultKind::kBadAddr, dest_slot);
  b_.Bind(ok);
  b_.Mov(R4, R7);
  b_.Alu(BPF_ADD, R4, R1);
  b_.Mov(R1, R4);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(arena_) + kArenaData);
}

void FunctionGen::GenBcopy(const Expr& e) {
  // bcopy(src, dest, size): kernel (or scratch) memory into scratch.
  GenCopyIntoArena(e, 0, 1, 2, BPF_FUNC_probe_read_kernel);
}

void FunctionGen::GenCopyinto(const Expr& e) {
  // copyinto(uaddr, size, dest): user memory into scratch.
  GenCopyIntoArena(e, 0, 2, 1, BPF_FUNC_probe_read_user);
}

void FunctionGen::GenCopyIntoArena(const Expr& e, size_t src_arg, size_t dest_arg, size_t size_arg,
                                   int read_helper) {
  RequireArena(e);
  int mark = stack_top_;
  int16_t slots[3];
  for (int16_t& slot : slots) slot = AllocSlot();
  for (size_t i = 0; i < 3; ++i) {
    GenExpr(*e.args[i]);
    b_.Store(8, R10, slots[i], R0);
  }
  GenArenaRange(slots[dest_arg], slots[size_arg]);
  CallReadHelperChecked(read_helper, slots[src_arg]);
  b_.MovImm(R0, 0);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenScratchStore(const Expr& lhs, int16_t value_slot) {
  RequireArena(lhs);
  const auto width = static_cast<int32_t>(std::min<uint64_t>(lhs.type->size, 8));
  if (width != 1 && width != 2 && width != 4 && width != 8)
    throw std::logic_error("line " + std::to_string(lhs.line) + ": store of odd width");
  const auto size = static_cast<int32_t>(ArenaSize());
  int mark = stack_top_;
  int16_t addr_slot = AllocSlot();
  GenAddress(lhs);
  b_.Store(8, R10, addr_slot, R0);
  Label bad = b_.NewLabel(), misaligned = b_.NewLabel(), ok = b_.NewLabel();
  b_.Load(8, R3, R7, static_cast<int16_t>(arena_));
  b_.Alu(BPF_SUB, R0, R3);
  b_.JumpIfImm(BPF_JGT, R0, size - width, bad);
  if (width > 1) {
    b_.Load(8, R3, R10, addr_slot);
    b_.AluImm(BPF_AND, R3, width - 1);
    b_.JumpIfImm(BPF_JNE, R3, 0, misaligned);
  }
  b_.Mov(R4, R7);
  b_.Alu(BPF_ADD, R4, R0);
  b_.Load(8, R1, R10, value_slot);
  b_.Store(width, R4, static_cast<int16_t>(arena_ + kArenaData), R1);
  b_.Jump(ok);
  b_.Bind(bad);
  GenFaultAt(FaultKind::kBadAddr, addr_slot);
  if (width > 1) {
    b_.Bind(misaligned);
    GenFaultAt(FaultKind::kBadAlign, addr_slot);
  }
  b_.Bind(ok);
  ReleaseSlotsTo(mark);
}

}  // namespace dt
