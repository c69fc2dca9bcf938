#include "runtime/ftrace_sites.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "common/diagnostic.h"
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
    std::string root;
    try {
      root = TracefsRoot();
    } catch (const RuntimeError&) {
      return FtraceSites();
    }
    std::ifstream in(root + "/available_filter_functions_addrs");
    if (!in) return FtraceSites();
    std::stringstream text;
    text << in.rdbuf();
    if (in.bad() || text.str().empty()) return FtraceSites();
    return Parse(text.str(), KernelSymbols::Kernel());
  }();
  return sites;
}

bool FtraceSites::Traceable(uint64_t function_address) const {
  return !known_ || functions_.count(function_address) != 0;
}

}  // namespace dt::runtime
