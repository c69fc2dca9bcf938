#include "format/aggregation_layout.h"

#include "format/quantize_buckets.h"

namespace dt {

size_t AggDataSize(const AggDesc& desc) {
  switch (desc.func) {
    case AggFunc::kCount:
    case AggFunc::kSum:
      return 1;
    case AggFunc::kAvg:
    case AggFunc::kMin:
    case AggFunc::kMax:
      return 2;
    case AggFunc::kStddev:
      return 4;
    case AggFunc::kQuantize:
      return kQuantizeBuckets;
    case AggFunc::kLquantize:
      return static_cast<size_t>(LquantizeLevels(desc.lq_base, desc.lq_limit, desc.lq_step) + 2);
    case AggFunc::kLlquantize:
      return static_cast<size_t>(
          LlquantizeBucketCount(desc.llq_factor, desc.llq_low, desc.llq_high, desc.llq_nsteps));
  }
  return 1;
}

}  // namespace dt
