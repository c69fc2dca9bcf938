#include "sema/use_check.h"

#include <set>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "sema/resolved.h"

namespace dt {

namespace {

using ast::Expr;
using ast::ExprKind;
using Kind = Resolved::Kind;

class UseChecker {
 public:
  explicit UseChecker(const ProgramInfo& info) : info_(info) {}

  void CheckClause(const ClauseInfo& c) {
    for (const Probe* p : c.probes) {
      auto it = info_.stable.find(p->id);
      if (it == info_.stable.end()) continue;
      if (it->second.condition) Expansion(*it->second.condition);
      if (it->second.task) Expansion(*it->second.task);
    }
    if (c.clause->predicate) Value(*c.clause->predicate);
    for (const auto& s : c.clause->body) Statement(*s);
  }

 private:
  void Statement(const ast::Stmt& s) {
    Nesting nesting(s.line);
    switch (s.kind) {
      case ast::StmtKind::kExpr:
        if (ResolutionOf(*s.expr).kind == Kind::kAction)
          Action(*s.expr);
        else
          Value(*s.expr);
        return;
      case ast::StmtKind::kAggregate:
        Aggregate(s);
        return;
      case ast::StmtKind::kIf:
        Value(*s.expr);
        for (const auto& x : s.body) Statement(*x);
        for (const auto& x : s.else_body) Statement(*x);
        return;
      case ast::StmtKind::kBlock:
        for (const auto& x : s.body) Statement(*x);
        return;
      case ast::StmtKind::kEmpty:
        return;
    }
  }

  // The value, the increment and the keys; lquantize()'s and
  // llquantize()'s other parameters are constants, not generated.
  void Aggregate(const ast::Stmt& s) {
    const Aggregation& agg = info_.aggregations.at(static_cast<size_t>(s.binding));
    if (!s.agg_args.empty() && agg.kind != AggFunc::kCount) Value(*s.agg_args[0]);
    size_t increment = agg.kind == AggFunc::kQuantize     ? 1
                       : agg.kind == AggFunc::kLquantize  ? 4
                       : agg.kind == AggFunc::kLlquantize ? 5
                                                          : s.agg_args.size();
    if (increment < s.agg_args.size()) Value(*s.agg_args[increment]);
    for (const auto& k : s.keys) Value(*k);
  }

  void Action(const Expr& call) {
    // print() and trace() copy a struct, union or array from kernel memory
    // (print() also from a D variable); tracemem() and printm() take an
    // array's address.
    bool memory_action = call.text == "tracemem" || call.text == "printm";
    if (call.text == "print" || call.text == "trace" || memory_action) {
      for (size_t i = 0; i < call.args.size(); ++i) {
        const Expr& a = *call.args[i];
        const Type* t = StripTypedefs(a.type);
        bool address = call.text == "printm" ? i == 1 : i == 0;
        bool in_kernel = ResolutionOf(a).kind == Kind::kKernelMemory;
        if (call.text == "print" && !in_kernel && IsObjectType(t))
          VariableObject(a);  // copied from the variable
        else if (address && (t->IsStructOrUnion() || t->kind == Type::Kind::kArray) && in_kernel)
          Object(a);
        else if (!memory_action || i != (call.text == "printm" ? 0u : 1u))
          Value(a);  // not the constant size
      }
      return;
    }
    bool names_aggregations = call.text == "printa" || call.text == "clear" ||
                              call.text == "trunc" || call.text == "normalize" ||
                              call.text == "denormalize";
    for (const auto& a : call.args)
      if (!names_aggregations || ResolutionOf(*a).kind != Kind::kAggregation) Value(*a);
  }

  void Value(const Expr& e) {
    Nesting nesting(e.line);
    const Resolved& r = ResolutionOf(e);
    switch (r.kind) {
      case Kind::kGlobalVariable:
      case Kind::kThreadVariable:
      case Kind::kClauseVariable:
      case Kind::kAssocElement:
      case Kind::kThreadAssocElement:
      case Kind::kVariablePart:
        if (IsObjectType(e.type)) ObjectAsValue(e);
        VariableObject(e);
        return;
      case Kind::kIntegerConstant:
      case Kind::kStringConstant:
      case Kind::kBuiltin:
      case Kind::kProbeArg:
        return;
      case Kind::kSubroutine:
        for (const auto& a : e.args) Value(*a);
        return;
      case Kind::kInline:
      case Kind::kProbeArgInD:
        Expansion(*r.expansion);
        return;
      case Kind::kKernelMemory:
        Address(e);
        if (r.memory.read == ReadKind::kObject) ObjectAsValue(e);
        return;
      case Kind::kTranslatedMember:
        Value(*r.input);
        ++translators_;
        Expansion(*r.expansion);
        --translators_;
        return;
      case Kind::kTranslatorInput:
        if (translators_ == 0) {
          throw CompileError("D_XLATE_NONE", e.line,
                             "translator input used outside its translator");
        }
        return;
      case Kind::kXlate:  // translated structs exist only member by member
        throw CompileError(
            "D_XLATE_SOU", e.line,
            "a translated " + TypeSpelling(e.type) + " can only be used through its members (->)");
      case Kind::kAggregation:
        throw CompileError("D_UNKNOWN", e.line, "expression not supported by the code generator");
      case Kind::kAction:
        throw CompileError("D_UNKNOWN", e.line, e.text + "( ) is not supported here");
      case Kind::kOperator:
        Operands(e);
        return;
    }
  }

