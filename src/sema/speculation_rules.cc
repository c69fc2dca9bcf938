#include "sema/speculation_rules.h"

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "sema/destructive_actions.h"

namespace dt {

namespace {

// Statements that call no action (assignments, subroutines for their
// effect) record nothing, as DTrace's void expressions.
bool RecordsData(const std::string& f) {
  return f == "trace" || f == "printf" || f == "printa" || f == "exit" || f == "clear" ||
         f == "trunc" || f == "setopt" || f == "print" || f == "stack" || f == "func" ||
         f == "sym" || f == "mod" || f == "normalize" || f == "denormalize" || f == "tracemem" ||
         f == "printm";
}

}  // namespace

bool IsSpeculationAction(const std::string& f) {
  return f == "speculate" || f == "commit" || f == "discard";
}

void SpeculationRules::Append(const ast::Stmt& stmt) {
  Nesting nesting(stmt.line);
  switch (stmt.kind) {
    case ast::StmtKind::kExpr:
      if (stmt.expr->kind == ast::ExprKind::kCall) AppendAction(*stmt.expr, stmt.line);
      return;
    case ast::StmtKind::kAggregate:
      AppendAggregation(stmt.line);
      return;
    case ast::StmtKind::kIf:
    case ast::StmtKind::kBlock:
      for (const auto& s : stmt.body) Append(*s);
      for (const auto& s : stmt.else_body) Append(*s);
      return;
    case ast::StmtKind::kEmpty:
      return;
  }
}

void SpeculationRules::AppendAggregation(int line) {
  if (commit_) {
    throw CompileError("D_AGG_COMM", line, "aggregating actions may not follow commit( )");
  }
  if (speculate_) {
    throw CompileError("D_AGG_SPEC", line, "aggregating actions may not follow speculate( )");
  }
  data_ = true;
}

void SpeculationRules::AppendAction(const ast::Expr& call, int line) {
  const std::string& f = call.text;
  if (f == "commit") {
    if (commit_) throw CompileError("D_COMM_COMM", line, "commit( ) may not follow commit( )");
    if (data_) {
      throw CompileError("D_COMM_DREC", line, "commit( ) may not follow data-recording action(s)");
    }
    commit_ = true;
    return;
  }
  if (f == "speculate") {
    if (speculate_) {
      throw CompileError("D_SPEC_SPEC", line, "speculate( ) may not follow speculate( )");
    }
    if (commit_) throw CompileError("D_SPEC_COMM", line, "speculate( ) may not follow commit( )");
    if (data_) {
      throw CompileError("D_SPEC_DREC", line,
                         "speculate( ) may not follow data-recording action(s)");
    }
    speculate_ = true;
    return;
  }
  if (speculate_) {
    if (IsDestructiveAction(f)) {
      throw CompileError("D_ACT_SPEC", line, "destructive actions may not follow speculate( )");
    }
    if (f == "exit") throw CompileError("D_EXIT_SPEC", line, "exit( ) may not follow speculate( )");
  }
  if (!RecordsData(f)) return;  // discard(), destructive actions, subroutines
  if (commit_) {
    throw CompileError("D_DREC_COMM", line, "data-recording actions may not follow commit( )");
  }
  if (!speculate_) data_ = true;
}

}  // namespace dt
