// The number of words an aggregation entry holds is what the code generator
// sizes its map values by and what the consumer reads back.
#include "format/aggregation_layout.h"

#include <gtest/gtest.h>

#include "format/quantize_buckets.h"

namespace dt {
namespace {

AggDesc Desc(AggFunc func) {
  AggDesc d;
  d.func = func;
  return d;
}

TEST(AggDataSize, ScalarFunctions) {
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kCount)), 1u);
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kSum)), 1u);
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kAvg)), 2u);
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kMin)), 2u);
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kMax)), 2u);
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kStddev)), 4u);
}

TEST(AggDataSize, DistributionsHoldTheirBuckets) {
  EXPECT_EQ(AggDataSize(Desc(AggFunc::kQuantize)), static_cast<size_t>(kQuantizeBuckets));
  AggDesc lq = Desc(AggFunc::kLquantize);
  lq.lq_base = 0;
  lq.lq_limit = 100;
  lq.lq_step = 10;
  // Ten levels, one bucket below the base and one at or above the limit.
  EXPECT_EQ(AggDataSize(lq), 12u);
  AggDesc llq = Desc(AggFunc::kLlquantize);
  llq.llq_factor = 10;
  llq.llq_low = 0;
  llq.llq_high = 2;
  llq.llq_nsteps = 10;
  EXPECT_EQ(AggDataSize(llq), 29u);
}

}  // namespace
}  // namespace dt
