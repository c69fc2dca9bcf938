// The single result an aggregation entry prints: avg(), stddev() and the
// normalized forms, computed with libdtrace's integer arithmetic.
#pragma once

#include <cstdint>
#include <vector>

#include "consumer/aggregation.h"

namespace dt {

// data = [count, sum, sumsq_lo, sumsq_hi]: sqrt(E[x^2] - E[x]^2), all
// integer (floor) arithmetic on the 128-bit sum of squares, as DTrace does.
uint64_t AggStddev(const std::vector<int64_t>& data, uint64_t normal);

// data = [count, sum]: sum / normal / count (signed), 0 when count is 0.
int64_t AggAvg(const std::vector<int64_t>& data, uint64_t normal);

}  // namespace dt
