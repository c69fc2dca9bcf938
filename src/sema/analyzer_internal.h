// Helpers shared by the analyzer's source files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "frontend/ast.h"
#include "sema/program_info.h"

namespace dt {

// Throws D_PROTO_LEN: "name( ) prototype mismatch: N args passed, M expected"
// (M is "at least K" for a prototype with optional arguments, "at most K"
// for an aggregating function's extra ones). max_args -1: variadic.
[[noreturn]] void ProtoLenError(int line, const std::string& name, size_t passed, int min_args,
                                int max_args);
bool IsAggregatingFunction(const std::string& name);
// mutex_owned(), rw_read_held(), ...: analyzer_locks.cc.
bool IsLockSubroutine(const std::string& name);
// Whether `e` is (a dereference of) a translator's result, which exists only
// member by member, never as an object in memory (analyzer_calls.cc).
bool IsTranslatedObject(const ast::Expr& e, const ProgramInfo& info);
inline uint64_t RoundUp8(uint64_t n) { return (n + 7) & ~uint64_t{7}; }

}  // namespace dt
