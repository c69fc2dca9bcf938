#include "runtime/ftrace_sites.h"

#include <cstdlib>
#include <string>

#include "runtime/tracefs.h"

namespace dt::runtime {

FtraceSites FtraceSites::Parse(std::string_view text, const KernelSymbols& symbols) {
  FtraceSites out;
  out.known_ = true;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    start = end + 1;
    char* rest = nullptr;
    uint64_t site = std::strtoull(line.c_str(), &rest, 16);
    if (rest == line.c_str() || site == 0) continue;
    out.functions_.insert(site);
    std::optional<KernelAddress> in = symbols.Resolve(site);
    if (in && in->offset <= kMaxSiteOffset) out.functions_.insert(in->symbol_address);
  }
  return out;
}

const FtraceSites& FtraceSites::Kernel() {
  static const FtraceSites sites = [] {
    std::optional<std::string> text = ReadTracefsFile("available_filter_functions_addrs");
    return text ? Parse(*text, KernelSymbols::Kernel()) : FtraceSites();
  }();
  return sites;
}

bool FtraceSites::Traceable(uint64_t function_address) const {
  return !known_ || functions_.count(function_address) != 0;
}

}  // namespace dt::runtime
