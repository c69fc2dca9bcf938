// Reads of kernel memory through C types: struct members (-> and .),
// pointer and array indexing, `*p`, `&x`, and translator members, which
// are expanded in place with the xlate operand as the translator's input;
// and __user_args(), psinfo_t's pr_psargs.
//
// Every read goes through bpf_probe_read_kernel; a failed read reports
// DTrace's "invalid address" error and ends the clause.
#include <algorithm>
#include <stdexcept>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"
#include "common/nesting.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;
using namespace bpf;

void FunctionGen::GenAddress(const Expr& e) {
  Nesting nesting(e.line);
  const Resolved& r = ResolutionOf(e);
  if (r.kind != Resolved::Kind::kKernelMemory)
    throw std::logic_error("line " + std::to_string(e.line) + ": not in kernel memory");
  const KernelAccess& m = r.memory;
  switch (m.address) {
    case AddressKind::kFixed:
      b_.LoadImm(R0, m.offset);
      return;
    case AddressKind::kMember:
      GenBaseAddress(*e.lhs, m);
      if (m.offset != 0) b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(m.offset));
      return;
    case AddressKind::kDeref:
      GenBaseAddress(*e.lhs, m);
      return;
    case AddressKind::kElement: {
      GenBaseAddress(*e.lhs, m);
      int mark = stack_top_;
      int16_t base = AllocSlot();
      b_.Store(8, R10, base, R0);
      GenExpr(*e.args[0]);
      b_.AluImm(BPF_MUL, R0, static_cast<int32_t>(m.element_size));
      b_.Load(8, R1, R10, base);
      b_.Alu(BPF_ADD, R0, R1);
      ReleaseSlotsTo(mark);
      return;
    }
    case AddressKind::kRecordField:  // in the record at ctx
      b_.Mov(R0, R6);
      b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(m.offset));
      return;
    case AddressKind::kDataLoc:
    case AddressKind::kRelLoc:
      b_.Mov(R0, R6);
      b_.Load(4, R1, R6, static_cast<int16_t>(m.offset));
      b_.AluImm(BPF_AND, R1, 0xffff);
      b_.Alu(BPF_ADD, R0, R1);
      if (m.address == AddressKind::kRelLoc)
        b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(m.offset + 4));
      return;
  }
}

void FunctionGen::GenBaseAddress(const Expr& base, const KernelAccess& m) {
  if (m.base_is_object)
    GenAddress(base);
  else
    GenExpr(base);
}

void FunctionGen::GenCharArrayString(const Expr& e, int16_t addr_slot, uint32_t limit) {
  uint32_t size = static_cast<uint32_t>(e.type->size);
  uint32_t off = AllocScratch(size);
  EnsureScratch();
  ZeroMem(R7, static_cast<int16_t>(off), size);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.MovImm(R2, static_cast<int32_t>(limit));
  CallReadHelper(BPF_FUNC_probe_read_kernel_str, addr_slot, off);
}

void FunctionGen::GenKernelValue(const Expr& e) {
  const KernelAccess& m = ResolutionOf(e).memory;
  GenAddress(e);
  int mark = stack_top_;
  int16_t addr = AllocSlot();
  b_.Store(8, R10, addr, R0);
  if (m.read == ReadKind::kString) {
    GenCharArrayString(e, addr, m.string_limit);
    ReleaseSlotsTo(mark);
    return;
  }
  if (m.read == ReadKind::kObject)
    throw std::logic_error("line " + std::to_string(e.line) + ": an object read as a value");
  bool bit_field = m.read == ReadKind::kBitField;
  int size = static_cast<int>(std::min<uint64_t>(StripTypedefs(e.type)->size, 8));
  if (bit_field) size = std::min(8, (m.bit_offset + m.bit_width + 7) / 8);
  int16_t value = AllocSlot();
  b_.StoreImm(8, R10, value, 0);
  b_.Mov(R1, R10);
  b_.AluImm(BPF_ADD, R1, value);
  b_.MovImm(R2, size);
  CallReadHelperChecked(BPF_FUNC_probe_read_kernel, addr);
  b_.Load(8, R0, R10, value);
  if (bit_field) {
    // Little-endian: the field starts bit_offset bits into the bytes read.
    if (m.bit_offset) b_.AluImm(BPF_RSH, R0, m.bit_offset);
    if (m.bit_width < 64) {
      if (m.bit_width < 32) {
        b_.AluImm(BPF_AND, R0, static_cast<int32_t>((1u << m.bit_width) - 1));
      } else {
        b_.LoadImm(R1, (uint64_t{1} << m.bit_width) - 1);
        b_.Alu(BPF_AND, R0, R1);
      }
    }
  } else if (size < 8) {
    Normalize(R0, e.type);
  }
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenTranslated(const Expr& e) {
  const Resolved& r = ResolutionOf(e);
  GenExpr(*r.input);
  int mark = stack_top_;
  int16_t input = AllocSlot();
  b_.Store(8, R10, input, R0);
  xlate_input_slots_.push_back(input);
  GenExpr(*r.expansion);
  xlate_input_slots_.pop_back();
  if (e.type->IsInteger()) Normalize(R0, e.type);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenXlateInput(const Expr& e) {
  if (xlate_input_slots_.empty())
    throw std::logic_error("line " + std::to_string(e.line) + ": translator input outside it");
  b_.Load(8, R0, R10, xlate_input_slots_.back());
}

void FunctionGen::GenUserArgs(const Expr& e) {
  constexpr int kMaxChars = 79;  // pr_psargs keeps 79 characters and a NUL
  uint32_t size = static_cast<uint32_t>(e.type->size);
  uint32_t off = AllocScratch(size);
  EnsureScratch();
  int mark = stack_top_;
  int16_t start = AllocSlot();
  GenExpr(*e.args[0]);
  b_.Store(8, R10, start, R0);
  GenExpr(*e.args[1]);
  b_.Load(8, R1, R10, start);
  b_.Alu(BPF_SUB, R0, R1);
  b_.Mov(R9, R0);  // the length; r9 survives the helper call below
  ZeroMem(R7, static_cast<int16_t>(off), size);
  Label done = b_.NewLabel(), clamped = b_.NewLabel();
  b_.JumpIfImm(BPF_JSLE, R9, 0, done);
  b_.JumpIfImm(BPF_JSLE, R9, kMaxChars + 1, clamped);
  b_.MovImm(R9, kMaxChars + 1);
  b_.Bind(clamped);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.Mov(R2, R9);
  b_.Load(8, R3, R10, start);
  b_.Call(BPF_FUNC_probe_read_user);
  b_.JumpIfImm(BPF_JNE, R0, 0, done);
  // The arguments are NUL-separated: show them space-separated, as ps does.
  for (int i = 0; i < kMaxChars; ++i) {
    Label next = b_.NewLabel();
    b_.JumpIfImm(BPF_JLE, R9, i + 1, next);
    b_.Load(1, R1, R7, static_cast<int16_t>(off + i));
    b_.JumpIfImm(BPF_JNE, R1, 0, next);
    b_.StoreImm(1, R7, static_cast<int16_t>(off + i), ' ');
    b_.Bind(next);
  }
  b_.StoreImm(1, R7, static_cast<int16_t>(off + kMaxChars), 0);
  b_.Bind(done);
  ReleaseSlotsTo(mark);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

}  // namespace dt
