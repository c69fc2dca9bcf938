// Reading a D script named by -s.
//
// A script is read whole before it is compiled, so what is named must end:
// a directory is refused (EISDIR, as open(2) would say for writing), and
// any file, pipe or device is read up to kMaxScriptSize bytes, past which
// it is refused as too large (/dev/zero, a runaway generator). Pipes and
// terminals are allowed: `dtrace -s /dev/stdin` and `dtrace -s <(...)` are
// ordinary uses. Errors throw RuntimeError with dtrace's wording:
//   "failed to open x.d: No such file or directory"
//   "failed to open /tmp: Is a directory"
//   "failed to open /dev/zero: File too large (a script may hold at most 64 MiB)"
#pragma once

#include <cstddef>
#include <string>

namespace dt {

inline constexpr size_t kMaxScriptSize = size_t{64} << 20;

std::string ReadScriptFile(const std::string& path, size_t max_size = kMaxScriptSize);

}  // namespace dt
