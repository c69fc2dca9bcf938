// Where a tracing run's output goes and in which form (option oformat).
//
// The session (cli/tracing_session.cc) decodes records and decides what to
// print when; an OutputSink decides how it looks:
//  * TextSink (text_sink.cc, oformat=text, the default): dtrace(1)'s text,
//    byte for byte: the "CPU ID FUNCTION:NAME" header and record prefixes
//    (or -F's flow prefixes), trace()/printf()/printa()/print() text, the
//    aggregations at exit; faults and drops as "dtrace: ..." on stderr.
//  * JsonSink (json_sink.cc, oformat=json): JSON Lines, one document per
//    line: a probe record is one object whose "output" array holds what its
//    actions produced; faults and drops are objects of their own in the same
//    stream; each aggregation left at exit is one object. Field names follow
//    FreeBSD's oformat where it defines them (docs/dtrace.8, "STRUCTURED
//    OUTPUT", lists the schema).
// Both write to the run's output FILE; the session flushes it after every
// batch of records, so a pipe reads each line while tracing goes on.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/flow_indent.h"
#include "consumer/kernel_symbol_lookup.h"
#include "consumer/printf_format.h"
#include "consumer/value.h"
#include "format/print_type.h"
#include "format/printf_parse.h"

namespace dt {

// The options output depends on; setopt() may change them while tracing.
struct SinkOptions {
  bool quiet = false;
  bool flow_indent = false;
  int strsize = 256;  // string record size
  int stack_indent = kDefaultStackIndent;
  AggSortOptions sort;
  KernelSymbolLookup kernel_lookup;
  UserSymbolLookup user_lookup;
  bool raw_bytes = false;  // option rawbytes: string and byte records as hex dumps

  // What printf's conversions (%a, %A, %k, ...) need of them.
  PrintfRenderOptions Render() const {
    PrintfRenderOptions render;
    render.kernel_lookup = kernel_lookup;
    render.user_lookup = user_lookup;
    render.stack_indent = stack_indent;
    return render;
  }
};

// One record of a probe firing (one clause of the probe).
struct ProbeFiring {
  int cpu = 0;
  uint32_t probe_id = 0;
  std::string provider, module, function, name;
  EnabledClause clause;
  // The record consumed before this one and, when known, after it (-F).
  std::optional<EnabledClause> previous, next;
};

// A run-time error of an enabled probe: a fault (invalid address, divide by
// zero, ...) or a setopt() that could not be carried out.
struct ErrorReport {
  int cpu = -1;  // -1: not known
  uint32_t epid = 0, probe_id = 0;
  std::string provider, module, function, name;
  bool is_fault = false;
  uint32_t action = 0, offset = 0;  // faults: where (action 0: the predicate)
  std::string fault;                // faults: "invalid address", ...
  uint64_t address = 0;             // faults: the bad address, when there is one
  std::string message;              // the whole text, after "dtrace: "
};

// Kinds of lost data, numbered as DTrace numbers them (dtrace_dropkind_t).
enum class LossKind {
  kPrincipal = 0,
  kAggregation = 1,
  kDynamic = 2,                 // a dynamic variable store that found no room
  kSpeculation = 5,             // a speculative record that did not fit
  kSpeculationUnavailable = 7,  // speculation() with every buffer in use
  kErrorInError = 9,            // a fault in an ERROR clause
};

struct DropReport {
  LossKind kind = LossKind::kPrincipal;
  int cpu = -1;         // -1: not per CPU
  uint64_t count = 0;   // new since the last report
  uint64_t total = 0;   // since tracing started
  std::string message;  // the text after "dtrace: "
};

enum class MemoryAction { kTracemem, kPrintm };

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  virtual void SetOptions(const SinkOptions& options) = 0;

  // A record's actions come between these two.
  virtual void BeginRecord(const ProbeFiring& firing) = 0;
  virtual void EndRecord() = 0;

  virtual void Trace(const Value& v) = 0;  // also stack(), sym(), mod(), ...
  virtual void Printf(const PrintfFormat& format, const std::vector<Value>& args) = 0;
  // printa(): format "" prints in the default layout.
  virtual void Printa(const std::string& format, std::vector<AggSnapshot> aggs) = 0;
  virtual void Print(const PrintTypeDesc& type, const uint8_t* data, size_t size) = 0;
  // tracemem() (its shown bytes) or printm() (memory_dump.h).
  virtual void Memory(MemoryAction action, const std::string& bytes) = 0;
  // system(): `run` runs the command with its standard output on `fd` and
  // waits for it.
  virtual void System(const std::function<void(int fd)>& run) = 0;

  virtual void Error(const ErrorReport& error) = 0;
  virtual void Drop(const DropReport& drop) = 0;

  // A signal stopped tracing (text: the newline that ends the ^C line).
  virtual void Interrupted() = 0;
  // Tracing and END are over; the aggregations not printed yet follow.
  virtual void TracingEnded() = 0;
  virtual void ExitAggregations(std::vector<AggSnapshot> aggs) = 0;
};

std::unique_ptr<OutputSink> MakeTextSink(FILE* out);
// now_ns: the "timestamp" of each document (wall-clock nanoseconds when
// null), settable so tests get fixed output.
std::unique_ptr<OutputSink> MakeJsonSink(FILE* out, std::function<int64_t()> now_ns = nullptr);

}  // namespace dt
