#include "sema/stability_check.h"

#include <cstdio>
#include <set>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "providers/provider.h"
#include "sema/resolved.h"

namespace dt {

namespace {

using ast::Expr;
using ast::ExprKind;
using Kind = Resolved::Kind;
using S = Stability;
using C = DependencyClass;

constexpr Attributes kStableCommon{S::kStable, S::kStable, C::kCommon};
constexpr Attributes kEvolvingCommon{S::kEvolving, S::kEvolving, C::kCommon};
constexpr Attributes kUnstableCommon{S::kUnstable, S::kUnstable, C::kCommon};
// Kernel symbols and kernel types: the kernel's, not an interface.
constexpr Attributes kKernelPrivate{S::kPrivate, S::kPrivate, C::kUnknown};
constexpr ProviderAttributes kUnstableProvider{kUnstableCommon, kUnstableCommon, kUnstableCommon,
                                               kUnstableCommon, kUnstableCommon};

// DTrace's actions ("tracing functions"); other calls are subroutines
// ("functions") or aggregating functions.
const std::set<std::string>& Actions() {
  static const std::set<std::string> kActions = {
      "breakpoint", "chill",     "clear",  "commit", "denormalize", "discard",   "exit",
      "freopen",    "ftruncate", "func",   "jstack", "mod",         "normalize", "panic",
      "print",      "printa",    "printf", "printm", "raise",       "setopt",    "speculate",
      "stack",      "stop",      "sym",    "system", "trace",       "tracemem",  "trunc",
      "uaddr",      "ufunc",     "umod",   "ustack", "usym"};
  return kActions;
}

const std::set<std::string>& AggregatingFunctions() {
  static const std::set<std::string> kAggregating = {
      "count", "sum", "avg", "min", "max", "stddev", "quantize", "lquantize", "llquantize"};
  return kAggregating;
}

// The identifiers DTrace's table gives Evolving/Evolving/Common; the rest
// of the built-in variables and functions are Stable/Stable/Common, but
// curthread, which is Stable/Private/Common (its data is the kernel's).
Attributes BuiltinFunctionAttributes(const std::string& name) {
  static const std::set<std::string> kEvolving = {
      "ddi_pathname",    "getmajor",    "getminor",     "htonl",
      "htonll",          "htons",       "ntohl",        "ntohll",
      "ntohs",           "mutex_owned", "mutex_owner",  "mutex_type_adaptive",
      "mutex_type_spin", "rw_iswriter", "rw_read_held", "rw_write_held"};
  return kEvolving.count(name) ? kEvolvingCommon : kStableCommon;
}

std::string CallName(const std::string& name) {
  const char* kind = Actions().count(name)                ? "tracing function"
                     : AggregatingFunctions().count(name) ? "aggregating function"
                                                          : "function";
  return std::string(kind) + " " + name + "( )";
}

bool IsGlob(const std::string& field) {
  return field.empty() || field.find_first_of("*?[") != std::string::npos;
}

std::string TypeNameSpelling(const ast::TypeName& tn) {
  std::string s = tn.base;
  if (tn.pointer_depth > 0) s += " " + std::string(static_cast<size_t>(tn.pointer_depth), '*');
  for (uint64_t d : tn.array_dims) s += "[" + std::to_string(d) + "]";
  return s;
}

class StabilityChecker {
 public:
  StabilityChecker(const Attributes& minimum, const StabilityNames& names,
                   const ProviderAttributes& context)
      : minimum_(minimum), names_(names), context_(context) {}

  void TypeNames(const ast::Clause& c) {
    if (c.predicate) ExprTypeNames(*c.predicate);
    for (const auto& s : c.body) StmtTypeNames(*s);
  }

  void Clause(const ast::Clause& c, const Attributes& description) {
    Assign("clause", description, c.end_line);
    Attributes actions = kStableCommon;
    for (const auto& s : c.body) actions = MinAttributes(actions, Statement(*s));
    Assign("clause", actions, c.end_line);
    if (c.predicate) Assign("clause", MinAttributes(actions, Value(*c.predicate)), c.end_line);
  }

 private:
  // DTrace's check as a node gets its attributes.
  void Assign(const std::string& node, const Attributes& a, int line) const {
    if (!AttributesBelow(a, minimum_)) return;
    throw CompileError("D_ATTR_MIN", line,
                       "attributes for " + node + " (" + AttributesString(a) +
                           ") are less than predefined minimum");
  }

  Attributes TypeAttributes(const ast::TypeName& tn) const {
    bool from_d = tn.base == "string" || (names_.is_d_type && names_.is_d_type(tn.base));
    return from_d ? kStableCommon : kKernelPrivate;
  }

  void TypeName(const ast::TypeName& tn, int line) const {
    Assign("type " + TypeNameSpelling(tn), TypeAttributes(tn), line);
  }

