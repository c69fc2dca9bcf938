// Which kernel functions ftrace can attach to, told apart by address.
//
// The multi-kprobe link takes addresses, and one address ftrace cannot
// attach to (a function built without the ftrace call, as every static
// function under kernel/trace/ is) fails the whole link with EINVAL. Names
// alone cannot say which: static functions of different files share names
// (several s_show), and available_filter_functions lists a name if any of
// them is traceable. available_filter_functions_addrs (Linux 6.5) gives each
// site's address; a site is the function's first instruction or lies just
// past it (after endbr64), so each is mapped to the function it is in.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_set>

#include "runtime/kallsyms.h"

namespace dt::runtime {

class FtraceSites {
 public:
  // The running kernel's, read once; unknown where the file is missing or
  // unreadable (before 6.5, or tracefs refused).
  static const FtraceSites& Kernel();
  // "address name" or "address name [module]" lines.
  static FtraceSites Parse(std::string_view text, const KernelSymbols& symbols);

  bool known() const { return known_; }
  // Whether ftrace can attach to the function starting at `address`; true
  // for every address when unknown.
  bool Traceable(uint64_t function_address) const;

 private:
  // A site lies at most this far into its function (endbr64 is 4 bytes).
  static constexpr uint64_t kMaxSiteOffset = 16;
  bool known_ = false;
  std::unordered_set<uint64_t> functions_;
};

}  // namespace dt::runtime
