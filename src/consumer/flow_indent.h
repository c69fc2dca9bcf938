// The per-CPU indentation of flow output (-F, option flowindent), following
// dtrace(1) and libdtrace's consumer:
//
// - A probe named "entry", or whose name ends in "-entry" (USDT's
//   "function-entry"), prints " -> func" at its CPU's depth, then indents
//   that CPU by two columns; "return" / "-return" first takes the two
//   columns back (never below the left edge: a return whose entry was not
//   seen stays there) and prints " <- func". Syscall probes use "=>"/"<=".
//   Only the function is printed, never the module (pid probes too).
// - Any other probe prints "| func:name" at the current depth.
// - A probe with several clauses records one line per clause. Only the first
//   of an entry's lines indents (a line that follows another clause of the
//   same probe is a "|" line), and only the last of a return's lines
//   unindents (a line followed by another clause of the same probe is a "|"
//   line), so the two stay balanced. Whether a record is followed by such a
//   line is known only when the next record has been read: the caller says.
//
// DTrace keeps one depth that it resets for each CPU's buffer; depth here is
// kept per CPU for the whole run, since one CPU's records are in order and
// different CPUs' are interleaved.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

namespace dt {

enum class FlowKind { kNone, kEntry, kReturn };

// kEntry for "entry" and names ending in "-entry", kReturn likewise; a name
// that only ends in the letters ("gentry") is neither.
FlowKind FlowKindOfName(const std::string& name);

// One clause of one probe: what DTrace calls an enabled probe (EPID).
struct EnabledClause {
  uint32_t probe_id = 0;
  uint32_t clause = 0;
  bool operator==(const EnabledClause&) const = default;
};

struct FlowFiring {
  int cpu = 0;
  EnabledClause enabled;
  std::string provider, function, name;
};

class FlowIndent {
 public:
  // The record prefix (FlowRecordPrefix) of one firing, updating its CPU's
  // depth. previous: the record consumed just before, whatever its CPU;
  // next: the one consumed just after, when it is known.
  std::string Prefix(const FlowFiring& firing, std::optional<EnabledClause> previous,
                     std::optional<EnabledClause> next);

 private:
  std::unordered_map<int, int> depth_;  // columns, by CPU
};

}  // namespace dt
