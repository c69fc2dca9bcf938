// Structs, unions and arrays held in D variables (sema's
// analyzer_aggregate_vars.cc). Such a variable is stored as its bytes,
// rounded up to whole words, where a scalar of its kind would be: in the
// globals map, in scratch for this->, as the value of a self-> or
// associative-array map entry. Its value in a register is the address of
// those bytes (a missing entry reads as a zero block in read-only data), so
// a member or element is read and written right there, at its offset.
// A dynamic index is compared with the array's length first: out of range
// it is DTrace's illegal-operation fault, and in range the verifier knows
// the access stays inside the map value.
#include <stdexcept>

#include "codegen/function_gen.h"
#include "common/diagnostic.h"
#include "common/nesting.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;
using namespace bpf;

bool HeldAsBytes(const Type* t) { return t->IsString() || IsObjectType(t); }

uint32_t StoredBytes(const Type* t) {
  if (t->IsString()) return static_cast<uint32_t>(t->size);
  if (IsObjectType(t)) return static_cast<uint32_t>((StripTypedefs(t)->size + 7) & ~uint64_t{7});
  return 8;
}

namespace {

bool IsPart(const Expr& e) { return ResolutionOf(e).kind == Resolved::Kind::kVariablePart; }

// Bytes a bit-field's bits span, from its first byte.
int BitFieldBytes(const KernelAccess& m) { return (m.bit_offset + m.bit_width + 7) / 8; }

}  // namespace

// A self-> or associative-array entry to write into: made (zeroed) when
// missing. r0 = its address, or 0 when the map has no room for it.
void FunctionGen::GenEntryForWrite(const Expr& e) {
  int mark = stack_top_;
  auto [key, map] = GenDynamicKey(e);
  const uint32_t size = StoredBytes(e.type);
  Label found = b_.NewLabel();
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.Call(BPF_FUNC_map_lookup_elem);
  b_.JumpIfImm(BPF_JNE, R0, 0, found);
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.LoadMapValueAddr(R3, maps_.rodata_map(), maps_.AddRodata("", size));
  b_.MovImm(R4, BPF_NOEXIST);
  b_.Call(BPF_FUNC_map_update_elem);
  b_.LoadMapFd(R1, map);
  b_.Mov(R2, R10);
  b_.AluImm(BPF_ADD, R2, key);
  b_.Call(BPF_FUNC_map_lookup_elem);
  b_.JumpIfImm(BPF_JNE, R0, 0, found);
  GenCountDynamicDrop();  // r0 stays 0: the caller skips the store
  b_.Bind(found);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenVariableObjectAddress(const Expr& e, bool for_write) {
  Nesting nesting(e.line);
  const Resolved& r = ResolutionOf(e);
  switch (r.kind) {
    case Resolved::Kind::kGlobalVariable:
    case Resolved::Kind::kClauseVariable:
      GenLoadVariable(e);
      return;
    case Resolved::Kind::kThreadVariable:
      if (for_write)
        GenEntryForWrite(e);
      else
        GenLoadVariable(e);
      return;
    case Resolved::Kind::kAssocElement:
    case Resolved::Kind::kThreadAssocElement:
      if (for_write)
        GenEntryForWrite(e);
      else
        GenAssocLookup(e);
      return;
    case Resolved::Kind::kVariablePart:
      break;
    default:
      throw std::logic_error("line " + std::to_string(e.line) + ": not a D variable's object");
  }
  const KernelAccess& m = r.memory;
  GenVariableObjectAddress(*e.lhs, for_write);
  Label none = b_.NewLabel();
  if (for_write) b_.JumpIfImm(BPF_JEQ, R0, 0, none);
  if (m.address == AddressKind::kMember) {
    if (m.offset != 0) b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(m.offset));
  } else {
    int mark = stack_top_;
    int16_t base = AllocSlot();
    b_.Store(8, R10, base, R0);
    GenExpr(*e.args[0]);
    Label inside = b_.NewLabel();
    b_.JumpIfImm(BPF_JLT, R0, static_cast<int32_t>(r.elements), inside);
    EmitFault(FaultKind::kIllegalOp, R0);
    b_.Bind(inside);
    if (m.element_size != 1) b_.AluImm(BPF_MUL, R0, static_cast<int32_t>(m.element_size));
    b_.Load(8, R1, R10, base);
    b_.Alu(BPF_ADD, R0, R1);
    ReleaseSlotsTo(mark);
  }
  b_.Bind(none);
}

