// DTrace's data-dumping actions: tracemem(), printm() and trace() of a
// struct, union or array. Their arguments are checked by DTrace's rules and
// with its messages; the code generator copies the bytes into the record
// (codegen/tracemem_gen.cc) and the consumer prints them as a hex dump
// (consumer/memory_dump.h).
#include <string>

#include "common/diagnostic.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"
#include "sema/program_info.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;

namespace {

// DTrace's dt_node_is_posconst(): an integer constant expression above 0.
bool IsPositiveConstant(const Expr& e) {
  if (!e.type->IsInteger() || !e.resolved || e.resolved->kind != Resolved::Kind::kIntegerConstant)
    return false;
  if (e.type->is_signed) return static_cast<int64_t>(e.resolved->value) > 0;
  return e.resolved->value > 0;
}

}  // namespace

// tracemem(address, nbytes_max [, nbytes]): the arguments were checked as
// expressions; CheckCall counted at least two.
void Analyzer::CheckTracemem(Expr& e) {
  Expr& addr = *e.args[0];
  if (IsKernelLvalue(addr)) AsKernelObject(addr);  // a kernel array: its address
  const Type* at = StripTypedefs(addr.type);
  if (!at->IsInteger() && !at->IsPointer() && at->kind != Type::Kind::kArray) {
    throw CompileError("D_TRACEMEM_ADDR", addr.line,
                       "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: "
                       "pointer or integer\n\t argument: " +
                           TypeSpelling(addr.type));
  }
  Expr& max = *e.args[1];
  if (!StripTypedefs(max.type)->IsInteger()) {
    throw CompileError("D_PROTO_ARG", max.line,
                       "tracemem( ) argument #2 is incompatible with prototype:\n\tprototype: "
                       "size_t\n\t argument: " +
                           TypeSpelling(max.type));
  }
  if (!IsPositiveConstant(max)) {
    throw CompileError(
        "D_TRACEMEM_SIZE", max.line,
        "tracemem( ) argument #2 must be a non-zero positive integral constant expression");
  }
  if (e.args.size() > 3) {
    throw CompileError("D_TRACEMEM_ARGS", e.args[2]->line,
                       "tracemem ( ) prototype mismatch: expected at most 3 args");
  }
  if (e.args.size() == 3 && !e.args[2]->type->IsScalar()) {
    throw CompileError("D_TRACEMEM_DYNSIZE", e.args[2]->line,
                       "tracemem ( ) dynamic size (argument #3) must be of scalar type");
  }
}

// printm(size, pointer): Oracle Linux DTrace's (and FreeBSD's) memory dump.
void Analyzer::CheckPrintm(Expr& e) {
  Expr& size = *e.args[0];
  if (!IsPositiveConstant(size)) {
    throw CompileError(
        "D_PRINTM_SIZE", size.line,
        "printm( ) argument #1 must be a non-zero positive integral constant expression");
  }
  Expr& addr = *e.args[1];
  if (IsKernelLvalue(addr)) AsKernelObject(addr);
  const Type* at = StripTypedefs(addr.type);
  if (!at->IsPointer() && at->kind != Type::Kind::kArray) {
    throw CompileError("D_PRINTM_ADDR", addr.line,
                       "printm( ) argument #2 is incompatible with prototype:\n\tprototype: "
                       "pointer\n\t argument: " +
                           TypeSpelling(addr.type));
  }
}

// trace() of a struct, union or array that is not a string: DTrace records
// the object's bytes, so it must be an object in memory.
void Analyzer::CheckTraceObject(Expr& e) {
  Expr& arg = *e.args[0];
  const Type* t = StripTypedefs(arg.type);
  bool object = t->IsStructOrUnion() || t->kind == Type::Kind::kArray;
  if (!object) return;
  // A translated struct exists only member by member: use_check says so
  // (D_XLATE_SOU), as for any use of it whole. A D variable's struct is not
  // recorded whole yet: use_check refuses it as a value (D_TYPE_ERR).
  Resolved::Kind kind = ResolutionOf(arg).kind;
  bool d_variable =
      kind == Resolved::Kind::kGlobalVariable || kind == Resolved::Kind::kThreadVariable ||
      kind == Resolved::Kind::kClauseVariable || kind == Resolved::Kind::kAssocElement ||
      kind == Resolved::Kind::kThreadAssocElement || kind == Resolved::Kind::kVariablePart;
  if (!IsKernelLvalue(arg) && !IsTranslatedObject(arg, info_) && !d_variable) {
    throw CompileError("D_TRACE_DYN", e.line,
                       "trace( ) may not be applied to a dynamic expression");
  }
}

}  // namespace dt
