// The per-CPU indentation of flow output (-F, option flowindent).
//
// DTrace's Dynamic Tracing Guide shows it (fbt and pid provider chapters):
// a probe named "entry" prints "-> func" at the CPU's current depth and then
// indents that CPU's later lines by two columns; a probe named "return" first
// takes the two columns back and then prints "<- func", so a call's entry and
// return line up. Syscall probes use "=>"/"<=". Depth is kept per CPU
// because the records of one CPU are in order while those of different CPUs
// are not.
#pragma once

#include <string>
#include <unordered_map>

namespace dt {

class FlowIndent {
 public:
  // The record prefix (FlowRecordPrefix) of one firing on `cpu`, updating
  // that CPU's depth.
  std::string Prefix(int cpu, const std::string& provider, const std::string& function,
                     const std::string& name);

 private:
  std::unordered_map<int, int> depth_;  // columns, by CPU
};

}  // namespace dt