  void ExprTypeNames(const Expr& e) {
    Nesting nesting(e.line);
    if (e.type_name && (e.kind == ExprKind::kCast || e.kind == ExprKind::kSizeofType ||
                        e.kind == ExprKind::kOffsetof || e.kind == ExprKind::kXlate))
      TypeName(*e.type_name, e.type_name->line > 0 ? e.type_name->line : e.line);
    if (const ExpandedCall* call = Expanded(e)) {
      for (const auto& a : call->args) ExprTypeNames(*a);
      return;
    }
    if (e.cond) ExprTypeNames(*e.cond);
    if (e.lhs) ExprTypeNames(*e.lhs);
    if (e.rhs) ExprTypeNames(*e.rhs);
    for (const auto& a : e.args) ExprTypeNames(*a);
  }

  void StmtTypeNames(const ast::Stmt& s) {
    if (s.expr) ExprTypeNames(*s.expr);
    for (const auto& k : s.keys) ExprTypeNames(*k);
    for (const auto& a : s.agg_args) ExprTypeNames(*a);
    for (const auto& b : s.body) StmtTypeNames(*b);
    for (const auto& b : s.else_body) StmtTypeNames(*b);
  }

  const ExpandedCall* Expanded(const Expr& e) const {
    if (names_.expanded == nullptr) return nullptr;
    auto it = names_.expanded->find(&e);
    return it == names_.expanded->end() ? nullptr : &it->second;
  }

  static Kind KindOf(const Expr& e) { return e.resolved ? e.resolved->kind : Kind::kOperator; }

  Attributes Statement(const ast::Stmt& s) {
    Nesting nesting(s.line);
    switch (s.kind) {
      case ast::StmtKind::kExpr:
        return Value(*s.expr);
      case ast::StmtKind::kAggregate:
        return Aggregate(s);
      case ast::StmtKind::kIf: {
        Attributes a = Value(*s.expr);
        for (const auto& x : s.body) a = MinAttributes(a, Statement(*x));
        for (const auto& x : s.else_body) a = MinAttributes(a, Statement(*x));
        return a;
      }
      case ast::StmtKind::kBlock: {
        Attributes a = kStableCommon;
        for (const auto& x : s.body) a = MinAttributes(a, Statement(*x));
        return a;
      }
      case ast::StmtKind::kEmpty:
        return kStableCommon;
    }
    return kStableCommon;
  }

  // @name[keys] = func(args): the aggregation as named, the function and
  // its arguments, then the keys and the aggregation with them.
  Attributes Aggregate(const ast::Stmt& s) {
    std::string agg = "aggregation @" + s.agg_name;
    Assign(agg, kStableCommon, s.line);
    Attributes func = List(s.agg_args, kStableCommon);
    Assign(CallName(s.agg_func), func, s.line);
    Attributes a = List(s.keys, kStableCommon);
    Assign(agg, a, s.line);
    return a;
  }

  // Each in order; their minimum with `start`.
  Attributes List(const std::vector<ast::ExprPtr>& list, Attributes start) {
    for (const auto& x : list) start = MinAttributes(start, Value(*x));
    return start;
  }

  Attributes Node(const std::string& name, const Attributes& a, int line) const {
    Assign(name, a, line);
    return a;
  }

  Attributes Operator(const char* op, const Attributes& a, int line) const {
    return Node(std::string("operator ") + op, a, line);
  }

  Attributes Value(const Expr& e) {
    Nesting nesting(e.line);
    if (const ExpandedCall* call = Expanded(e))
      return Node(call->name, List(call->args, call->attributes), e.line);
    switch (e.kind) {
      case ExprKind::kInteger:
        if (e.read_as_enumerator) {
          char name[64];
          std::snprintf(name, sizeof name, "integer constant 0x%llx",
                        static_cast<unsigned long long>(e.int_value));
          return Node(name, kKernelPrivate, e.line);
        }
        return kStableCommon;
      case ExprKind::kString:
        return kStableCommon;
      case ExprKind::kIdentifier:
        return Identifier(e);
      case ExprKind::kSelfVar:
      case ExprKind::kThisVar:
        return Node("scalar " + e.text, kStableCommon, e.line);
      case ExprKind::kAggregation:
        return Node("aggregation @" + e.text, kStableCommon, e.line);
      case ExprKind::kUnary:
        return Operator(ast::UnaryOpSpelling(e.unary_op), Value(*e.lhs), e.line);
      case ExprKind::kBinary: {
        Attributes l = Value(*e.lhs);
        Attributes r = Value(*e.rhs);
        return Operator(ast::BinaryOpSpelling(e.binary_op), MinAttributes(l, r), e.line);
      }
      case ExprKind::kAssign: {
        Attributes l = Value(*e.lhs);
        Attributes r = Value(*e.rhs);
        std::string op = e.compound ? std::string(ast::BinaryOpSpelling(e.binary_op)) + "=" : "=";
        return Operator(op.c_str(), MinAttributes(l, r), e.line);
      }
      case ExprKind::kTernary: {
        Attributes a = Value(*e.cond);
        a = MinAttributes(a, Value(*e.lhs));
        a = MinAttributes(a, Value(*e.rhs));
        return Operator("?", a, e.line);
      }
      case ExprKind::kCast:
        return Operator("(", MinAttributes(TypeAttributes(*e.type_name), Value(*e.lhs)), e.line);
      case ExprKind::kCall: {
        Attributes a = List(e.args, BuiltinFunctionAttributes(e.text));
        return Node(CallName(e.text), a, e.line);
      }
      case ExprKind::kIndex:
        return Index(e);
      case ExprKind::kMember:
        return Operator(e.arrow ? "->" : ".", Value(*e.lhs), e.line);
      case ExprKind::kSizeofExpr:
        return Operator("sizeof", Value(*e.lhs), e.line);
      case ExprKind::kStringof:
        return Operator("stringof", Value(*e.lhs), e.line);
      case ExprKind::kXlate:
        // The translator's own attributes are Stable/Stable/Common here.
        return Operator("xlate", Value(*e.lhs), e.line);
      case ExprKind::kSizeofType:
      case ExprKind::kOffsetof:
        return kStableCommon;  // constants; their type names are checked first
    }
    return kStableCommon;
  }

