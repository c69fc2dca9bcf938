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
// its table, which starts on a new line), then "\n".
#pragma once

#include <string>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/printf_format.h"

namespace dt {

struct AggPrintOptions {
  AggSortOptions sort;
  int strsize = 256;           // string record size: bounds key comparison
  PrintfRenderOptions render;  // symbol lookup for printa("%a", ...)
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
