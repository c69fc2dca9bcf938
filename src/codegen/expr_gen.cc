// Expressions: every D operator, casts, literals and subroutines.
#include <stdexcept>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"
#include "common/nesting.h"
#include "sema/resolved.h"

namespace dt {

using ast::BinaryOp;
using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;
using namespace bpf;

namespace {

// The conditional jump that is taken when `a op b` holds.
uint8_t ComparisonJump(BinaryOp op, bool is_signed) {
  switch (op) {
    case BinaryOp::kEq:
      return BPF_JEQ;
    case BinaryOp::kNe:
      return BPF_JNE;
    case BinaryOp::kLt:
      return is_signed ? BPF_JSLT : BPF_JLT;
    case BinaryOp::kLe:
      return is_signed ? BPF_JSLE : BPF_JLE;
    case BinaryOp::kGt:
      return is_signed ? BPF_JSGT : BPF_JGT;
    case BinaryOp::kGe:
      return is_signed ? BPF_JSGE : BPF_JGE;
    default:
      throw std::logic_error("not a comparison");
  }
}

}  // namespace

void FunctionGen::Normalize(Reg r, const Type* t) {
  if (!t->IsInteger() || t->size >= 8) return;
  int bits = static_cast<int>(t->size * 8);
  if (t->is_signed) {
    b_.AluImm(BPF_LSH, r, 64 - bits);
    b_.AluImm(BPF_ARSH, r, 64 - bits);
  } else if (bits == 32) {
    b_.Alu32(BPF_MOV, r, r);
  } else {
    b_.AluImm(BPF_AND, r, static_cast<int32_t>((1u << bits) - 1));
  }
}

void FunctionGen::ZeroMem(Reg base, int16_t off, uint32_t size) {
  for (uint32_t i = 0; i < size; i += 8) b_.StoreImm(8, base, static_cast<int16_t>(off + i), 0);
}

void FunctionGen::CopyString(Reg base, int16_t off, uint32_t dst_size, Reg src, uint32_t src_size,
                             bool is_string) {
  // Both buffers are zero padded and 8-byte sized, so whole words copy.
  uint32_t n = std::min(dst_size, src_size);
  for (uint32_t i = 0; i < n; i += 8) {
    b_.Load(8, R5, src, static_cast<int16_t>(i));
    b_.Store(8, base, static_cast<int16_t>(off + i), R5);
  }
  for (uint32_t i = n; i < dst_size; i += 8) b_.StoreImm(8, base, static_cast<int16_t>(off + i), 0);
  if (src_size > dst_size) {
    // Truncated: keep the string terminated.
    b_.StoreImm(1, base, static_cast<int16_t>(off + dst_size - 1), 0);
  }
  // -x strsize counts bytes, but storage is whole words: a source that may
  // hold characters past strsize - 1 (a longer literal, execname with a
  // small strsize) is cut there, so no string shows more than DTrace's.
  const uint64_t limit = options_.string_limit;
  if (is_string && limit >= 1 && src_size > limit && dst_size >= limit) {
    uint32_t end = std::min(dst_size, src_size);
    uint32_t i = static_cast<uint32_t>(limit - 1);
    for (; i < end && i % 8 != 0; ++i) b_.StoreImm(1, base, static_cast<int16_t>(off + i), 0);
    for (; i < end; i += 8) b_.StoreImm(8, base, static_cast<int16_t>(off + i), 0);
  }
}

void FunctionGen::CopyToScratchString(uint32_t scratch_off, uint32_t size, uint32_t src_size) {
  EnsureScratch();
  b_.Mov(R4, R0);
  CopyString(R7, static_cast<int16_t>(scratch_off), size, R4, src_size, true);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(scratch_off));
}

void FunctionGen::GenStringLiteral(const std::string& text, uint64_t size) {
  uint32_t off = maps_.AddRodata(text, static_cast<uint32_t>(size));
  b_.LoadMapValueAddr(R0, maps_.rodata_map(), off);
}

