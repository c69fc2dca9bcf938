// DTrace's rules for the actions of a clause that speculates or commits
// (Dynamic Tracing Guide, "Speculative Tracing"): speculate() comes before
// any data-recording action and only once; aggregations, destructive
// actions and exit() never follow it; commit() comes before any data and
// only once, and neither data nor aggregations nor speculate() follow it.
// Each statement is checked when it is added, in program order, so the
// error names the statement that breaks a rule, with DTrace's tag.
#pragma once

#include "frontend/ast.h"

namespace dt {

class SpeculationRules {
 public:
  // Adds a checked statement of the clause (its actions, in order, if/else
  // branches included). Throws CompileError.
  void Append(const ast::Stmt& stmt);

  bool speculates() const { return speculate_; }

 private:
  void AppendAction(const ast::Expr& call, int line);
  void AppendAggregation(int line);

  bool commit_ = false;
  bool speculate_ = false;
  bool data_ = false;  // a data-recording action that is not speculative
};

// Whether `f` names one of the speculation actions.
bool IsSpeculationAction(const std::string& f);

}  // namespace dt
