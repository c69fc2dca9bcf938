// Speculations: speculation(), speculate(), commit() and discard().
//
// The BPF side owns the slots (format/speculation_layout.h): speculation()
// claims a free one with a compare-and-exchange, so two CPUs never get the
// same id; commit() and discard() free theirs the same way, so only one of
// them acts, and name its token in their record. The consumer holds
// speculative records by token and prints or drops them when the commit or
// discard record arrives, after them in the ring.
#include "codegen/function_gen.h"
#include "format/speculation_layout.h"

namespace dt {

using ast::Expr;
using namespace bpf;

void FunctionGen::GenSpeculation() {
  const auto nspec = static_cast<int32_t>(options_.nspec);
  EnsureScratch();
  const uint32_t id_word = AllocScratch(8);
  int mark = stack_top_;
  int16_t key = AllocSlot(), token = AllocSlot();
  Label loop = b_.NewLabel(), next = b_.NewLabel();
  Label failed = b_.NewLabel(), counted = b_.NewLabel(), got = b_.NewLabel(), done = b_.NewLabel();
  auto lookup = [&] {
    b_.LoadMapFd(R1, shared_.speculations);
    b_.Mov(R2, R10);
    b_.AluImm(BPF_ADD, R2, key);
    b_.Call(BPF_FUNC_map_lookup_elem);
  };
  // A fresh token: an even number no earlier speculation had.
  b_.StoreImm(8, R10, key, nspec + kSpecSequence);
  lookup();
  b_.JumpIfImm(BPF_JEQ, R0, 0, counted);
  b_.MovImm(R1, 1);
  b_.AtomicFetchAdd(8, R0, 0, R1);
  b_.AluImm(BPF_ADD, R1, 1);
  b_.AluImm(BPF_LSH, R1, 1);
  b_.Store(8, R10, token, R1);
  b_.MovImm(R9, 0);
  if (nspec == 0) b_.Jump(failed);
  // The first free slot, in id order. The index lives in r9, which helpers
  // keep, so the verifier knows it at every turn (Linux 6.1 loses a value
  // it knew once a helper has read it from the stack, and then calls the
  // loop infinite).
  b_.Bind(loop);
  b_.Store(8, R10, key, R9);
  lookup();
  b_.JumpIfImm(BPF_JEQ, R0, 0, next);
  b_.Load(8, R2, R0, 0);
  b_.JumpIfImm(BPF_JNE, R2, 0, next);
  b_.Load(8, R1, R10, token);
  b_.Mov(R2, R0);
  b_.MovImm(R0, 0);
  b_.AtomicCmpxchg(8, R2, 0, R1);
  b_.JumpIfImm(BPF_JEQ, R0, 0, got);
  b_.Bind(next);
  b_.AluImm(BPF_ADD, R9, 1);
  b_.JumpIfImm(BPF_JLT, R9, nspec, loop);
  // None free: count it, as DTrace reports it.
  b_.Bind(failed);
  b_.StoreImm(8, R10, key, nspec + kSpecUnavailable);
  lookup();
  b_.JumpIfImm(BPF_JEQ, R0, 0, counted);
  b_.MovImm(R1, 1);
  b_.AtomicAdd(8, R0, 0, R1);
  b_.Bind(counted);
  b_.MovImm(R0, 0);
  b_.Jump(done);
  // The id goes through scratch memory: as one unknown value, the rest of
  // the clause is verified once rather than once per slot it could be.
  b_.Bind(got);
  b_.AluImm(BPF_ADD, R9, 1);
  b_.Store(8, R7, static_cast<int16_t>(id_word), R9);
  b_.Load(8, R0, R7, static_cast<int16_t>(id_word));
  b_.Bind(done);
  b_.MovImm(R9, 0);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenSpeculationSlot(Label none) {
  b_.JumpIfImm(BPF_JEQ, R0, 0, none);
  Label valid = b_.NewLabel();
  b_.JumpIfImm(BPF_JLE, R0, static_cast<int32_t>(options_.nspec), valid);
  EmitFault(FaultKind::kIllegalOp, R0);
  b_.Bind(valid);
  int mark = stack_top_;
  int16_t key = AllocSlot();
  b_.AluImm(BPF_SUB, R0, 1);
  b_.Store(8, R10, key, R0);
  b_.LoadMapFd(R1, shared_.speculations);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.Call(BPF_FUNC_map_lookup_elem);
  b_.JumpIfImm(BPF_JEQ, R0, 0, none);
  ReleaseSlotsTo(mark);
}

// The rest of the clause records into the speculation: its token goes in
// the record, which stays unsent (token 0) when the speculation is not
// active.
void FunctionGen::GenSpeculate(const Expr& call) {
  GenExpr(*call.args[0]);
  Label none = b_.NewLabel();
  GenSpeculationSlot(none);
  b_.Load(8, R1, R0, 0);
  b_.JumpIfImm(BPF_JEQ, R1, 0, none);
  EnsureScratch();
  b_.Store(8, R7, static_cast<int16_t>(record_off_ + speculation_offset_), R1);
  b_.Bind(none);
}

void FunctionGen::GenCommitOrDiscard(const Expr& call, ActionKind kind) {
  ActionDesc a;
  a.kind = kind;
  a.fields.push_back(AppendField(types_.Uint64()));  // the token, 0: nothing to do
  EnsureScratch();
  auto token_field = static_cast<int16_t>(record_off_ + a.fields[0].offset);
  b_.StoreImm(8, R7, token_field, 0);
  int mark = stack_top_;
  int16_t token = AllocSlot();
  GenExpr(*call.args[0]);
  Label none = b_.NewLabel();
  GenSpeculationSlot(none);
  b_.Mov(R2, R0);
  b_.Load(8, R0, R2, 0);
  b_.JumpIfImm(BPF_JEQ, R0, 0, none);
  // Free it, unless another CPU's commit() or discard() just did.
  b_.Store(8, R10, token, R0);
  b_.MovImm(R1, 0);
  b_.AtomicCmpxchg(8, R2, 0, R1);
  b_.Load(8, R1, R10, token);
  b_.JumpIf(BPF_JNE, R0, R1, none);
  b_.Store(8, R7, token_field, R1);
  b_.Bind(none);
  ReleaseSlotsTo(mark);
  AddAction(std::move(a));
}

}  // namespace dt