void FunctionGen::GenExpr(const Expr& e) {
  // Inlines and translator members are expanded in place, so expressions
  // can nest deeper here than they were written.
  Nesting nesting(e.line);
  const Resolved& r = ResolutionOf(e);
  switch (r.kind) {
    case Resolved::Kind::kIntegerConstant:
      b_.LoadImm(R0, r.value);
      return;
    case Resolved::Kind::kStringConstant:
      GenStringLiteral(e.text, e.type->size);
      return;
    case Resolved::Kind::kGlobalVariable:
    case Resolved::Kind::kThreadVariable:
    case Resolved::Kind::kClauseVariable:
      GenLoadVariable(e);
      return;
    case Resolved::Kind::kAssocElement:
    case Resolved::Kind::kThreadAssocElement:
      GenAssocLookup(e);
      return;
    case Resolved::Kind::kBuiltin:
      GenBuiltin(e);
      return;
    case Resolved::Kind::kInline:
      GenExpr(*r.expansion);
      Normalize(R0, e.type);
      return;
    case Resolved::Kind::kProbeArg:
      context_->GenArg(r.id);
      if (e.type->IsInteger()) Normalize(R0, e.type);
      return;
    case Resolved::Kind::kProbeArgInD:  // args[N] of sched, proc, io
      GenExpr(*r.expansion);
      return;
    case Resolved::Kind::kKernelMemory:
      GenKernelValue(e);
      return;
    case Resolved::Kind::kVariablePart:
      GenVariablePartValue(e);
      return;
    case Resolved::Kind::kTranslatedMember:
      GenTranslated(e);
      return;
    case Resolved::Kind::kTranslatorInput:
      GenXlateInput(e);
      return;
    case Resolved::Kind::kSubroutine:
      GenCall(e);
      return;
    case Resolved::Kind::kOperator:
      GenOperator(e);
      return;
    case Resolved::Kind::kAggregation:
    case Resolved::Kind::kXlate:
    case Resolved::Kind::kAction:
      break;  // sema's use check refuses these as values
  }
  throw std::logic_error("line " + std::to_string(e.line) + ": not a value");
}

void FunctionGen::GenOperator(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kUnary:
      GenUnary(e);
      return;
    case ExprKind::kBinary:
      GenBinary(e);
      return;
    case ExprKind::kAssign:
      GenAssign(e);
      return;
    case ExprKind::kTernary:
      GenTernary(e);
      return;
    case ExprKind::kCast:
      GenExpr(*e.lhs);
      if (e.type->IsInteger()) Normalize(R0, e.type);
      return;
    case ExprKind::kStringof:
      GenStringof(e);
      return;
    case ExprKind::kIndex:
      GenStringIndex(e);
      return;
    default:
      throw std::logic_error("line " + std::to_string(e.line) + ": not an operator");
  }
}

