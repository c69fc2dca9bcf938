// Type inference before the clauses are checked.
//
// D has no declarations to read first: a variable comes into being with the
// type of its first assignment, wherever that stands. People write the
// reading clause first as often as not (`/!self->start/ { ... }` before the
// clause that stores self->start), so every variable a program assigns is
// typed here before its clauses are checked in order.
//
// Each assignment is checked as part of its own clause (args[] and inlines
// mean what they mean there). One whose right-hand side reads a variable not
// typed yet is tried again once that variable is, until a round types
// nothing new. A variable that is only ever updated (`x++`, `x += n`,
// `a[k]++`) and never plainly assigned gets int64_t, as in DTrace.
// `self->start = 0` frees a dynamic variable whatever its type, so it types
// the variable only when nothing else does: a return clause that frees
// self->start above the entry clause that stores a timestamp in it must
// not make it a 32-bit int.
//
// Errors are not reported here: an assignment that cannot be typed is left
// to the clause's own check, which reports the first error in program order.
#include <optional>
#include <set>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "providers/provider.h"
#include "sema/analyzer.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;

namespace {

bool IsIncDec(const Expr& e) {
  return e.kind == ExprKind::kUnary &&
         (e.unary_op == UnaryOp::kPreInc || e.unary_op == UnaryOp::kPreDec ||
          e.unary_op == UnaryOp::kPostInc || e.unary_op == UnaryOp::kPostDec);
}

// An assignment (kAssign) or ++/-- somewhere in a clause.
struct Write {
  Expr* expr;
  ast::Clause* clause;
  bool plain() const { return expr->kind == ExprKind::kAssign && !expr->compound; }
  // `self->x = 0`, `a[k] = 0`: frees a dynamic variable of any type, so it
  // types the variable only when nothing else does.
  bool frees() const {
    const Expr& lhs = *expr->lhs;
    return plain() && (lhs.kind == ExprKind::kSelfVar || lhs.kind == ExprKind::kIndex) &&
           expr->rhs->kind == ExprKind::kInteger && expr->rhs->int_value == 0;
  }
  bool types() const { return plain() && !frees(); }
};

void CollectWrites(Expr& e, ast::Clause& clause, std::vector<Write>& out) {
  Nesting nesting(e.line);
  if (e.cond) CollectWrites(*e.cond, clause, out);
  if (e.lhs) CollectWrites(*e.lhs, clause, out);
  if (e.rhs) CollectWrites(*e.rhs, clause, out);
  for (ast::ExprPtr& arg : e.args) CollectWrites(*arg, clause, out);
  if (e.kind == ExprKind::kAssign || IsIncDec(e)) out.push_back({&e, &clause});
}

void CollectWrites(ast::Stmt& stmt, ast::Clause& clause, std::vector<Write>& out) {
  Nesting nesting(stmt.line);
  if (stmt.expr) CollectWrites(*stmt.expr, clause, out);
  for (ast::ExprPtr& k : stmt.keys) CollectWrites(*k, clause, out);
  for (ast::ExprPtr& a : stmt.agg_args) CollectWrites(*a, clause, out);
  for (ast::StmtPtr& s : stmt.body) CollectWrites(*s, clause, out);
  for (ast::StmtPtr& s : stmt.else_body) CollectWrites(*s, clause, out);
}

// Identifies a variable across tables: (table, name).
using VariableKey = std::pair<std::vector<Variable>*, std::string>;

}  // namespace

std::vector<Variable>* Analyzer::WrittenVariableTable(const Expr& lhs) {
  switch (lhs.kind) {
    case ExprKind::kSelfVar:
      return &info_.thread_vars;
    case ExprKind::kThisVar:
      return &info_.clause_vars;
    case ExprKind::kIdentifier:
    case ExprKind::kIndex: {
      const Expr& name = lhs.kind == ExprKind::kIndex ? *lhs.lhs : lhs;
      if (name.kind == ExprKind::kSelfVar) return &info_.thread_vars;  // self->a[k]
      if (name.kind != ExprKind::kIdentifier || LookupBuiltin(name.text) >= 0 ||
          IsInline(name.text) || extern_types_.count(name.text) ||
          name.text.find('`') != std::string::npos)
        return nullptr;
      return &info_.globals;
    }
    default:
      return nullptr;
  }
}

