// The distribution tables of quantize(), lquantize() and llquantize() as
// DTrace prints them. Which bucket holds what is format/quantize_buckets.h,
// shared with the code generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "format/quantize_buckets.h"

namespace dt {

// Each table starts with "\n" and the "value  --- Distribution --- count"
// header, one line per shown bucket. Wrong-sized bucket vectors yield "".
std::string FormatQuantize(const std::vector<int64_t>& buckets, uint64_t normal = 1);
std::string FormatLquantize(const std::vector<int64_t>& buckets, int64_t base, int64_t limit,
                            int64_t step, uint64_t normal = 1);
std::string FormatLlquantize(const std::vector<int64_t>& buckets, int64_t factor, int64_t low,
                             int64_t high, int64_t nsteps, uint64_t normal = 1);

}  // namespace dt