// s[i]: the byte at i of the string's zero-padded buffer, 0 past its end.
void FunctionGen::GenStringIndex(const Expr& e) {
  const auto size = static_cast<int32_t>(e.lhs->type->size);
  int mark = stack_top_;
  int16_t base = AllocSlot();
  GenExpr(*e.lhs);
  b_.Store(8, R10, base, R0);
  GenExpr(*e.args[0]);
  Label inside = b_.NewLabel(), done = b_.NewLabel();
  b_.JumpIfImm(BPF_JLT, R0, size, inside);
  b_.MovImm(R0, 0);
  b_.Jump(done);
  b_.Bind(inside);
  b_.Load(8, R1, R10, base);
  b_.Alu(BPF_ADD, R1, R0);
  b_.Load(1, R0, R1, 0);
  Normalize(R0, e.type);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenCondition(const Expr& e, Label if_false) {
  GenExpr(e);
  if (e.type->IsString()) b_.Load(1, R0, R0, 0);
  b_.JumpIfImm(BPF_JEQ, R0, 0, if_false);
}

void FunctionGen::GenUnary(const Expr& e) {
  switch (e.unary_op) {
    case UnaryOp::kNeg:
      GenExpr(*e.lhs);
      b_.Neg(R0);
      Normalize(R0, e.type);
      return;
    case UnaryOp::kPlus:
      GenExpr(*e.lhs);
      Normalize(R0, e.type);
      return;
    case UnaryOp::kBitNot:
      GenExpr(*e.lhs);
      b_.AluImm(BPF_XOR, R0, -1);
      Normalize(R0, e.type);
      return;
    case UnaryOp::kLogicalNot: {
      GenExpr(*e.lhs);
      if (e.lhs->type->IsString()) b_.Load(1, R0, R0, 0);
      Label zero = b_.NewLabel(), done = b_.NewLabel();
      b_.JumpIfImm(BPF_JEQ, R0, 0, zero);
      b_.MovImm(R0, 0);
      b_.Jump(done);
      b_.Bind(zero);
      b_.MovImm(R0, 1);
      b_.Bind(done);
      return;
    }
    case UnaryOp::kDeref:  // resolved as kernel memory
      break;
    case UnaryOp::kAddressOf:
      GenAddress(*e.lhs);
      return;
    case UnaryOp::kPreInc:
    case UnaryOp::kPreDec:
    case UnaryOp::kPostInc:
    case UnaryOp::kPostDec:
      GenIncDec(e);
      return;
  }
  throw std::logic_error("line " + std::to_string(e.line) + ": not a unary operator");
}

void FunctionGen::GenArith(BinaryOp op, const Type* t, bool is_signed) {
  // Operands: r1 (left), r2 (right); result in r0.
  auto div_check = [&] {
    Label ok = b_.NewLabel();
    b_.JumpIfImm(BPF_JNE, R2, 0, ok);
    b_.MovImm(R3, 0);
    EmitFault(FaultKind::kDivZero, R3);
    b_.Bind(ok);
  };
  switch (op) {
    case BinaryOp::kAdd:
      b_.Alu(BPF_ADD, R1, R2);
      break;
    case BinaryOp::kSub:
      b_.Alu(BPF_SUB, R1, R2);
      break;
    case BinaryOp::kMul:
      b_.Alu(BPF_MUL, R1, R2);
      break;
    case BinaryOp::kBitAnd:
      b_.Alu(BPF_AND, R1, R2);
      break;
    case BinaryOp::kBitOr:
      b_.Alu(BPF_OR, R1, R2);
      break;
    case BinaryOp::kBitXor:
      b_.Alu(BPF_XOR, R1, R2);
      break;
    case BinaryOp::kShl:
      b_.Alu(BPF_LSH, R1, R2);
      break;
    case BinaryOp::kShr:
      b_.Alu(is_signed ? BPF_ARSH : BPF_RSH, R1, R2);
      break;
    case BinaryOp::kDiv:
    case BinaryOp::kMod: {
      div_check();
      uint8_t alu = op == BinaryOp::kDiv ? BPF_DIV : BPF_MOD;
      if (!is_signed) {
        b_.Alu(alu, R1, R2);
        break;
      }
      // Signed division on magnitudes: portable to kernels without sdiv.
      b_.MovImm(R3, 0);  // result sign
      Label a_pos = b_.NewLabel(), b_pos = b_.NewLabel(), done = b_.NewLabel();
      b_.JumpIfImm(BPF_JSGE, R1, 0, a_pos);
      b_.Neg(R1);
      b_.MovImm(R3, 1);
      b_.Bind(a_pos);
      b_.JumpIfImm(BPF_JSGE, R2, 0, b_pos);
      b_.Neg(R2);
      if (op == BinaryOp::kDiv) b_.AluImm(BPF_XOR, R3, 1);
      b_.Bind(b_pos);
      b_.Alu(alu, R1, R2);
      b_.JumpIfImm(BPF_JEQ, R3, 0, done);
      b_.Neg(R1);
      b_.Bind(done);
      break;
    }
    default:
      throw std::logic_error("not an arithmetic operator");
  }
  b_.Mov(R0, R1);
  Normalize(R0, t);
}

void FunctionGen::GenStringCompare(BinaryOp op, uint64_t size_a, uint64_t size_b) {
  // r3 = left string, r4 = right string. Words are compared in big-endian
  // order, which is byte order; zero padding makes "ab" < "abc".
  Label differ = b_.NewLabel(), equal = b_.NewLabel(), done = b_.NewLabel();
  uint64_t n = std::max(size_a, size_b);
  // Only the first strsize - 1 bytes count, when a string may hold more
  // (execname, a long literal, with a small -x strsize).
  const uint64_t limit = options_.string_limit;
  uint64_t tail_bytes = 0;  // of the last word compared, when it is cut
  if (limit >= 1 && n > limit) {
    n = (limit - 1 + 7) & ~uint64_t{7};
    tail_bytes = (limit - 1) % 8;
  }
  for (uint64_t i = 0; i < n; i += 8) {
    if (i < size_a)
      b_.Load(8, R1, R3, static_cast<int16_t>(i));
    else
      b_.MovImm(R1, 0);
    if (i < size_b)
      b_.Load(8, R2, R4, static_cast<int16_t>(i));
    else
      b_.MovImm(R2, 0);
    if (tail_bytes > 0 && i + 8 == n) {
      b_.LoadImm(R5, (uint64_t{1} << (tail_bytes * 8)) - 1);
      b_.Alu(BPF_AND, R1, R5);
      b_.Alu(BPF_AND, R2, R5);
    }
    b_.JumpIf(BPF_JNE, R1, R2, differ);
  }
  b_.Jump(equal);
  b_.Bind(differ);
  b_.ByteSwapToBe(R1, 64);
  b_.ByteSwapToBe(R2, 64);
  Label less = b_.NewLabel();
  b_.JumpIf(BPF_JLT, R1, R2, less);
  b_.MovImm(R0, 1);
  b_.Jump(done);
  b_.Bind(less);
  b_.MovImm(R0, -1);
  b_.Jump(done);
  b_.Bind(equal);
  b_.MovImm(R0, 0);
  b_.Bind(done);
  // r0 is now -1, 0 or 1: turn it into the comparison's truth value.
  uint8_t jop = ComparisonJump(op, true);
  Label yes = b_.NewLabel(), end = b_.NewLabel();
  b_.JumpIfImm(jop, R0, 0, yes);
  b_.MovImm(R0, 0);
  b_.Jump(end);
  b_.Bind(yes);
  b_.MovImm(R0, 1);
  b_.Bind(end);
}

void FunctionGen::GenLogical(const Expr& e) {
  Label done = b_.NewLabel(), is_false = b_.NewLabel(), is_true = b_.NewLabel();
  if (e.binary_op == BinaryOp::kLogicalXor) {
    int mark = stack_top_;
    int16_t slot = AllocSlot();
    GenExpr(*e.lhs);
    if (e.lhs->type->IsString()) b_.Load(1, R0, R0, 0);
    Label l0 = b_.NewLabel();
    b_.MovImm(R1, 0);
    b_.JumpIfImm(BPF_JEQ, R0, 0, l0);
    b_.MovImm(R1, 1);
    b_.Bind(l0);
    b_.Store(8, R10, slot, R1);
    GenExpr(*e.rhs);
    if (e.rhs->type->IsString()) b_.Load(1, R0, R0, 0);
    Label r0 = b_.NewLabel();
    b_.MovImm(R2, 0);
    b_.JumpIfImm(BPF_JEQ, R0, 0, r0);
    b_.MovImm(R2, 1);
    b_.Bind(r0);
    b_.Load(8, R1, R10, slot);
    b_.Alu(BPF_XOR, R1, R2);
    b_.Mov(R0, R1);
    ReleaseSlotsTo(mark);
    return;
  }
  if (e.binary_op == BinaryOp::kLogicalAnd) {
    GenCondition(*e.lhs, is_false);
    GenCondition(*e.rhs, is_false);
    b_.Jump(is_true);
  } else {
    Label try_rhs = b_.NewLabel();
    GenCondition(*e.lhs, try_rhs);
    b_.Jump(is_true);
    b_.Bind(try_rhs);
    GenCondition(*e.rhs, is_false);
    b_.Jump(is_true);
  }
  b_.Bind(is_false);
  b_.MovImm(R0, 0);
  b_.Jump(done);
  b_.Bind(is_true);
  b_.MovImm(R0, 1);
  b_.Bind(done);
}

void FunctionGen::GenBinary(const Expr& e) {
  BinaryOp op = e.binary_op;
  if (op == BinaryOp::kLogicalAnd || op == BinaryOp::kLogicalOr || op == BinaryOp::kLogicalXor) {
    GenLogical(e);
    return;
  }
  if (op == BinaryOp::kComma) {
    GenExpr(*e.lhs);
    GenExpr(*e.rhs);
    return;
  }
  int mark = stack_top_;
  int16_t slot = AllocSlot();
  GenExpr(*e.lhs);
  b_.Store(8, R10, slot, R0);
  GenExpr(*e.rhs);
  const Type* a = e.lhs->type;
  const Type* bt = e.rhs->type;
  bool comparison = op == BinaryOp::kLt || op == BinaryOp::kGt || op == BinaryOp::kLe ||
                    op == BinaryOp::kGe || op == BinaryOp::kEq || op == BinaryOp::kNe;
  if (comparison && a->IsString()) {
    b_.Mov(R4, R0);
    b_.Load(8, R3, R10, slot);
    GenStringCompare(op, a->size, bt->size);
    ReleaseSlotsTo(mark);
    return;
  }
  b_.Mov(R2, R0);
  b_.Load(8, R1, R10, slot);
  ReleaseSlotsTo(mark);
  if (comparison) {
    const Type* common = types_.ArithmeticResult(a, bt);
    bool is_signed = common->is_signed && !a->IsPointer() && !bt->IsPointer();
    if (common->size == 4 && !is_signed) {
      // Compare as 32-bit unsigned values: both are already zero-extended.
    }
    uint8_t jop = ComparisonJump(op, is_signed);
    if (!is_signed) {
      Normalize(R1, common);
      Normalize(R2, common);
    }
    Label yes = b_.NewLabel(), done = b_.NewLabel();
    b_.JumpIf(jop, R1, R2, yes);
    b_.MovImm(R0, 0);
    b_.Jump(done);
    b_.Bind(yes);
    b_.MovImm(R0, 1);
    b_.Bind(done);
    return;
  }
  if ((op == BinaryOp::kAdd || op == BinaryOp::kSub) && (a->IsPointer() || bt->IsPointer())) {
    // Pointer arithmetic scales by the pointee size.
    const Type* ptr = a->IsPointer() ? a : bt;
    uint64_t scale = ptr->target->IsVoid() ? 1 : std::max<uint64_t>(ptr->target->size, 1);
    if (a->IsPointer() && bt->IsPointer()) {
      b_.Alu(BPF_SUB, R1, R2);
      if (scale > 1) b_.AluImm(BPF_DIV, R1, static_cast<int32_t>(scale));
      b_.Mov(R0, R1);
      return;
    }
    if (scale > 1) b_.AluImm(BPF_MUL, a->IsPointer() ? R2 : R1, static_cast<int32_t>(scale));
    GenArith(op, types_.Uint64(), false);
    return;
  }
  bool is_signed = e.type->is_signed;
  if (op == BinaryOp::kShr) is_signed = types_.Promote(a)->is_signed;
  GenArith(op, e.type, is_signed);
}

void FunctionGen::GenTernary(const Expr& e) {
  Label els = b_.NewLabel(), done = b_.NewLabel();
  if (e.type->IsString()) {
    // Both arms copy into one buffer of the result's size.
    uint32_t size = static_cast<uint32_t>(e.type->size);
    uint32_t off = AllocScratch(size);
    GenCondition(*e.cond, els);
    GenExpr(*e.lhs);
    CopyToScratchString(off, size, static_cast<uint32_t>(e.lhs->type->size));
    b_.Jump(done);
    b_.Bind(els);
    GenExpr(*e.rhs);
    CopyToScratchString(off, size, static_cast<uint32_t>(e.rhs->type->size));
    b_.Bind(done);
    return;
  }
  GenCondition(*e.cond, els);
  GenExpr(*e.lhs);
  Normalize(R0, e.type);
  b_.Jump(done);
  b_.Bind(els);
  GenExpr(*e.rhs);
  Normalize(R0, e.type);
  b_.Bind(done);
}

void FunctionGen::GenStrlen(uint64_t size) {
  // r0: string. A byte loop would leave the verifier one state per possible
  // length (precise once the length indexes a bucket or decides a branch),
  // and every such state verifies the rest of the clause again: two
  // strlen() cost 256 x 256 paths. The string helper copies up to the NUL
  // in one call and returns the count with it, an unknown scalar to the
  // verifier: one path. Strings are NUL-terminated within their size.
  // No string is longer than -x strsize - 1 (execname may hold more).
  size = std::min<uint64_t>(size, std::max<uint64_t>(1, options_.string_limit));
  EnsureScratch();
  uint32_t copy = AllocScratch(static_cast<uint32_t>(size));
  b_.Mov(R3, R0);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(copy));
  b_.MovImm(R2, static_cast<int32_t>(size));
  b_.Call(BPF_FUNC_probe_read_kernel_str);
  b_.AluImm(BPF_SUB, R0, 1);
  // max(r0, 0) without a branch: a failed read (never expected) is 0.
  b_.Mov(R1, R0);
  b_.AluImm(BPF_ARSH, R1, 63);
  b_.AluImm(BPF_XOR, R1, -1);
  b_.Alu(BPF_AND, R0, R1);
}

