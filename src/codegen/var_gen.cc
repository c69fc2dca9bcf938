// Variables: globals (one array map addressed directly), thread-locals
// (a hash map per self-> variable, keyed by thread id), clause-locals (stack
// or scratch), associative arrays (a hash map each). Assigning zero to a
// thread-local or associative element deletes it, whatever its type (a
// string too), as in DTrace.
#include <stdexcept>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;
using namespace bpf;

void FunctionGen::LoadGlobalAddr(Reg dst, int var_id) {
  b_.LoadMapValueAddr(dst, shared_.globals, shared_.global_offsets.at(var_id));
}

void FunctionGen::GenThreadKey(int16_t slot) {
  if (const ast::Expr* task = ContextTask()) {  // on-cpu: the incoming thread's self->
    GenExpr(*task);
    b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(TaskOffsets().pid));
    GenKernelRead(R0, 4);
    b_.Store(8, R10, slot, R0);
    return;
  }
  b_.Call(BPF_FUNC_get_current_pid_tgid);
  b_.Alu32(BPF_MOV, R0, R0);  // the thread id is the low half
  b_.Store(8, R10, slot, R0);
}

// Loads a value from the map entry at r0 (non-null) into r0, per type.
static void LoadValueFromEntry(Builder& b, const Type* t) {
  if (HeldAsBytes(t)) return;  // r0 already points at the string or object
  b.Load(static_cast<int>(std::min<uint64_t>(t->size, 8)), R0, R0, 0);
}

void FunctionGen::GenLoadVariable(const Expr& e) {
  const Type* t = e.type;
  const Resolved& r = ResolutionOf(e);
  if (r.kind == Resolved::Kind::kGlobalVariable) {
    LoadGlobalAddr(R0, r.id);
    LoadValueFromEntry(b_, t);
    Normalize(R0, t);
    return;
  }
  if (r.kind == Resolved::Kind::kClauseVariable) {
    if (HeldAsBytes(t)) {
      EnsureScratch();
      b_.Mov(R0, R7);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(this_strings_.at(r.id)));
    } else {
      if (chain_.this_in_scratch) EnsureScratch();
      b_.Load(8, R0, ThisBase(), this_slots_.at(r.id));
    }
    return;
  }
  // self->x
  int mark = stack_top_;
  int16_t key = AllocSlot();
  GenThreadKey(key);
  b_.LoadMapFd(R1, shared_.thread_maps.at(r.id));
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.Call(BPF_FUNC_map_lookup_elem);
  Label found = b_.NewLabel(), done = b_.NewLabel();
  b_.JumpIfImm(BPF_JNE, R0, 0, found);
  if (HeldAsBytes(t)) {
    b_.LoadMapValueAddr(R0, maps_.rodata_map(), maps_.AddRodata("", StoredBytes(t)));
  } else {
    b_.MovImm(R0, 0);
  }
  b_.Jump(done);
  b_.Bind(found);
  LoadValueFromEntry(b_, t);
  Normalize(R0, t);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

int16_t FunctionGen::GenKey(const std::vector<ast::ExprPtr>& keys,
                            const std::vector<const Type*>& key_types, uint32_t* key_size,
                            uint32_t prefix) {
  uint32_t size = prefix;
  for (const Type* t : key_types) size += StoredSize(t);
  if (size == 0) size = 8;
  *key_size = size;
  int16_t slot = AllocSlot(size);
  if (keys.empty()) {
    if (prefix == 0) b_.StoreImm(8, R10, slot, 0);
    return slot;
  }
  uint32_t off = prefix;
  for (size_t i = 0; i < keys.size(); ++i) {
    GenExpr(*keys[i]);
    const Type* kt = key_types[i];
    if (kt->IsBlob()) {
      b_.Mov(R4, R0);
      CopyString(R10, static_cast<int16_t>(slot + off), static_cast<uint32_t>(kt->size), R4,
                 static_cast<uint32_t>(keys[i]->type->size), kt->IsString());
      off += static_cast<uint32_t>(kt->size);
    } else {
      b_.Store(8, R10, static_cast<int16_t>(slot + off), R0);
      off += 8;
    }
  }
  return slot;
}

FunctionGen::KeyPlace FunctionGen::GenAggKey(const std::vector<ast::ExprPtr>& keys,
                                             const std::vector<const Type*>& key_types,
                                             uint32_t* key_size) {
  constexpr uint32_t kMaxStackKey = 256;
  uint32_t size = 0;
  for (const Type* t : key_types) size += StoredSize(t);
  if (size <= kMaxStackKey) return {R10, GenKey(keys, key_types, key_size)};
  *key_size = size;
  EnsureScratch();
  uint32_t at = AllocScratch(size);
  uint32_t off = at;
  for (size_t i = 0; i < keys.size(); ++i) {
    GenExpr(*keys[i]);
    const Type* kt = key_types[i];
    if (kt->IsBlob()) {
      b_.Mov(R4, R0);
      CopyString(R7, static_cast<int16_t>(off), static_cast<uint32_t>(kt->size), R4,
                 static_cast<uint32_t>(keys[i]->type->size), kt->IsString());
    } else {
      b_.Store(8, R7, static_cast<int16_t>(off), R0);
    }
    off += StoredSize(kt);
  }
  return {R7, static_cast<int16_t>(at)};
}

