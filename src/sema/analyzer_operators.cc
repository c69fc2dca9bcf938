// Semantic checks of D's operators: unary and binary operators with C's
// conversions, assignment (which defines variables on first use), and
// indexing of associative arrays (pointer and array indexing is in
// analyzer_types.cc).
#include <algorithm>

#include "common/diagnostic.h"
#include "frontend/const_fold.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"
#include "sema/resolved.h"

namespace dt {

using ast::BinaryOp;
using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;

void Analyzer::RequireScalar(const Expr& e, const char* op) {
  if (!e.type->IsScalar()) {
    throw CompileError("D_OP_SCALAR", e.line,
                       std::string("operator ") + op + " requires an operand of scalar type");
  }
}

void Analyzer::RequireLvalue(const Expr& e, const char* op) {
  bool ok = e.kind == ExprKind::kIdentifier || e.kind == ExprKind::kSelfVar ||
            e.kind == ExprKind::kThisVar || e.kind == ExprKind::kIndex ||
            (e.kind == ExprKind::kUnary && e.unary_op == UnaryOp::kDeref) ||
            e.kind == ExprKind::kMember;
  if (e.kind == ExprKind::kIdentifier && LookupBuiltin(e.text) >= 0) ok = false;
  if (!ok) {
    throw CompileError("D_OP_LVAL", e.line,
                       std::string("operator ") + op + " requires modifiable lvalue as an operand");
  }
}

const Type* Analyzer::CheckUnary(Expr& e) {
  const Type* t = Check(*e.lhs);
  const char* op = ast::UnaryOpSpelling(e.unary_op);
  switch (e.unary_op) {
    case UnaryOp::kNeg:
    case UnaryOp::kPlus:
    case UnaryOp::kBitNot:
      if (!t->IsInteger()) {
        throw CompileError("D_OP_INT", e.line,
                           std::string("operator ") + op + " requires an operand of integral type");
      }
      return types_.Promote(t);
    case UnaryOp::kLogicalNot:
      if (!t->IsScalar() && !t->IsString()) RequireScalar(*e.lhs, op);
      return types_.Int32();
    case UnaryOp::kDeref:
      t = AsKernelObject(*e.lhs);
      if (StripTypedefs(t)->kind == Type::Kind::kArray && IsKernelLvalue(*e.lhs)) {
        ResolveKernelAccess(e, AddressKind::kDeref, StripTypedefs(t)->target).base_is_object = true;
        return AsKernelValue(e, StripTypedefs(t)->target);
      }
      if (!t->IsPointer()) {
        throw CompileError("D_DEREF_NONPTR", e.line, "cannot dereference non-pointer type");
      }
      if (StripTypedefs(t)->target->IsVoid()) {
        throw CompileError("D_DEREF_VOID", e.line, "cannot dereference pointer to void");
      }
      ResolveKernelAccess(e, AddressKind::kDeref, StripTypedefs(t)->target);
      return AsKernelValue(e, StripTypedefs(t)->target);
    case UnaryOp::kAddressOf:
      return CheckAddressOf(e);
    case UnaryOp::kPreInc:
    case UnaryOp::kPreDec:
    case UnaryOp::kPostInc:
    case UnaryOp::kPostDec:
      RequireLvalue(*e.lhs, op);
      RequireScalar(*e.lhs, op);
      RequireVariable(*e.lhs, op);
      return t;
  }
  return t;
}

const Type* Analyzer::CheckTernary(Expr& e) {
  Check(*e.cond);
  const Type* a = Check(*e.lhs);
  const Type* b = Check(*e.rhs);
  if (a->IsString() && b->IsString()) return types_.String(std::max(a->size, b->size));
  if (a->IsScalar() && b->IsScalar())
    return a->IsPointer() ? a : b->IsPointer() ? b : types_.ArithmeticResult(a, b);
  throw CompileError("D_OP_INCOMPAT", e.line,
                     "operands have incompatible types: \"" + TypeSpelling(a) + "\" : \"" +
                         TypeSpelling(b) + "\"");
}

const Type* Analyzer::CheckCast(Expr& e) {
  const Type* from = Check(*e.lhs);
  const Type* t = ResolveTypeName(*e.type_name);
  if ((t->IsString() && !from->IsString()) ||
      (!t->IsString() && !t->IsVoid() && !(t->IsScalar() && from->IsScalar()))) {
    throw CompileError(
        "D_CAST_INVAL", e.line,
        "invalid cast expression: \"" + TypeSpelling(from) + "\" to \"" + TypeSpelling(t) + "\"");
  }
  return KeepScratchSpace(from, t);
}

const Type* Analyzer::CheckStringof(Expr& e) {
  const Type* from = Check(*e.lhs);
  if (!from->IsString() && !from->IsScalar()) {
    throw CompileError("D_STRINGOF_TYPE", e.line,
                       "cannot apply stringof to a value of type " + TypeSpelling(from));
  }
  return from->IsString() ? from : types_.String();
}

// DTrace refuses a division whose divisor is the constant zero at compile
// time (dt_node_op2); other divisions by zero fault at run time.
void Analyzer::RejectConstantZeroDivisor(const Expr& e) {
  if (e.binary_op != BinaryOp::kDiv && e.binary_op != BinaryOp::kMod) return;
  std::optional<FoldedConstant> divisor = FoldConstant(*e.rhs, InlineConstants());
  if (divisor && divisor->bits == 0) {
    throw CompileError("D_DIV_ZERO", e.line, "expression contains division by zero");
  }
}

// D's comparison operators read a bare name on the right as an enumerator
// of the left operand's enum type, so a kernel enum's names (which are not
// global in D) can be compared with: inode->i_write_hint == WRITE_LIFE_SHORT.
// A name that is also global (a variable, an inline, another enum's
// enumerator) is ambiguous there, and DTrace refuses it (D_IDENT_AMBIG).
void Analyzer::ReadAsEnumeratorOf(Expr& e, const Type* left, const char* op) {
  const Type* enum_type = StripTypedefs(left);
  if (e.kind != ExprKind::kIdentifier || enum_type->kind != Type::Kind::kEnum) return;
  auto named = std::find_if(enum_type->enumerators.begin(), enum_type->enumerators.end(),
                            [&](const auto& n) { return n.first == e.text; });
  if (named == enum_type->enumerators.end()) return;
  auto d_enumerator = enum_constants_.find(e.text);
  if (d_enumerator != enum_constants_.end() && d_enumerator->second.second == enum_type) return;
  std::string global;
  if (d_enumerator != enum_constants_.end()) {
    global = "enumerator";
  } else if (int b = LookupBuiltin(e.text); b >= 0) {
    global = e.text == "args" || e.text == "uregs" ? "associative array" : "scalar";
  } else if (IsInline(e.text)) {
    global = "scalar";
  } else if (const Variable* v = FindVar(info_.globals, e.text)) {
    global = v->is_assoc ? "associative array" : "scalar";
  }
  if (!global.empty()) {
    throw CompileError("D_IDENT_AMBIG", e.line,
                       std::string("ambiguous use of operator ") + op + ": " + Excerpt(e.text) +
                           " is both a " + TypeSpelling(left) + " enum tag and a global " + global);
  }
  e.kind = ExprKind::kInteger;
  e.int_value = static_cast<uint64_t>(named->second);
  e.read_as_enumerator = true;
}

const Type* Analyzer::CheckBinary(Expr& e) {
  const Type* a = Check(*e.lhs);
  const char* op = ast::BinaryOpSpelling(e.binary_op);
  bool comparison = e.binary_op == BinaryOp::kLt || e.binary_op == BinaryOp::kGt ||
                    e.binary_op == BinaryOp::kLe || e.binary_op == BinaryOp::kGe ||
                    e.binary_op == BinaryOp::kEq || e.binary_op == BinaryOp::kNe;
  if (comparison) ReadAsEnumeratorOf(*e.rhs, a, op);
  const Type* b = Check(*e.rhs);
  RejectConstantZeroDivisor(e);
  switch (e.binary_op) {
    case BinaryOp::kComma:
      return b;
    case BinaryOp::kLt:
    case BinaryOp::kGt:
    case BinaryOp::kLe:
    case BinaryOp::kGe:
    case BinaryOp::kEq:
    case BinaryOp::kNe:
      if (a->IsString() != b->IsString() &&
          (e.binary_op == BinaryOp::kEq || e.binary_op == BinaryOp::kNe)) {
        CompareStringWithNull(e);
        a = e.lhs->type;
        b = e.rhs->type;
      }
      if (a->IsString() != b->IsString() ||
          (!a->IsString() && (!a->IsScalar() || !b->IsScalar()))) {
        throw CompileError("D_OP_INCOMPAT", e.line,
                           std::string("operands have incompatible types: \"") + TypeSpelling(a) +
                               "\" " + op + " \"" + TypeSpelling(b) + "\"");
      }
      return types_.Int32();
    case BinaryOp::kLogicalAnd:
    case BinaryOp::kLogicalOr:
    case BinaryOp::kLogicalXor:
      if (!a->IsScalar() && !a->IsString()) RequireScalar(*e.lhs, op);
      if (!b->IsScalar() && !b->IsString()) RequireScalar(*e.rhs, op);
      return types_.Int32();
    case BinaryOp::kAdd:
    case BinaryOp::kSub:
      if (a->IsPointer() && b->IsInteger()) return a;
      if (e.binary_op == BinaryOp::kAdd && b->IsPointer() && a->IsInteger()) return b;
      if (e.binary_op == BinaryOp::kSub && a->IsPointer() && b->IsPointer()) return types_.Int64();
      [[fallthrough]];
    default:
      if (!a->IsInteger() || !b->IsInteger()) {
        bool arith = e.binary_op == BinaryOp::kAdd || e.binary_op == BinaryOp::kSub ||
                     e.binary_op == BinaryOp::kMul || e.binary_op == BinaryOp::kDiv;
        throw CompileError(arith ? "D_OP_ARITH" : "D_OP_INT", e.line,
                           std::string("operator ") + op + " requires operands of " +
                               (arith ? "arithmetic" : "integral") + " type");
      }
      if (e.binary_op == BinaryOp::kShl || e.binary_op == BinaryOp::kShr) return types_.Promote(a);
      return types_.ArithmeticResult(a, b);
  }
}

const Type* Analyzer::CheckAssign(Expr& e) {
  const Type* rhs = Check(*e.rhs);
  if (e.compound) RejectConstantZeroDivisor(e);
  const char* op = e.compound ? "op=" : "=";
  Expr& lhs = *e.lhs;
  if (rhs->IsVoid()) {
    throw CompileError("D_OP_VOID", e.line, "operator = requires an operand of non-void type");
  }
  // Assigning 0 to a dynamic variable (self->, an associative array's
  // element) frees it, whatever its type: a string one too.
  std::optional<FoldedConstant> folded;
  if (!e.compound && rhs->IsInteger()) folded = FoldConstant(*e.rhs, InlineConstants());
  bool frees = folded && folded->bits == 0;
  auto define_or_check = [&](std::vector<Variable>& table, ast::VarScope scope) -> const Type* {
    Variable* v = FindVar(table, lhs.text);
    if (v == nullptr) {
      if (e.compound) Check(lhs);  // reports the undefined name
      v = &DefineVar(table, lhs.text, scope, rhs);
    }
    if (v->is_assoc) {
      throw CompileError("D_IDENT_BADREF", lhs.line,
                         Excerpt(v->name) + " is an associative array and must be indexed");
    }
    bool frees_dynamic =
        frees && scope == ast::VarScope::kSelf && (v->type->IsString() || IsObjectType(v->type));
    bool objects = IsObjectType(v->type) || IsObjectType(rhs);
    if (objects ? !frees_dynamic && (e.compound || ObjectAssignmentIncompatible(v->type, rhs))
                : !frees_dynamic &&
                      (v->type->IsString() != rhs->IsString() ||
                       (!v->type->IsString() && !(v->type->IsScalar() && rhs->IsScalar())))) {
      throw CompileError("D_OP_INCOMPAT", e.line,
                         std::string("operands have incompatible types: \"") +
                             TypeSpelling(v->type) + "\" " + op + " \"" + TypeSpelling(rhs) + "\"");
    }
    if (scope == ast::VarScope::kThis && !inferring_) stored_clause_vars_.insert(v->id);
    ResolveVariable(lhs, *v);
    lhs.type = v->type;
    return v->type;
  };
  switch (lhs.kind) {
    case ExprKind::kIdentifier:
      if (LookupBuiltin(lhs.text) >= 0 || IsInline(lhs.text)) {
        RequireLvalue(lhs, op);
        throw CompileError(
            "D_OP_LVAL", e.line,
            std::string("operator ") + op + " requires modifiable lvalue as an operand");
      }
      return define_or_check(info_.globals, ast::VarScope::kGlobal);
    case ExprKind::kSelfVar:
      return define_or_check(info_.thread_vars, ast::VarScope::kSelf);
    case ExprKind::kThisVar:
      return define_or_check(info_.clause_vars, ast::VarScope::kThis);
    case ExprKind::kIndex:
      return CheckIndex(lhs, rhs, frees);
    default: {
      RequireLvalue(lhs, op);
      const Type* t = Check(lhs);
      RequireVariable(lhs, op);
      if (ResolutionOf(lhs).kind == Resolved::Kind::kVariablePart)
        CheckStoreToVariablePart(lhs, rhs, op);
      else
        CheckScratchStore(lhs, rhs, op);
      return t;
    }
  }
}

// Only D variables can be stored to: not kernel memory, translated
// members or inlines, which the lvalue syntax alone lets through.
void Analyzer::RequireVariable(const Expr& e, const char* op) {
  switch (ResolutionOf(e).kind) {
    case Resolved::Kind::kGlobalVariable:
    case Resolved::Kind::kThreadVariable:
    case Resolved::Kind::kClauseVariable:
    case Resolved::Kind::kAssocElement:
    case Resolved::Kind::kThreadAssocElement:
      return;
    case Resolved::Kind::kVariablePart:
      if (ResolutionOf(e).memory.read != ReadKind::kString) return;
      throw CompileError("D_OP_LVAL", e.line,
                         std::string("operator ") + op + " cannot store to a char array");
    case Resolved::Kind::kKernelMemory:
      if (IsScratchLvalue(e)) return;
      throw CompileError("D_OP_LVAL", e.line, "kernel memory cannot be modified");
    default:
      throw CompileError(
          "D_OP_LVAL", e.line,
          std::string("operator ") + op + " requires modifiable lvalue as an operand");
  }
}

// uregs[R_x]: the thread's user registers as it entered the kernel (or
// was interrupted in user space), x86-64's struct pt_regs word by word.
const Type* Analyzer::CheckUserRegister(Expr& e, const Type* assigned) {
  if (assigned != nullptr) {
    throw CompileError("D_OP_LVAL", e.line, "operator = requires modifiable lvalue as an operand");
  }
  if (e.args.size() != 1) {
    throw CompileError("D_ARR_BADREF", e.line,
                       "uregs[ ] key signature mismatch: " + std::to_string(e.args.size()) +
                           " keys passed, 1 expected");
  }
  if (!Check(*e.args[0])->IsInteger()) {
    throw CompileError("D_IDX_TYPE", e.args[0]->line, "uregs[ ] index must be an integer");
  }
  e.resolved->kind = Resolved::Kind::kBuiltin;
  e.resolved->builtin = Builtin::kUregs;
  return types_.Uint64();
}

const Type* Analyzer::CheckIndex(Expr& e, const Type* assigned, bool frees) {
  // self->name[keys] is a thread-local associative array unless self->name
  // is a scalar (a pointer or array, indexed in kernel memory).
  const bool thread_local_array = e.lhs->kind == ExprKind::kSelfVar;
  std::vector<Variable>& table = thread_local_array ? info_.thread_vars : info_.globals;
  Variable* named = e.lhs->kind == ExprKind::kIdentifier || thread_local_array
                        ? FindVar(table, e.lhs->text)
                        : nullptr;
  if (named == nullptr && e.lhs->kind == ExprKind::kIdentifier && e.lhs->text == "uregs")
    return CheckUserRegister(e, assigned);
  if (named == nullptr && e.lhs->kind == ExprKind::kIdentifier && e.lhs->text == "fds")
    return CheckFds(e, assigned);
  if (named == nullptr && e.lhs->kind == ExprKind::kIdentifier && e.lhs->text == "args" &&
      assigned == nullptr)
    return AsKernelValue(e, CheckProbeArg(e));
  bool assoc = thread_local_array
                   ? named == nullptr || named->is_assoc
                   : e.lhs->kind == ExprKind::kIdentifier && LookupBuiltin(e.lhs->text) < 0 &&
                         !IsInline(e.lhs->text) && (named == nullptr || named->is_assoc);
  // An element of an array a D variable holds (a[i], this->a[i], p.a[i]).
  if (!assoc && ((named != nullptr && IsObjectType(named->type)) ||
                 (assigned != nullptr && e.lhs->kind != ExprKind::kIdentifier))) {
    const Type* t = AsKernelValue(e, CheckPointerIndex(e));
    e.type = t;
    if (assigned != nullptr) {
      RequireVariable(e, "=");  // a D variable's element, or scratch memory
      if (ResolutionOf(e).kind == Resolved::Kind::kVariablePart)
        CheckStoreToVariablePart(e, assigned, "=");
      else
        CheckScratchStore(e, assigned, "=");
    }
    return t;
  }
  if (!assoc) {
    const Type* element = AsKernelValue(e, CheckPointerIndex(e));
    if (assigned != nullptr) {
      if (!IsScratchLvalue(e))
        throw CompileError("D_OP_LVAL", e.line, "kernel memory cannot be modified");
      e.type = element;
      CheckScratchStore(e, assigned, "=");
    }
    return element;
  }
  std::vector<const Type*> keys;
  for (auto& k : e.args) {
    const Type* t = Check(*k);
    if (t->IsVoid()) {
      throw CompileError("D_KEY_TYPE", k->line,
                         "void expression may not be used as associative array index: key #" +
                             std::to_string(keys.size() + 1));
    }
    keys.push_back(StorageType(t));
  }
  const std::string& name = e.lhs->text;
  Variable* v = FindVar(table, name);
  if (v == nullptr) {
    if (assigned == nullptr) {
      throw CompileError("D_IDENT_UNDEF", e.line,
                         "failed to resolve " + std::string(thread_local_array ? "self->" : "") +
                             Excerpt(name) + ": Unknown variable name");
    }
    v = &DefineVar(table, name, thread_local_array ? ast::VarScope::kSelf : ast::VarScope::kGlobal,
                   assigned);
    v->is_assoc = true;
    v->key_types = keys;
  }
  if (!v->is_assoc) {
    throw CompileError("D_IDX_TYPE", e.line, Excerpt(name) + " is not an associative array");
  }
  if (v->key_types.size() != keys.size()) {
    throw CompileError("D_ARR_BADREF", e.line,
                       Excerpt(name) +
                           "[ ] key signature mismatch: " + std::to_string(keys.size()) +
                           " keys passed, " + std::to_string(v->key_types.size()) + " expected");
  }
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i]->IsString() != v->key_types[i]->IsString()) {
      throw CompileError(
          "D_ARR_BADREF", e.line,
          Excerpt(name) + "[ ] key #" + std::to_string(i + 1) + " is incompatible with prototype");
    }
  }
  bool frees_dynamic = frees && (v->type->IsString() || IsObjectType(v->type));
  if (assigned != nullptr && !frees_dynamic &&
      (assigned->IsString() != v->type->IsString() ||
       ObjectAssignmentIncompatible(v->type, assigned))) {
    throw CompileError("D_OP_INCOMPAT", e.line,
                       "operands have incompatible types: \"" + TypeSpelling(v->type) + "\" = \"" +
                           TypeSpelling(assigned) + "\"");
  }
  ResolveVariable(e, *v);
  e.type = v->type;
  return v->type;
}

}  // namespace dt