void FunctionGen::CallReadHelper(int helper, int16_t addr_slot, uint32_t off) {
  CallReadHelperChecked(helper, addr_slot);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

void FunctionGen::CallReadHelperChecked(int helper, int16_t addr_slot) {
  // r1 (destination) and r2 (size) are set; the source address is in
  // addr_slot. Every read helper returns a negative errno on failure.
  b_.Load(8, R3, R10, addr_slot);
  b_.Call(helper);
  Label ok = b_.NewLabel();
  b_.JumpIfImm(BPF_JSGE, R0, 0, ok);
  b_.Load(8, R3, R10, addr_slot);
  EmitFault(FaultKind::kBadAddr, R3);
  b_.Bind(ok);
}

void FunctionGen::GenCopyinstr(const Expr& e) {
  uint32_t size = static_cast<uint32_t>(e.type->size);
  // At most strsize bytes, its NUL included (the buffer may be larger).
  uint32_t limit =
      static_cast<uint32_t>(std::min<uint64_t>(size, std::max<uint64_t>(1, options_.string_limit)));
  uint32_t off = AllocScratch(size);
  int mark = stack_top_;
  int16_t addr_slot = AllocSlot();
  int16_t len_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, addr_slot, R0);
  if (e.args.size() == 2) {
    GenExpr(*e.args[1]);
    b_.AluImm(BPF_ADD, R0, 1);  // the terminating NUL
    Label small = b_.NewLabel();
    b_.JumpIfImm(BPF_JLE, R0, static_cast<int32_t>(limit), small);
    b_.MovImm(R0, static_cast<int32_t>(limit));
    b_.Bind(small);
    b_.Store(8, R10, len_slot, R0);
  } else {
    b_.StoreImm(8, R10, len_slot, static_cast<int32_t>(limit));
  }
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(off), size);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.Load(8, R2, R10, len_slot);
  Label nonzero = b_.NewLabel();
  b_.JumpIfImm(BPF_JGT, R2, 0, nonzero);
  b_.MovImm(R2, 1);
  b_.Bind(nonzero);
  CallReadHelper(BPF_FUNC_probe_read_user_str, addr_slot, off);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenCopyin(const Expr& e) {
  if (has_arena_) {  // the clause may store to what it copies
    GenCopyinToArena(e);
    return;
  }
  uint32_t size = 256;
  if (e.args[1]->kind == ExprKind::kInteger)
    size = static_cast<uint32_t>(std::min<uint64_t>(e.args[1]->int_value, 4096));
  if (size == 0) size = 1;
  uint32_t off = AllocScratch(size);
  int mark = stack_top_;
  int16_t addr_slot = AllocSlot();
  int16_t len_slot = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, addr_slot, R0);
  GenExpr(*e.args[1]);
  Label small = b_.NewLabel(), nonzero = b_.NewLabel();
  b_.JumpIfImm(BPF_JLE, R0, static_cast<int32_t>(size), small);
  b_.MovImm(R0, static_cast<int32_t>(size));
  b_.Bind(small);
  b_.JumpIfImm(BPF_JGT, R0, 0, nonzero);
  b_.MovImm(R0, 1);
  b_.Bind(nonzero);
  b_.Store(8, R10, len_slot, R0);
  EnsureScratch();
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.Load(8, R2, R10, len_slot);
  CallReadHelper(BPF_FUNC_probe_read_user, addr_slot, off);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenStringof(const Expr& e) {
  GenExpr(*e.lhs);
  if (e.lhs->type->IsString()) return;
  // A scalar: read the kernel string it points to.
  uint32_t size = static_cast<uint32_t>(e.type->size);
  uint32_t off = AllocScratch(size);
  int mark = stack_top_;
  int16_t addr_slot = AllocSlot();
  b_.Store(8, R10, addr_slot, R0);
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(off), size);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.MovImm(R2, static_cast<int32_t>(size));
  CallReadHelper(BPF_FUNC_probe_read_kernel_str, addr_slot, off);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenStack(const Expr& e) {
  EnsureScratch();
  auto size = static_cast<uint32_t>(e.type->size);
  uint32_t off = AllocScratch(size);
  // A perf-event stack starts at the interrupted PC, so it needs no room for
  // tracing frames: the extra words stay zero and equal stacks make equal keys.
  uint32_t fetch =
      shape_.stack_starts_at_sample ? static_cast<uint32_t>(e.type->array_len) * 8 : size;
  b_.Mov(R1, R6);
  b_.Mov(R2, R7);
  b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(off));
  b_.MovImm(R3, static_cast<int32_t>(fetch));
  // The kernel stack without the BPF program's own frame (TracingFrames());
  // the helper zeroes what it does not fill.
  b_.MovImm(R4, shape_.tracing_frames_fixed ? TracingFrames() : TracingFrames() > 0 ? 1 : 0);
  b_.Call(BPF_FUNC_get_stack);
  for (uint32_t i = fetch; i < size; i += 8) b_.StoreImm(8, R7, static_cast<int16_t>(off + i), 0);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