void FunctionGen::GenAssocLookup(const Expr& e) {
  int mark = stack_top_;
  auto [key, map] = GenDynamicKey(e);
  const Variable& v = DynamicVariable(e);
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.Call(BPF_FUNC_map_lookup_elem);
  Label found = b_.NewLabel(), done = b_.NewLabel();
  b_.JumpIfImm(BPF_JNE, R0, 0, found);
  if (HeldAsBytes(v.type)) {
    b_.LoadMapValueAddr(R0, maps_.rodata_map(), maps_.AddRodata("", StoredBytes(v.type)));
  } else {
    b_.MovImm(R0, 0);
  }
  b_.Jump(done);
  b_.Bind(found);
  LoadValueFromEntry(b_, v.type);
  Normalize(R0, v.type);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

// Stores the value in `value_slot` (a scalar, or a string pointer) into lhs.
void FunctionGen::GenStoreTo(const Expr& lhs, int16_t value_slot) {
  const Type* t = lhs.type;
  uint32_t tsize = HeldAsBytes(t) ? StoredBytes(t) : static_cast<uint32_t>(t->size);
  const Resolved& r = ResolutionOf(lhs);
  if (r.kind == Resolved::Kind::kKernelMemory) {  // scratch memory: sema allows no other
    GenScratchStore(lhs, value_slot);
    return;
  }
  if (r.kind == Resolved::Kind::kVariablePart) {
    GenStoreToVariablePart(lhs, value_slot);
    return;
  }
  if (r.kind == Resolved::Kind::kGlobalVariable) {
    LoadGlobalAddr(R1, r.id);
    b_.Load(8, R0, R10, value_slot);
    if (HeldAsBytes(t)) {
      b_.Mov(R4, R0);
      CopyString(R1, 0, tsize, R4, tsize, t->IsString());
    } else {
      b_.Store(static_cast<int>(std::min<uint32_t>(tsize, 8)), R1, 0, R0);
    }
    return;
  }
  if (r.kind == Resolved::Kind::kClauseVariable) {
    b_.Load(8, R0, R10, value_slot);
    if (HeldAsBytes(t)) {
      EnsureScratch();
      b_.Mov(R4, R0);
      CopyString(R7, static_cast<int16_t>(this_strings_.at(r.id)), tsize, R4, tsize, t->IsString());
    } else {
      Normalize(R0, t);
      if (chain_.this_in_scratch) EnsureScratch();
      b_.Store(8, ThisBase(), this_slots_.at(r.id), R0);
    }
    return;
  }
  int mark = stack_top_;
  auto [key, map] = GenDynamicKey(lhs);
  Label done = b_.NewLabel();
  if (!HeldAsBytes(t)) {
    Label nonzero = b_.NewLabel();
    b_.Load(8, R0, R10, value_slot);
    Normalize(R0, t);
    b_.Store(8, R10, value_slot, R0);
    b_.JumpIfImm(BPF_JNE, R0, 0, nonzero);
    b_.LoadMapFd(R1, map);
    b_.Mov(R2, R10);
    b_.AluImm(BPF_ADD, R2, key);
    b_.Call(BPF_FUNC_map_delete_elem);
    b_.Jump(done);
    b_.Bind(nonzero);
    b_.LoadMapFd(R1, map);
    b_.Mov(R2, R10);
    b_.AluImm(BPF_ADD, R2, key);
    b_.Mov(R3, R10);
    b_.AluImm(BPF_ADD, R3, value_slot);
  } else {
    b_.LoadMapFd(R1, map);
    b_.Mov(R2, R10);
    b_.AluImm(BPF_ADD, R2, key);
    b_.Load(8, R3, R10, value_slot);
  }
  b_.MovImm(R4, BPF_ANY);
  b_.Call(BPF_FUNC_map_update_elem);
  // 0 or an error, which Linux before 6.4 returns as a 32-bit int the JIT
  // leaves zero-extended (-E2BIG reads as positive): test for 0, not sign.
  Label stored = b_.NewLabel();
  b_.JumpIfImm(BPF_JEQ, R0, 0, stored);
  GenCountDynamicDrop();
  b_.Bind(stored);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

std::pair<int16_t, int> FunctionGen::GenDynamicKey(const Expr& lhs) {
  const Resolved& r = ResolutionOf(lhs);
  if (r.kind == Resolved::Kind::kThreadVariable) {
    int16_t key = AllocSlot();
    GenThreadKey(key);
    return {key, shared_.thread_maps.at(r.id)};
  }
  if (r.kind == Resolved::Kind::kThreadAssocElement) {
    // Keyed by the thread, then the keys: one map holds every thread's array.
    const Variable& v = info_.thread_vars.at(r.id);
    uint32_t key_size = 0;
    int16_t key = GenKey(lhs.args, v.key_types, &key_size, 8);
    GenThreadKey(key);
    return {key, shared_.thread_maps.at(r.id)};
  }
  if (r.kind != Resolved::Kind::kAssocElement)
    throw std::logic_error("line " + std::to_string(lhs.line) + ": not a dynamic variable");
  const Variable& v = info_.globals.at(r.id);
  uint32_t key_size = 0;
  int16_t key = GenKey(lhs.args, v.key_types, &key_size);
  return {key, shared_.assoc_maps.at(r.id)};
}

const Variable& FunctionGen::DynamicVariable(const Expr& e) const {
  const Resolved& r = ResolutionOf(e);
  return r.kind == Resolved::Kind::kThreadAssocElement ? info_.thread_vars.at(r.id)
                                                       : info_.globals.at(r.id);
}

void FunctionGen::GenFreeDynamic(const Expr& lhs) {
  int mark = stack_top_;
  auto [key, map] = GenDynamicKey(lhs);
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.Call(BPF_FUNC_map_delete_elem);
  ReleaseSlotsTo(mark);
  // The assignment's value: the variable as it now reads.
  b_.LoadMapValueAddr(R0, maps_.rodata_map(),
                      maps_.AddRodata("", static_cast<uint32_t>(lhs.type->size)));
}

void FunctionGen::GenAssign(const Expr& e) {
  const Type* t = e.lhs->type;
  // Sema allows a string, struct, union or array variable an integer only
  // as the 0 that frees it.
  if (!e.compound && (t->IsString() || IsObjectType(t)) && e.rhs->type->IsInteger()) {
    GenFreeDynamic(*e.lhs);  // the 0 is a constant: nothing to evaluate
    return;
  }
  int mark = stack_top_;
  int16_t value = AllocSlot();
  if (e.compound) {
    GenExpr(*e.lhs);
    b_.Store(8, R10, value, R0);
    GenExpr(*e.rhs);
    b_.Mov(R2, R0);
    b_.Load(8, R1, R10, value);
    bool is_signed = t->is_signed;
    if (e.binary_op == ast::BinaryOp::kShr) is_signed = types_.Promote(t)->is_signed;
    if ((e.binary_op == ast::BinaryOp::kAdd || e.binary_op == ast::BinaryOp::kSub) &&
        t->IsPointer() && !t->target->IsVoid() && t->target->size > 1) {
      b_.AluImm(BPF_MUL, R2, static_cast<int32_t>(t->target->size));
    }
    GenArith(e.binary_op, t, is_signed);
  } else {
    GenExpr(*e.rhs);
    if (IsObjectType(t) && ResolutionOf(*e.lhs).kind != Resolved::Kind::kVariablePart) {
      PadVariablePart(*e.rhs);  // a whole variable takes whole words
    } else if (t->IsString() && e.rhs->type->size != t->size) {
      // Widen to the variable's storage size before storing.
      uint32_t off = AllocScratch(static_cast<uint32_t>(t->size));
      CopyToScratchString(off, static_cast<uint32_t>(t->size),
                          static_cast<uint32_t>(e.rhs->type->size));
    } else if (t->IsInteger()) {
      Normalize(R0, t);
    }
  }
  b_.Store(8, R10, value, R0);
  GenStoreTo(*e.lhs, value);
  b_.Load(8, R0, R10, value);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenIncDec(const Expr& e) {
  const Expr& lhs = *e.lhs;
  const Type* t = lhs.type;
  int mark = stack_top_;
  int16_t old_value = AllocSlot();
  int16_t new_value = AllocSlot();
  GenExpr(lhs);
  b_.Store(8, R10, old_value, R0);
  int32_t step = 1;
  if (t->IsPointer() && !t->target->IsVoid()) step = static_cast<int32_t>(t->target->size);
  bool inc = e.unary_op == ast::UnaryOp::kPreInc || e.unary_op == ast::UnaryOp::kPostInc;
  b_.AluImm(inc ? BPF_ADD : BPF_SUB, R0, step);
  Normalize(R0, t);
  b_.Store(8, R10, new_value, R0);
  GenStoreTo(lhs, new_value);
  bool post = e.unary_op == ast::UnaryOp::kPostInc || e.unary_op == ast::UnaryOp::kPostDec;
  b_.Load(8, R0, R10, post ? old_value : new_value);
  ReleaseSlotsTo(mark);
}

}  // namespace dt
