// Record sizes of the data-dumping actions (tracemem_gen.cc), for the
// record layout that measures a clause before generating it.
#pragma once

#include <cstdint>

#include "frontend/ast.h"
#include "sema/resolved.h"

namespace dt {

inline uint64_t RoundUpTo8(uint64_t n) { return (n + 7) & ~uint64_t{7}; }
// The integer constant sema resolved `e` to (tracemem()'s and printm()'s sizes).
inline uint64_t ConstantOf(const ast::Expr& e) { return ResolutionOf(e).value; }

// Record bytes of tracemem(), printm() or trace() of an object.
uint32_t TracememRecordBytes(const ast::Expr& call);
// Whether trace(arg) records an object's bytes (a struct, union or array
// that is not a string).
bool TracesObject(const ast::Expr& arg);

}  // namespace dt
