// Reads of kernel memory through C types: struct members (-> and .),
// pointer and array indexing, `*p`, `&x`, and translator members, which
// are expanded in place with the xlate operand as the translator's input.
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

void FunctionGen::GenKernelValue(const Expr& e) {
  const KernelAccess& m = ResolutionOf(e).memory;
  GenAddress(e);
  int mark = stack_top_;
  int16_t addr = AllocSlot();
  b_.Store(8, R10, addr, R0);
  if (m.read == ReadKind::kString) {
    uint32_t size = static_cast<uint32_t>(e.type->size);
    uint32_t off = AllocScratch(size);
    EnsureScratch();
    ZeroMem(R7, static_cast<int16_t>(off), size);
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
    b_.MovImm(R2, static_cast<int32_t>(m.string_limit));
    CallReadHelper(BPF_FUNC_probe_read_kernel_str, addr, off);
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

// The path of a dentry, walking up through d_parent and across mounts to
// the root, as d_path() would; at most kMaxPathComponents steps.
void FunctionGen::GenPath(const Expr& e) {
  constexpr int kMaxPathComponents = 16;
  enum { kDParent, kDName, kMountMnt, kMntParent, kMntMountpoint, kMntRoot };
  const std::vector<uint32_t>& o = ResolutionOf(e).path_offsets;
  auto size = static_cast<int32_t>(e.type->size);
  // Twice the string's size: each component is read with the full size as
  // its limit, which keeps the verifier's bounds simple.
  uint32_t off = AllocScratch(2 * static_cast<uint32_t>(size));
  EnsureScratch();
  int mark = stack_top_;
  int16_t dentry = AllocSlot(), mount = AllocSlot();
  int16_t names = AllocSlot(8 * kMaxPathComponents);
  GenExpr(*e.args[0]);
  b_.Store(8, R10, dentry, R0);
  GenExpr(*e.args[1]);
  b_.AluImm(BPF_SUB, R0, static_cast<int32_t>(o[kMountMnt]));
  b_.Store(8, R10, mount, R0);
  auto read_at = [&](int16_t base_slot, uint32_t offset) {
    b_.Load(8, R0, R10, base_slot);
    b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(offset));
    GenKernelRead(R0, 8);
  };
  for (int i = 0; i < kMaxPathComponents; ++i)
    b_.StoreImm(8, R10, static_cast<int16_t>(names + 8 * i), 0);
  // The walk is branch-free: every step reads all it might need and picks
  // with masks (all ones or zero), so the verifier follows one path
  // whatever the kernel (older verifiers give up on 2^steps branches).
  int16_t stop = AllocSlot(), at_root = AllocSlot(), mnt_parent = AllocSlot();
  int16_t mountpoint = AllocSlot(), d_parent = AllocSlot();
  b_.StoreImm(8, R10, stop, 0);
  auto zero_mask = [&](Reg x, Reg tmp) {  // x = (x == 0) ? ~0 : 0
    b_.Mov(tmp, x);
    b_.Neg(tmp);
    b_.Alu(BPF_OR, x, tmp);
    b_.AluImm(BPF_RSH, x, 63);
    b_.AluImm(BPF_SUB, x, 1);
  };
  // out = ~0 when the step from `self` leads nowhere (0) or back to itself.
  auto ends_walk = [&](Reg out, int16_t next, int16_t self) {
    b_.Load(8, out, R10, next);
    b_.Load(8, R1, R10, self);
    b_.Alu(BPF_XOR, R1, out);
    zero_mask(R1, R2);
    zero_mask(out, R2);
    b_.Alu(BPF_OR, out, R1);
  };
  auto select = [&](int16_t dst, int16_t mask, int16_t if_set, int16_t if_clear) {
    b_.Load(8, R1, R10, mask);
    b_.Load(8, R2, R10, if_set);
    b_.Alu(BPF_AND, R2, R1);
    b_.AluImm(BPF_XOR, R1, -1);
    b_.Load(8, R3, R10, if_clear);
    b_.Alu(BPF_AND, R3, R1);
    b_.Alu(BPF_OR, R2, R3);
    b_.Store(8, R10, dst, R2);
  };
  for (int i = 0; i < kMaxPathComponents; ++i) {
    auto name = static_cast<int16_t>(names + 8 * i);
    read_at(mount, o[kMountMnt] + o[kMntRoot]);
    b_.Load(8, R1, R10, dentry);
    b_.Alu(BPF_XOR, R0, R1);
    zero_mask(R0, R1);
    b_.Store(8, R10, at_root, R0);
    read_at(mount, o[kMntParent]);
    b_.Store(8, R10, mnt_parent, R0);
    read_at(mount, o[kMntMountpoint]);
    b_.Store(8, R10, mountpoint, R0);
    read_at(dentry, o[kDParent]);
    b_.Store(8, R10, d_parent, R0);
    read_at(dentry, o[kDName]);
    b_.Store(8, R10, name, R0);
    // The walk ends at the root of everything: a mount that is its own
    // parent, or a dentry that is its own parent (or an unreadable link).
    ends_walk(R4, mnt_parent, mount);  // R4: the mount step would end the walk
    ends_walk(R5, d_parent, dentry);   // R5: the dentry step would end the walk
    b_.Load(8, R1, R10, at_root);
    b_.Alu(BPF_AND, R4, R1);
    b_.AluImm(BPF_XOR, R1, -1);
    b_.Alu(BPF_AND, R5, R1);
    b_.Alu(BPF_OR, R4, R5);
    b_.Load(8, R1, R10, stop);
    b_.Alu(BPF_OR, R1, R4);
    b_.Store(8, R10, stop, R1);
    // A name counts only for a dentry step taken before the end.
    b_.Load(8, R2, R10, at_root);
    b_.Alu(BPF_OR, R1, R2);
    b_.AluImm(BPF_XOR, R1, -1);
    b_.Load(8, R2, R10, name);
    b_.Alu(BPF_AND, R2, R1);
    b_.Store(8, R10, name, R2);
    // Step: across the mount, or up to the parent dentry; stay once ended.
    select(mountpoint, at_root, mountpoint, d_parent);  // the next dentry
    select(mnt_parent, at_root, mnt_parent, mount);     // the next mount
    select(dentry, stop, dentry, mountpoint);
    select(mount, stop, mount, mnt_parent);
  }
  ZeroMem(R7, static_cast<int16_t>(off), static_cast<uint32_t>(size));
  b_.MovImm(R9, 0);  // where the next "/name" goes
  // Branch-free, so the verifier sees one state per step: an empty slot
  // reads nothing (the helper fails) and does not move R9, and its "/" is
  // overwritten by the next component or the final NUL. Masking R9 bounds
  // every write inside the doubled buffer; a path longer than the mask
  // wraps (it would be truncated anyway).
  int32_t mask = 1;
  while (mask * 2 <= size) mask *= 2;
  mask -= 1;
  for (int i = kMaxPathComponents - 1; i >= 0; --i) {
    b_.AluImm(BPF_AND, R9, mask);
    b_.Mov(R1, R7);
    b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
    b_.Alu(BPF_ADD, R1, R9);
    b_.StoreImm(1, R1, 0, '/');
    b_.AluImm(BPF_ADD, R1, 1);
    b_.MovImm(R2, size);
    b_.Load(8, R3, R10, static_cast<int16_t>(names + 8 * i));
    b_.Call(BPF_FUNC_probe_read_kernel_str);
    b_.Mov(R1, R0);  // R0 = max(R0, 0) without a branch
    b_.AluImm(BPF_ARSH, R1, 63);
    b_.AluImm(BPF_XOR, R1, -1);
    b_.Alu(BPF_AND, R0, R1);
    b_.Alu(BPF_ADD, R9, R0);
  }
  b_.AluImm(BPF_AND, R9, mask);
  b_.Mov(R1, R7);
  b_.AluImm(BPF_ADD, R1, static_cast<int32_t>(off));
  b_.Alu(BPF_ADD, R1, R9);
  b_.StoreImm(1, R1, 0, 0);
  Label done = b_.NewLabel();
  b_.JumpIfImm(BPF_JNE, R9, 0, done);
  b_.StoreImm(1, R7, static_cast<int16_t>(off), '/');
  b_.Bind(done);
  b_.StoreImm(1, R7, static_cast<int16_t>(off + size - 1), 0);
  ReleaseSlotsTo(mark);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

}  // namespace dt
