// The last check of a clause: every expression the code generator will
// generate must be one it can generate. A struct read as a value, a
// translated struct used whole, an aggregation used as a value are all
// well-typed, so the checks of operators and calls let them through;
// whether each is used for its value or for its address is known only
// once the whole clause is checked. This walks the clause as the code
// generator will (inlines and translator members expanded where used)
// and refuses them with DTrace's errors, so that code generation meets
// nothing but resource limits.
#pragma once

#include "sema/program_info.h"

namespace dt {

// Throws CompileError for the first expression in `clause` that cannot be
// generated. A clause that enables no probe (-Z) is not generated: nothing
// to check.
void CheckGeneratedUses(const ProgramInfo& info, const ClauseInfo& clause);

}  // namespace dt