  Attributes Identifier(const Expr& e) {
    switch (KindOf(e)) {
      case Kind::kBuiltin:
        return Node("scalar " + e.text, BuiltinVariableAttributes(e.text), e.line);
      case Kind::kKernelMemory: {
        // `name, module`name, or a name declared extern: a kernel symbol.
        size_t tick = e.text.find('`');
        std::string module =
            tick == std::string::npos || tick == 0 ? "vmlinux" : e.text.substr(0, tick);
        std::string name = tick == std::string::npos ? e.text : e.text.substr(tick + 1);
        return Node("symbol " + module + "`" + name, kKernelPrivate, e.line);
      }
      case Kind::kIntegerConstant:
        if (names_.is_enumerator && names_.is_enumerator(e.text))
          return Node("enumerator " + e.text, kStableCommon, e.line);
        return Node("scalar " + e.text, kStableCommon, e.line);
      case Kind::kAggregation:
        return Node("aggregation @" + e.text, kStableCommon, e.line);
      default:
        // D variables and inlines (whose definitions are not looked into).
        return Node("scalar " + e.text, kStableCommon, e.line);
    }
  }

  Attributes BuiltinVariableAttributes(const std::string& name) const {
    if (name == "curthread") return {S::kStable, S::kPrivate, C::kCommon};
    if (name == "probeprov") return context_.provider;
    if (name == "probemod") return context_.module;
    if (name == "probefunc") return context_.function;
    if (name == "probename") return context_.name;
    return kStableCommon;
  }

  // An associative array's element (args[], uregs[] and D arrays), or an
  // index into a pointer, array or string, which DTrace reads as *(a + i).
  Attributes Index(const Expr& e) {
    std::string array;
    Attributes own = kStableCommon;
    switch (KindOf(e)) {
      case Kind::kAssocElement:
      case Kind::kThreadAssocElement:
        array = e.lhs->text;
        break;
      case Kind::kProbeArg:
      case Kind::kProbeArgInD:
        array = "args";
        own = context_.args;
        break;
      case Kind::kBuiltin:
        array = e.lhs->text;  // uregs
        break;
      default:
        break;
    }
    if (!array.empty()) {
      std::string name = "associative array " + array;
      Assign(name, own, e.line);
      return Node(name, List(e.args, own), e.line);
    }
    Attributes a = Value(*e.lhs);
    for (const auto& k : e.args) a = MinAttributes(a, Value(*k));
    return Operator("+", a, e.line);
  }

  const Attributes& minimum_;
  const StabilityNames& names_;
  const ProviderAttributes& context_;
};

}  // namespace

DescriptionStability DescribeStability(const ProbeSpecFields& spec,
                                       const std::vector<const Probe*>& matched) {
  if (matched.empty()) return {kUnstableCommon, kUnstableProvider};
  const ProviderAttributes& table = matched.front()->owner->Attributes();
  bool module_glob = IsGlob(spec.module);
  bool function_glob = IsGlob(spec.function);
  bool name_glob = IsGlob(spec.name);
  if (matched.size() > 1 &&
      (table.args.data < S::kEvolving || (table.module.name >= S::kEvolving && module_glob) ||
       (table.function.name >= S::kEvolving && function_glob) ||
       (table.name.name >= S::kEvolving && name_glob))) {
    return {kUnstableCommon, kUnstableProvider};
  }
  const ProviderAttributes& rows = IsGlob(spec.provider) ? kUnstableProvider : table;
  Attributes clause = rows.provider;
  if (!module_glob) clause = MinAttributes(clause, rows.module);
  if (!function_glob) clause = MinAttributes(clause, rows.function);
  if (!name_glob) clause = MinAttributes(clause, rows.name);
  return {clause, table};
}

void CheckTypeNameStability(const ast::Clause& clause, const Attributes& minimum,
                            const StabilityNames& names) {
  StabilityChecker(minimum, names, kUnstableProvider).TypeNames(clause);
}

void CheckClauseStability(const ast::Clause& clause, const DescriptionStability& description,
                          const Attributes& minimum, const StabilityNames& names) {
  StabilityChecker(minimum, names, description.context).Clause(clause, description.clause);
}

}  // namespace dt