bool Analyzer::TryCheckIn(ast::Clause& clause, const std::function<void()>& check) {
  const std::vector<const Probe*>* probes = nullptr;
  try {
    probes = &MatchClauseProbes(clause);
    for (const Probe* p : *probes)
      if (const StableProbe* definition = p->owner->DefinitionInD(*p))
        AnalyzeStableProbe(*p, *definition);
  } catch (const CompileError&) {
    return false;  // reported when the clause is checked
  }
  current_probes_ = probes;
  bool ok = true;
  try {
    check();
  } catch (const CompileError&) {
    ok = false;
    in_statement_call_ = false;  // as if the check had run to its end
    stack_allowed_ = false;
  }
  current_probes_ = nullptr;
  return ok;
}

void Analyzer::InferVariableTypes(const std::vector<ast::Clause*>& clauses) {
  std::vector<Write> writes;
  for (ast::Clause* clause : clauses) {
    std::vector<Write> found;
    try {
      if (clause->predicate) CollectWrites(*clause->predicate, *clause, found);
      for (ast::StmtPtr& stmt : clause->body) CollectWrites(*stmt, *clause, found);
    } catch (const CompileError&) {
      // Nested too deeply: the clause's own check says so.
    }
    writes.insert(writes.end(), found.begin(), found.end());
  }
  auto variable_of = [&](const Write& w) -> std::optional<VariableKey> {
    const Expr& lhs = *w.expr->lhs;
    std::vector<Variable>* table = WrittenVariableTable(lhs);
    if (table == nullptr) return std::nullopt;
    return VariableKey{table, lhs.kind == ExprKind::kIndex ? lhs.lhs->text : lhs.text};
  };
  auto defined = [&](const VariableKey& key) { return FindVar(*key.first, key.second) != nullptr; };
  std::set<VariableKey> assigned;  // by an assignment that gives a type
  for (const Write& w : writes)
    if (auto key = variable_of(w); key && w.types()) assigned.insert(*key);
  auto type_first_freed = [&] {  // by the first free that types a variable
    for (const Write& w : writes) {
      std::optional<VariableKey> key = variable_of(w);
      if (!key || !w.frees() || defined(*key)) continue;
      TryCheckIn(*w.clause, [&] { Check(*w.expr); });
      if (defined(*key)) return true;
    }
    return false;
  };

  inferring_ = true;
  for (bool progress = true; progress;) {
    progress = false;
    for (const Write& w : writes) {
      std::optional<VariableKey> key = variable_of(w);
      if (!key || !w.types() || defined(*key)) continue;
      TryCheckIn(*w.clause, [&] { Check(*w.expr); });
      progress |= defined(*key);
    }
    if (progress) continue;
    // Nothing more follows from assignments: a variable only ever updated
    // (and maybe freed) is an int64_t, which may let more be typed.
    for (const Write& w : writes) {
      std::optional<VariableKey> key = variable_of(w);
      if (!key || w.plain() || defined(*key) || assigned.count(*key)) continue;
      Expr& lhs = *w.expr->lhs;
      if (lhs.kind == ExprKind::kIndex) {
        TryCheckIn(*w.clause, [&] { CheckIndex(lhs, types_.Int64()); });
      } else {
        ast::VarScope scope = lhs.kind == ExprKind::kSelfVar   ? ast::VarScope::kSelf
                              : lhs.kind == ExprKind::kThisVar ? ast::VarScope::kThis
                                                               : ast::VarScope::kGlobal;
        DefineVar(*key->first, key->second, scope, types_.Int64());
      }
      if (defined(*key)) {
        progress = true;
        break;
      }
    }
    // Last, a variable that is only ever freed: the 0 makes it an int.
    if (!progress) progress = type_first_freed();
  }
  inferring_ = false;
}

}  // namespace dt
