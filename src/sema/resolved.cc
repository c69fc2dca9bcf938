#include "sema/resolved.h"

#include <stdexcept>

namespace dt {

std::optional<Subroutine> SubroutineNamed(const std::string& name) {
  static const std::pair<const char*, Subroutine> kNames[] = {
      {"strlen", Subroutine::kStrlen},
      {"copyinstr", Subroutine::kCopyinstr},
      {"copyin", Subroutine::kCopyin},
      {"alloca", Subroutine::kAlloca},
      {"bcopy", Subroutine::kBcopy},
      {"copyinto", Subroutine::kCopyinto},
      {"htons", Subroutine::kByteOrder},
      {"ntohs", Subroutine::kByteOrder},
      {"htonl", Subroutine::kByteOrder},
      {"ntohl", Subroutine::kByteOrder},
      {"htonll", Subroutine::kByteOrder},
      {"ntohll", Subroutine::kByteOrder},
      {"basename", Subroutine::kBasename},
      {"dirname", Subroutine::kDirname},
      {"strjoin", Subroutine::kStrjoin},
      {"lltostr", Subroutine::kLltostr},
      {"toupper", Subroutine::kToupper},
      {"tolower", Subroutine::kTolower},
      {"substr", Subroutine::kSubstr},
      {"index", Subroutine::kIndex},
      {"rindex", Subroutine::kRindex},
      {"strchr", Subroutine::kStrchr},
      {"strrchr", Subroutine::kStrrchr},
      {"strstr", Subroutine::kStrstr},
      {"strtoll", Subroutine::kStrtoll},
      {"rand", Subroutine::kRand},
      {"getmajor", Subroutine::kGetmajor},
      {"getminor", Subroutine::kGetminor},
      {"progenyof", Subroutine::kProgenyof},
      {"inet_ntoa", Subroutine::kInetNtoa},
      {"inet_ntoa6", Subroutine::kInetNtoa6},
      {"inet_ntop", Subroutine::kInetNtop},
      {"cleanpath", Subroutine::kCleanpath},
      {"json", Subroutine::kJson},
      {"strtok", Subroutine::kStrtok},
      {"__path", Subroutine::kPath},
      {"d_path", Subroutine::kPath},
      {"__user_args", Subroutine::kUserArgs},
      {"stack", Subroutine::kStack},
      {"func", Subroutine::kSymbolAddress},
      {"sym", Subroutine::kSymbolAddress},
      {"mod", Subroutine::kSymbolAddress},
      {"ustack", Subroutine::kUserStack},
      {"jstack", Subroutine::kUserStack},
      {"usym", Subroutine::kUserSymbolAddress},
      {"ufunc", Subroutine::kUserSymbolAddress},
      {"umod", Subroutine::kUserSymbolAddress},
      {"uaddr", Subroutine::kUserSymbolAddress},
      {"speculation", Subroutine::kSpeculation},
  };
  for (const auto& [n, s] : kNames)
    if (name == n) return s;
  return std::nullopt;
}

const Resolved& ResolutionOf(const ast::Expr& e) {
  if (!e.resolved)
    throw std::logic_error("expression at line " + std::to_string(e.line) +
                           " was not resolved by semantic analysis");
  return *e.resolved;
}

}  // namespace dt
