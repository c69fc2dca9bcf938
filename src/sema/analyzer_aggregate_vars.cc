// D variables that hold structs, unions and arrays (the Dynamic Tracing
// Guide's "Structs and Unions" and "Array Declarations and Storage"): a
// global, self->, this-> or associative-array element declared with such a
// type holds the object itself. Its members and elements are read and
// written where they lie in it (Resolved::Kind::kVariablePart); the whole
// object is only copied to another variable of the same type, or printed.
#include <algorithm>

#include "common/diagnostic.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;

bool Analyzer::IsVariableObject(const Expr& e) const {
  if (!e.resolved || !IsObjectType(e.type)) return false;
  switch (e.resolved->kind) {
    case Resolved::Kind::kGlobalVariable:
    case Resolved::Kind::kThreadVariable:
    case Resolved::Kind::kClauseVariable:
    case Resolved::Kind::kAssocElement:
    case Resolved::Kind::kThreadAssocElement:
      return true;
    case Resolved::Kind::kVariablePart:
      return e.resolved->memory.read == ReadKind::kObject;
    default:
      return false;
  }
}

namespace {

// How a part of type t is read; a char array reads as a string.
void SetPartRead(KernelAccess& m, const Type* t) {
  const Type* s = StripTypedefs(t);
  m.read = s->IsScalar() ? ReadKind::kScalar : ReadKind::kObject;
}

}  // namespace

const Type* Analyzer::CheckVariableMember(Expr& e, const Type* su) {
  std::optional<MemberLocation> m = FindMember(su, e.text);
  if (!m) {
    throw CompileError("D_TYPE_MEMBER", e.line,
                       Excerpt(e.text) + " is not a member of " + TypeSpelling(su));
  }
  e.resolved = std::make_shared<Resolved>();
  e.resolved->kind = Resolved::Kind::kVariablePart;
  KernelAccess& access = e.resolved->memory;
  access.address = AddressKind::kMember;
  access.base_is_object = true;
  access.offset = m->byte_offset();
  SetPartRead(access, m->type);
  if (m->is_bitfield()) {
    access.read = ReadKind::kBitField;
    access.offset = m->bit_offset / 8;
    access.bit_offset = static_cast<int>(m->bit_offset % 8);
    access.bit_width = m->bit_width;
  }
  return m->type;
}

const Type* Analyzer::CheckVariableElement(Expr& e, const Type* array) {
  if (e.args.size() != 1) {
    throw CompileError("D_IDX_TYPE", e.line, "operator [ ] takes one index for an array");
  }
  CheckIntegerIndex(e);
  // A constant index is checked now; any other when the clause runs.
  if (std::optional<int64_t> n = FoldedValue(*e.args[0])) {
    if (*n < 0 || static_cast<uint64_t>(*n) >= array->array_len) {
      throw CompileError("D_ARR_BOUNDS", e.line,
                         "index " + std::to_string(*n) + " is out of range for array of " +
                             std::to_string(array->array_len) + " elements");
    }
  }
  e.resolved = std::make_shared<Resolved>();
  e.resolved->kind = Resolved::Kind::kVariablePart;
  e.resolved->elements = array->array_len;
  KernelAccess& access = e.resolved->memory;
  access.address = AddressKind::kElement;
  access.base_is_object = true;
  access.element_size = std::max<uint64_t>(1, array->target->size);
  SetPartRead(access, array->target);
  return array->target;
}

void Analyzer::CheckStoreToVariablePart(const Expr& lhs, const Type* value, const char* op) {
  const Type* to = lhs.type;
  bool ok = IsObjectType(to) || IsObjectType(value)
                ? IsObjectType(to) && IsObjectType(value) && SameObjectType(to, value)
                : to->IsScalar() && value->IsScalar();
  if (!ok || (to->IsString() || value->IsString())) {
    throw CompileError("D_OP_INCOMPAT", lhs.line,
                       std::string("operands have incompatible types: \"") + TypeSpelling(to) +
                           "\" " + op + " \"" + TypeSpelling(value) + "\"");
  }
}

bool Analyzer::ObjectAssignmentIncompatible(const Type* to, const Type* value) {
  if (!IsObjectType(to) && !IsObjectType(value)) return false;
  return !(IsObjectType(to) && IsObjectType(value) && SameObjectType(to, value));
}

}  // namespace dt
