// fds[fd]: the fileinfo_t of the current process's file descriptor fd.
//
// DTrace's D library declares fds as an inline with a parameter, which it
// expands wherever fds[fd] is used. Ours is that expansion: the index
// expression is replaced, in the tree, by
//   xlate <fileinfo_t> (fd >= 0 && fd < max_fds ? fdt->fd[fd] : NULL)
// over the current task's file table, with the key standing for each fd;
// the D library's fileinfo_t translator over struct file * (lib/dtrace/io.d)
// does the rest. An fd that is out of range or not open gives the
// translator NULL, and its members say "<none>" as DTrace's do.
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"

namespace dt {

using ast::Expr;
using ast::ExprPtr;

namespace {

constexpr const char* kKey = "__fds_key";

}  // namespace

const Type* Analyzer::CheckFds(Expr& e, const Type* assigned) {
  if (assigned != nullptr) {
    throw CompileError("D_OP_LVAL", e.line, "operator = requires modifiable lvalue as an operand");
  }
  if (e.args.size() != 1) {
    throw CompileError("D_ARR_BADREF", e.line,
                       "fds[ ] key signature mismatch: " + std::to_string(e.args.size()) +
                           " keys passed, 1 expected");
  }
  if (!Check(*e.args[0])->IsInteger()) {
    throw CompileError("D_IDX_TYPE", e.args[0]->line, "fds[ ] index must be an integer");
  }
  const std::string k = kKey;
  ExprPtr expansion =
      ParseExpression("xlate <fileinfo_t> (" + k + " >= 0 && " + k +
                      " < curthread->files->fdt->max_fds ? curthread->files->fdt->fd[" + k +
                      "] : (struct file *)0)");
  ast::SubstituteIdentifier(expansion, kKey, *e.args[0], e.line);
  ExpandedCall& call = expanded_calls_[&e];
  call.name = "associative array fds";
  call.attributes = {Stability::kStable, Stability::kStable, DependencyClass::kCommon};
  call.args = std::move(e.args);
  e = std::move(*expansion);
  return Check(e);
}

}  // namespace dt
