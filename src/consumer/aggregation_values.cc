#include "consumer/aggregation_values.h"

namespace dt {
namespace {

using u128 = unsigned __int128;

uint64_t Isqrt(u128 n) {
  // Bitwise integer square root: floor(sqrt(n)).
  u128 result = 0;
  u128 bit = static_cast<u128>(1) << 126;
  while (bit > n) bit >>= 2;
  while (bit != 0) {
    if (n >= result + bit) {
      n -= result + bit;
      result = (result >> 1) + bit;
    } else {
      result >>= 1;
    }
    bit >>= 2;
  }
  return static_cast<uint64_t>(result);
}

// a / b as DTrace's C does it, without its undefined cases: INT64_MIN / -1
// wraps to INT64_MIN rather than trapping, and nothing divides by zero.
int64_t DivideWrapping(int64_t a, int64_t b) {
  if (b == 0) return 0;
  if (b == -1) return static_cast<int64_t>(0 - static_cast<uint64_t>(a));
  return a / b;
}

}  // namespace

uint64_t AggStddev(const std::vector<int64_t>& data, uint64_t normal) {
  if (data.size() < 4 || data[0] == 0) return 0;
  if (normal == 0) normal = 1;
  const uint64_t count = static_cast<uint64_t>(data[0]);
  const u128 sumsq =
      (static_cast<u128>(static_cast<uint64_t>(data[3])) << 64) | static_cast<uint64_t>(data[2]);
  const u128 avg_of_squares = sumsq / normal / normal / count;
  const int64_t norm_avg = DivideWrapping(DivideWrapping(data[1], static_cast<int64_t>(normal)),
                                          static_cast<int64_t>(count));
  // |norm_avg| as unsigned: INT64_MIN's magnitude, 2^63, does not fit int64.
  const uint64_t magnitude =
      norm_avg < 0 ? 0 - static_cast<uint64_t>(norm_avg) : static_cast<uint64_t>(norm_avg);
  const u128 square_of_avg = static_cast<u128>(magnitude) * magnitude;
  return Isqrt(avg_of_squares - square_of_avg);
}

int64_t AggAvg(const std::vector<int64_t>& data, uint64_t normal) {
  if (data.size() < 2 || data[0] == 0) return 0;
  const int64_t n = normal == 0 ? 1 : static_cast<int64_t>(normal);
  return DivideWrapping(DivideWrapping(data[1], n), data[0]);
}

}  // namespace dt
