// Helpers shared by the analyzer's source files.
#pragma once

#include <cstddef>
#include <string>

namespace dt {

// Throws D_PROTO_LEN: "name( ) prototype mismatch: N args passed, M expected".
[[noreturn]] void ProtoLenError(int line, const std::string& name, size_t passed, int min_args,
                                int max_args);
bool IsAggregatingFunction(const std::string& name);

}  // namespace dt
