// What -x metrics serves: the program's aggregations read from their
// kernel maps at each scrape, through the reading and key merging the exit
// printing uses (aggregation_reader.h, consumer/aggregation_merge.h), as
// metric families (metrics/openmetrics.h).
//
// Read() runs on the metrics server's thread while the session consumes
// records on its own: it only looks up map elements (system calls, safe
// from any thread) and reads the compiled program, which nothing changes
// during a run. The symbol lookups must be safe to call from that thread.
#pragma once

#include <vector>

#include "codegen/compiled_program.h"
#include "consumer/kernel_symbol_lookup.h"
#include "consumer/value.h"
#include "metrics/openmetrics.h"
#include "runtime/bpf_map.h"

namespace dt {

class MetricsSource {
 public:
  MetricsSource(const CompiledProgram& program, const std::vector<runtime::Map>& maps,
                KernelSymbolLookup kernel_lookup, UserSymbolLookup user_lookup, int strsize);

  std::vector<metrics::Family> Read() const;

 private:
  const CompiledProgram& program_;
  const std::vector<runtime::Map>& maps_;
  KernelSymbolLookup kernel_lookup_;
  UserSymbolLookup user_lookup_;
  int strsize_;
  std::vector<std::string> names_;  // family of each aggregation
  std::vector<bool> may_fall_;      // cleared or truncated by the program
};

// A key component as a label value: strings as they are, integers in
// decimal, sym()/mod()/uaddr() as dtrace prints them ("vmlinux`vfs_read"),
// stacks as their frames from the outermost to the innermost joined by ";"
// (the "folded" form flame graph tools read).
std::string KeyLabelValue(const Value& v, const KernelSymbolLookup& kernel_lookup,
                          const UserSymbolLookup& user_lookup);

}  // namespace dt
