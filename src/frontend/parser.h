// Parsing D source text into the AST of frontend/ast.h.
//
// ParseProgram turns a whole D program (a script file or the text built from
// -n/-P/-m/-f/-i operands) into an ast::Program, expanding macro variables
// ($1, $$1, $pid, $target, ...) on the way. Every user error is reported by
// throwing dt::CompileError with DTrace's tag and message and the 1-based line
// of the offending token; nothing is printed.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"

namespace dt {

// The compile-time environment macro variables are expanded from.
struct MacroEnv {
  std::vector<std::string> args;             // args[0] is $0 (script name), args[1] is $1, ...
  std::map<std::string, std::string> named;  // "pid","ppid","uid","gid","target","sid",...
                                             // -> decimal text; $target defaults to 0
  bool default_args = false;  // -x defaultargs: unset $N is 0 / "" instead of an error
  bool arg_ref = false;       // -x argref: do not reject an unreferenced last argument
  // True for -s script files. DTrace accepts a probe description with no
  // predicate or actions only from the command line (dtrace -n BEGIN).
  bool source_is_file = false;
  // Type names declared elsewhere (the D library's typedefs), so that
  // `xlate <point_t *>` parses in a program that did not declare point_t.
  std::set<std::string> typedef_names;
};

// Parses a whole D program. Throws dt::CompileError on any error.
ast::Program ParseProgram(const std::string& source, const MacroEnv& macros);

// One D expression (no macros), as the providers write their arguments;
// `typedef_names` are the program's, which the expression may name
// (`xlate <requestinfo_t *>`).
ast::ExprPtr ParseExpression(const std::string& text,
                             const std::set<std::string>& typedef_names = {});

}  // namespace dt