  // Inlines, translator members and the providers' D are generated where
  // they are used, the same code each time: checked once.
  void Expansion(const Expr& body) {
    if (expanded_.insert(&body).second) Value(body);
  }

  void Operands(const Expr& e) {
    switch (e.kind) {
      case ExprKind::kUnary:
        if (e.unary_op == ast::UnaryOp::kAddressOf)
          Object(*e.lhs);
        else
          Value(*e.lhs);
        return;
      case ExprKind::kAssign:
        if (IsObjectType(e.lhs->type) && e.rhs->type->IsInteger()) {
          // The 0 that frees a dynamic variable: only its keys are values.
          if (e.lhs->kind == ExprKind::kIndex)
            for (const auto& key : e.lhs->args) Value(*key);
          return;
        }
        if (IsObjectType(e.lhs->type)) {  // a whole struct, union or array copied
          VariableObject(*e.rhs);
          VariableObject(*e.lhs);
          return;
        }
        Value(*e.rhs);
        Value(*e.lhs);  // a variable: its keys, if any
        return;
      case ExprKind::kTernary:
        Value(*e.cond);
        [[fallthrough]];
      case ExprKind::kBinary:
        Value(*e.lhs);
        Value(*e.rhs);
        return;
      case ExprKind::kCast:
      case ExprKind::kStringof:
        Value(*e.lhs);
        return;
      case ExprKind::kIndex:  // a character of a D string
        Value(*e.lhs);
        Value(*e.args[0]);
        return;
      default:
        return;
    }
  }

  [[noreturn]] static void ObjectAsValue(const Expr& e) {
    throw CompileError("D_TYPE_ERR", e.line,
                       "a value of type \"" + TypeSpelling(e.type) +
                           "\" cannot be used here; use one of its members");
  }

  // A D variable, or a part of the object one holds: the keys and indexes
  // that say where it is. Anything else is not an object a variable holds.
  void VariableObject(const Expr& e) {
    Nesting nesting(e.line);
    const Resolved& r = ResolutionOf(e);
    switch (r.kind) {
      case Kind::kGlobalVariable:
      case Kind::kThreadVariable:
      case Kind::kClauseVariable:
        return;
      case Kind::kAssocElement:
      case Kind::kThreadAssocElement:
        for (const auto& a : e.args) Value(*a);
        return;
      case Kind::kVariablePart:
        VariableObject(*e.lhs);
        if (r.memory.address == AddressKind::kElement) Value(*e.args[0]);
        return;
      default:
        ObjectAsValue(e);
    }
  }

  // An object in kernel memory whose address is generated.
  void Object(const Expr& e) {
    Nesting nesting(e.line);
    if (ResolutionOf(e).kind != Kind::kKernelMemory)
      throw CompileError("D_ADDROF_VAR", e.line, "cannot take address of this expression");
    Address(e);
  }

  void Address(const Expr& e) {
    const KernelAccess& m = ResolutionOf(e).memory;
    switch (m.address) {
      case AddressKind::kMember:
      case AddressKind::kDeref:
      case AddressKind::kElement:
        if (m.base_is_object)
          Object(*e.lhs);
        else
          Value(*e.lhs);
        if (m.address == AddressKind::kElement) Value(*e.args[0]);
        return;
      default:  // at a fixed address or in the probe's record
        return;
    }
  }

  const ProgramInfo& info_;
  int translators_ = 0;  // translator members being expanded
  std::set<const Expr*> expanded_;
};

}  // namespace

void CheckGeneratedUses(const ProgramInfo& info, const ClauseInfo& clause) {
  if (clause.probes.empty()) return;
  UseChecker(info).CheckClause(clause);
}

}  // namespace dt