void FunctionGen::GenVariablePartValue(const Expr& e) {
  const KernelAccess& m = ResolutionOf(e).memory;
  GenVariableObjectAddress(e, false);
  switch (m.read) {
    case ReadKind::kObject:  // copied whole or printed from where it is
      return;
    case ReadKind::kString: {
      // A char array: a string of at most its length.
      int mark = stack_top_;
      int16_t addr = AllocSlot();
      b_.Store(8, R10, addr, R0);
      GenCharArrayString(e, addr, m.string_limit);
      ReleaseSlotsTo(mark);
      return;
    }
    case ReadKind::kScalar: {
      int size = static_cast<int>(std::min<uint64_t>(StripTypedefs(e.type)->size, 8));
      b_.Load(size, R0, R0, 0);
      Normalize(R0, e.type);
      return;
    }
    case ReadKind::kBitField: {
      b_.MovImm(R2, 0);
      for (int i = 0; i < BitFieldBytes(m); ++i) {
        b_.Load(1, R1, R0, static_cast<int16_t>(i));
        if (i != 0) b_.AluImm(BPF_LSH, R1, 8 * i);
        b_.Alu(BPF_OR, R2, R1);
      }
      b_.Mov(R0, R2);
      if (m.bit_offset) b_.AluImm(BPF_RSH, R0, m.bit_offset);
      if (m.bit_width < 64) {
        b_.LoadImm(R1, (uint64_t{1} << m.bit_width) - 1);
        b_.Alu(BPF_AND, R0, R1);
      }
      return;
    }
  }
}

// Copies `size` bytes from `src` to `dst` exactly, widest loads first.
void FunctionGen::CopyExactBytes(Reg dst, int16_t dst_off, Reg src, uint32_t size) {
  uint32_t at = 0;
  for (int step : {8, 4, 2, 1}) {
    for (; at + static_cast<uint32_t>(step) <= size; at += static_cast<uint32_t>(step)) {
      b_.Load(step, R2, src, static_cast<int16_t>(at));
      b_.Store(step, dst, static_cast<int16_t>(dst_off + at), R2);
    }
  }
}

void FunctionGen::PadVariablePart(const Expr& value) {
  const uint32_t size = static_cast<uint32_t>(StripTypedefs(value.type)->size);
  if (!IsPart(value) || size == StoredBytes(value.type)) return;
  // r0 points into a larger object: the words past this part may lie
  // outside it. Copy the part to zeroed scratch of whole words.
  uint32_t off = AllocScratch(StoredBytes(value.type));
  EnsureScratch();
  b_.Mov(R1, R0);
  ZeroMem(R7, static_cast<int16_t>(off), StoredBytes(value.type));
  CopyExactBytes(R7, static_cast<int16_t>(off), R1, size);
  b_.Mov(R0, R7);
  b_.AluImm(BPF_ADD, R0, static_cast<int32_t>(off));
}

void FunctionGen::GenStoreToVariablePart(const Expr& lhs, int16_t value_slot) {
  const KernelAccess& m = ResolutionOf(lhs).memory;
  GenVariableObjectAddress(lhs, true);
  Label done = b_.NewLabel();
  b_.JumpIfImm(BPF_JEQ, R0, 0, done);  // no room for the self->/associative entry
  b_.Load(8, R1, R10, value_slot);
  switch (m.read) {
    case ReadKind::kObject: {
      // Exactly the part's bytes: the members after it stay as they are.
      CopyExactBytes(R0, 0, R1, static_cast<uint32_t>(StripTypedefs(lhs.type)->size));
      break;
    }
    case ReadKind::kScalar:
      b_.Store(static_cast<int>(std::min<uint64_t>(StripTypedefs(lhs.type)->size, 8)), R0, 0, R1);
      break;
    case ReadKind::kBitField: {
      // Read the bytes the field spans, replace its bits, write them back.
      const int bytes = BitFieldBytes(m);
      const uint64_t ones = m.bit_width < 64 ? (uint64_t{1} << m.bit_width) - 1 : ~uint64_t{0};
      b_.LoadImm(R3, ones);
      b_.Alu(BPF_AND, R1, R3);
      if (m.bit_offset) b_.AluImm(BPF_LSH, R1, m.bit_offset);
      b_.MovImm(R2, 0);
      for (int i = 0; i < bytes; ++i) {
        b_.Load(1, R4, R0, static_cast<int16_t>(i));
        if (i != 0) b_.AluImm(BPF_LSH, R4, 8 * i);
        b_.Alu(BPF_OR, R2, R4);
      }
      b_.LoadImm(R3, ~(ones << m.bit_offset));
      b_.Alu(BPF_AND, R2, R3);
      b_.Alu(BPF_OR, R2, R1);
      for (int i = 0; i < bytes; ++i) {
        b_.Store(1, R0, static_cast<int16_t>(i), R2);
        b_.AluImm(BPF_RSH, R2, 8);
      }
      break;
    }
    case ReadKind::kString:
      throw std::logic_error("line " + std::to_string(lhs.line) + ": a store to a char array");
  }
  b_.Bind(done);
}

bool FunctionGen::PrintsVariableObject(const Expr& arg) const {
  return IsPart(arg) ||
         (ResolutionOf(arg).kind != Resolved::Kind::kKernelMemory && IsObjectType(arg.type));
}

}  // namespace dt
