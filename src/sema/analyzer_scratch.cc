// Semantic checks of scratch memory: alloca(), bcopy(), copyinto(), the
// objects reached through the pointers they and copyin() give (the only
// memory a D program may store to besides its variables), and a string
// compared with NULL.
//
// A pointer into scratch memory has the address space AddrSpace::kScratch
// (types.h): alloca() and copyin() return `void *` in it, a cast of such a
// pointer keeps it, and so do pointer arithmetic and the variables it is
// assigned to. Stores through it are checked again at run time against the
// clause's scratch memory (codegen/scratch_gen.cc), as DTrace checks every
// store: a pointer that wandered off is DTrace's "invalid address" error.
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostic.h"
#include "frontend/const_fold.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;

const Type* Analyzer::CheckScratchCall(Expr& e) {
  const std::string& f = e.text;
  struct Param {
    const char* spelling;
  };
  // DTrace's prototypes: void *alloca(size_t), void bcopy(void *, void *,
  // size_t), void copyinto(uintptr_t, size_t, void *).
  std::vector<Param> params;
  if (f == "alloca") params = {{"size_t"}};
  if (f == "bcopy") params = {{"void *"}, {"void *"}, {"size_t"}};
  if (f == "copyinto") params = {{"uintptr_t"}, {"size_t"}, {"void *"}};
  const int n = static_cast<int>(params.size());
  if (e.args.size() != params.size()) ProtoLenError(e.line, f, e.args.size(), n, n);
  for (size_t i = 0; i < params.size(); ++i) {
    const Type* t = Check(*e.args[i]);
    const bool size_param = std::string(params[i].spelling) == "size_t";
    if (size_param ? t->IsInteger() : t->IsScalar()) continue;
    throw CompileError("D_PROTO_ARG", e.args[i]->line,
                       f + "( ) argument #" + std::to_string(i + 1) +
                           " is incompatible with prototype:\n\tprototype: " + params[i].spelling +
                           "\n\t argument: " + TypeSpelling(t));
  }
  if (f == "alloca") return types_.Pointer(types_.Void(), AddrSpace::kScratch);
  return types_.Void();
}

namespace {

bool InScratchSpace(const Type* t) {
  t = StripTypedefs(t);
  return t->IsPointer() && t->addr_space == AddrSpace::kScratch;
}

}  // namespace

bool Analyzer::IsScratchLvalue(const Expr& e) const {
  if (!e.resolved || e.resolved->kind != Resolved::Kind::kKernelMemory) return false;
  const KernelAccess& m = e.resolved->memory;
  if (m.address != AddressKind::kMember && m.address != AddressKind::kElement &&
      m.address != AddressKind::kDeref)
    return false;
  // A bit-field, a char array read as a string or a whole struct: not a
  // scalar that one store writes.
  if (m.read != ReadKind::kScalar) return false;
  if (!e.lhs) return false;
  // `p->m`, `p[i]`, `*p`: the pointer's space; `s.m`, `a[i]` of an object:
  // where the object lies.
  if (m.base_is_object) return IsScratchObject(*e.lhs);
  return InScratchSpace(e.lhs->type);
}

bool Analyzer::IsScratchObject(const Expr& e) const {
  if (!e.resolved || e.resolved->kind != Resolved::Kind::kKernelMemory || !e.lhs) return false;
  const KernelAccess& m = e.resolved->memory;
  if (m.address != AddressKind::kMember && m.address != AddressKind::kElement &&
      m.address != AddressKind::kDeref)
    return false;
  if (m.base_is_object) return IsScratchObject(*e.lhs);
  return InScratchSpace(e.lhs->type);
}

void Analyzer::CheckScratchStore(const Expr& lhs, const Type* value, const char* op) {
  if (value->IsScalar()) return;
  throw CompileError("D_OP_INCOMPAT", lhs.line,
                     std::string("operands have incompatible types: \"") + TypeSpelling(lhs.type) +
                         "\" " + op + " \"" + TypeSpelling(value) + "\"");
}

const Type* Analyzer::KeepScratchSpace(const Type* from, const Type* to) {
  if (!InScratchSpace(from)) return to;
  const Type* s = StripTypedefs(to);
  if (!s->IsPointer() || s->addr_space == AddrSpace::kScratch) return to;
  return types_.Pointer(s->target, AddrSpace::kScratch);
}

void Analyzer::CompareStringWithNull(Expr& e) {
  Expr& other = e.lhs->type->IsString() ? *e.rhs : *e.lhs;
  if (!other.type->IsScalar()) return;
  const Expr* value = &other;
  while (value->kind == ExprKind::kCast && value->lhs) value = value->lhs.get();  // (void *)0
  std::optional<FoldedConstant> folded = FoldConstant(*value, InlineConstants());
  if (!folded || folded->bits != 0) return;
  // DTrace's string subroutines give NULL where they find nothing; here
  // they give "", so NULL is "" for the comparison.
  ast::ExprPtr empty = std::make_unique<Expr>();
  empty->kind = ExprKind::kString;
  empty->line = other.line;
  ast::ExprPtr& slot = e.lhs->type->IsString() ? e.rhs : e.lhs;
  slot = std::move(empty);
  Check(*slot);
}

}  // namespace dt
