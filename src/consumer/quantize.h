// The distribution tables of quantize(), lquantize() and llquantize() as
// DTrace prints them. Which bucket holds what is format/quantize_buckets.h,
// shared with the code generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "format/quantize_buckets.h"

namespace dt {

// One shown row of a table: the bucket's value and its count (not
// normalized). edge -1 is the "< value" row of values below the range, +1
// the ">= value" row of values above it (lquantize, llquantize).
struct QuantizeRow {
  int64_t value = 0;
  int64_t count = 0;
  int edge = 0;
};

// The rows a table shows: the non-zero buckets and one zero bucket either
// side, or the buckets around zero (the lowest ones) when all are zero.
// Wrong-sized bucket vectors yield no rows.
std::vector<QuantizeRow> QuantizeRows(const std::vector<int64_t>& buckets);
std::vector<QuantizeRow> LquantizeRows(const std::vector<int64_t>& buckets, int64_t base,
                                       int64_t limit, int64_t step);
std::vector<QuantizeRow> LlquantizeRows(const std::vector<int64_t>& buckets, int64_t factor,
                                        int64_t low, int64_t high, int64_t nsteps);

// Each table starts with "\n" and the "value  --- Distribution --- count"
// header, one line per shown bucket. Wrong-sized bucket vectors yield "".
std::string FormatQuantize(const std::vector<int64_t>& buckets, uint64_t normal = 1);
std::string FormatLquantize(const std::vector<int64_t>& buckets, int64_t base, int64_t limit,
                            int64_t step, uint64_t normal = 1);
std::string FormatLlquantize(const std::vector<int64_t>& buckets, int64_t factor, int64_t low,
                             int64_t high, int64_t nsteps, uint64_t normal = 1);

}  // namespace dt
