// Aggregation output exactly as dtrace(1) prints it.
//
// How the driver uses this:
//  * printa(@a) with no format: print PrintAggregation(...) (it starts with
//    a "\n", as dtrace's printa does). Mark @a as printed.
//  * printa(@a, @b, ...) with no format: PrintaDefault(...). Mark all printed.
//  * printa("fmt", @a, ...): Printa(fmt, ...): no leading newline, one
//    formatted line per key present in any of the aggregations (a missing
//    value is zero). Mark all printed.
//  * At exit: dtrace(1) always prints "\n" after tracing stops (even with no
//    aggregations and even with -q); then print PrintAllAggregations() of
//    the aggregations NOT marked printed by an earlier printa(). Exit-time
//    output has no blank line between aggregations: entries of @a then of
//    @b follow one another (ordered by AggDesc::id, reversed by aggsortrev).
//
// Layout of each entry: every key component ("  %-50s" for strings; " %16lld",
// " %8d", " %5d", " %3d" for 8/4/2/1-byte integers), then the value
// (" %16lld"; avg is sum/count, stddev " %16llu"; the quantize family prints
// its table, which starts on a new line), then "\n". sym()/func() and
// mod() keys print "  %-50s" of their text; a stack() key prints "\n" and
// its frames (indent: option stackindent), so the value lands on a line of
// its own and each such entry starts with a blank line, as in dtrace(1)
// (columns exact after "// "):
//
// <blank>
//               vmlinux`do_syscall_64+0x3a
//               vmlinux`entry_SYSCALL_64+0x76
//                12
//
// printa("format") keys go through printf: %k for stacks, %a for sym()
// keys (canonical: "mod`sym"), any conversion of a mod() key prints its name.
// The symbol lookup and stackindent live in AggPrintOptions::render. Keys of
// sym()/func()/mod() must be canonicalised and merged first
// (aggregation_merge.h), as libdtrace does when it reads the buffers.
#pragma once

#include <string>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/printf_format.h"

namespace dt {

struct AggPrintOptions {
  AggSortOptions sort;
  int strsize = 256;  // string record size: bounds key comparison
  // Kernel symbols (render.kernel_lookup) and stackindent
  // (render.stack_indent), for default output and printa() formats alike.
  PrintfRenderOptions render;
  bool raw_bytes = false;  // option rawbytes: string keys as hex dumps
};

// Sorted entries in the default format, no leading newline.
std::string FormatAggregationEntries(const AggDesc& desc, std::vector<AggEntry> entries,
                                     const AggPrintOptions& opts);

// printa(@a): "\n" then FormatAggregationEntries().
std::string PrintAggregation(const AggDesc& desc, std::vector<AggEntry> entries,
                             const AggSortOptions& sort);
std::string PrintAggregation(const AggDesc& desc, std::vector<AggEntry> entries,
                             const AggPrintOptions& opts);

// printa(@a, @b, ...): "\n", then per key the key columns and one value
// column per aggregation.
std::string PrintaDefault(const std::vector<AggSnapshot>& aggs, const AggPrintOptions& opts);

// printa("format", @a, @b, ...): key conversions take the key components in
// order, %@ conversions take the aggregations' values in argument order.
std::string Printa(const PrintfFormat& fmt, const std::vector<AggSnapshot>& aggs,
                   const AggPrintOptions& opts);

// Exit-time output of the given (not yet printed) aggregations.
std::string PrintAllAggregations(std::vector<AggSnapshot> aggs, const AggPrintOptions& opts);

// The %@ value of one entry for Printa().
PrintfAggValue AggValueForFormat(const AggDesc& desc, const std::vector<int64_t>& data);

}  // namespace dt
