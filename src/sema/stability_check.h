// Option amin: the lowest stability attributes a program may use.
//
// DTrace gives every node of a clause's tree interface attributes as it
// type-checks it (providers/stability.h has the arithmetic): the clause
// itself gets its probe description's; a built-in variable or function
// gets its own from DTrace's table of identifiers (most Stable/Stable/
// Common, curthread Stable/Private/Common, the byte-order and lock
// subroutines Evolving/Evolving/Common); probeprov, probemod, probefunc,
// probename and args[] the rows of the provider's table; a kernel symbol
// (`name) and a kernel type named in a cast, sizeof, offsetof or xlate
// Private/Private/Unknown; constants, D variables, inlines and D types
// Stable/Stable/Common; an operator, a call or an array element the
// minimum of its own and its operands'. With amin set, the first node
// whose attributes are below it (by name stability, then data stability,
// then class) is DTrace's error D_ATTR_MIN, found in DTrace's order: the
// type names of the whole program first (its parser checks them), then
// each clause once per probe description, the clause, its statements in
// order (operands before their operator) and its predicate last.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "providers/probe.h"
#include "providers/probe_description.h"
#include "providers/stability.h"

namespace dt {

// A call that sema replaced, in the tree, by the D it stands for
// (mutex_owned(), fds[]): what it was, so that the check sees the call and
// not its expansion.
struct ExpandedCall {
  std::string name;                // "function mutex_owned( )", "associative array fds"
  Attributes attributes;           // the identifier's own
  std::vector<ast::ExprPtr> args;  // the arguments as written, checked
};

// What one probe description gives its clause: the clause's attributes and
// the provider rows probeprov, probemod, probefunc, probename and args[]
// take. DTrace's rules: the provider row and those of the module, function
// and name fields the description names without a glob, from the table of
// the matched probes' provider (Unstable/Unstable/Common throughout when
// the provider field is empty or a glob); Unstable/Unstable/Common for
// everything when nothing matches, or when several probes match and their
// provider's argument data is below Evolving or a field it calls at least
// Evolving is empty or a glob.
struct DescriptionStability {
  Attributes clause;
  ProviderAttributes context;
};
DescriptionStability DescribeStability(const ProbeSpecFields& spec,
                                       const std::vector<const Probe*>& matched);

// What only the analyzer knows.
struct StabilityNames {
  // Whether a type name ("struct foo", "uint64_t") is one D defines, rather
  // than the kernel's.
  std::function<bool(const std::string&)> is_d_type;
  std::function<bool(const std::string&)> is_enumerator;  // of a D enum
  const std::map<const ast::Expr*, ExpandedCall>* expanded = nullptr;
};

// Throw CompileError D_ATTR_MIN for the first node below `minimum`:
// the type names `clause` writes, in the order written;
void CheckTypeNameStability(const ast::Clause& clause, const Attributes& minimum,
                            const StabilityNames& names);
// the clause under one of its descriptions (checked by sema already).
void CheckClauseStability(const ast::Clause& clause, const DescriptionStability& description,
                          const Attributes& minimum, const StabilityNames& names);

}  // namespace dt