void FunctionGen::GenCall(const Expr& e) {
  switch (ResolutionOf(e).subroutine) {
    case Subroutine::kStrlen:
      GenExpr(*e.args[0]);
      GenStrlen(e.args[0]->type->size);
      return;
    case Subroutine::kCopyinstr:
      GenCopyinstr(e);
      return;
    case Subroutine::kCopyin:
      GenCopyin(e);
      return;
    case Subroutine::kByteOrder:
      GenByteOrder(e);
      return;
    case Subroutine::kBasename:
    case Subroutine::kDirname:
      GenPathComponent(e, ResolutionOf(e).subroutine == Subroutine::kDirname);
      return;
    case Subroutine::kStrjoin:
      GenStrjoin(e);
      return;
    case Subroutine::kLltostr:
      GenLltostr(e);
      return;
    case Subroutine::kToupper:
    case Subroutine::kTolower:
      GenCaseConversion(e, ResolutionOf(e).subroutine == Subroutine::kToupper);
      return;
    case Subroutine::kSubstr:
      GenSubstr(e);
      return;
    case Subroutine::kIndex:
      GenSearch(e, SearchKind::kIndex);
      return;
    case Subroutine::kRindex:
      GenSearch(e, SearchKind::kRindex);
      return;
    case Subroutine::kStrstr:
      GenSearch(e, SearchKind::kStrstr);
      return;
    case Subroutine::kStrchr:
    case Subroutine::kStrrchr:
      GenStrchr(e, ResolutionOf(e).subroutine == Subroutine::kStrrchr);
      return;
    case Subroutine::kStrtoll:
      GenStrtoll(e);
      return;
    case Subroutine::kRand:
      GenRand();
      return;
    case Subroutine::kGetmajor:
    case Subroutine::kGetminor:
      GenDeviceNumber(e, ResolutionOf(e).subroutine == Subroutine::kGetmajor);
      return;
    case Subroutine::kProgenyof:
      GenProgenyof(e);
      return;
    case Subroutine::kInetNtoa:
      GenInet(e, InetKind::kNtoa);
      return;
    case Subroutine::kInetNtoa6:
      GenInet(e, InetKind::kNtoa6);
      return;
    case Subroutine::kInetNtop:
      GenInet(e, InetKind::kNtop);
      return;
    case Subroutine::kCleanpath:
      GenCleanpath(e);
      return;
    case Subroutine::kJson:
      GenJson(e);
      return;
    case Subroutine::kStrtok:
      GenStrtok(e);
      return;
    case Subroutine::kPath:
      GenPath(e);
      return;
    case Subroutine::kUserArgs:
      GenUserArgs(e);
      return;
    case Subroutine::kStack:
      GenStack(e);
      return;
    case Subroutine::kSymbolAddress:
      GenExpr(*e.args[0]);  // the address; its type makes the consumer print it symbolically
      return;
    case Subroutine::kUserStack:
      GenUserStack(e);
      return;
    case Subroutine::kUserSymbolAddress:
      GenUserSymbolAddress(e);
      return;
    case Subroutine::kSpeculation:
      GenSpeculation();
      return;
    case Subroutine::kAlloca:
      GenAlloca(e);
      return;
    case Subroutine::kBcopy:
      GenBcopy(e);
      return;
    case Subroutine::kCopyinto:
      GenCopyinto(e);
      return;
  }
}

}  // namespace dt
