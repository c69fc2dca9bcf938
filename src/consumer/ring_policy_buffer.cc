#include "consumer/ring_policy_buffer.h"

#include <utility>

namespace dt {

void RingPolicyBuffer::Add(const uint8_t* data, size_t size) {
  if (size > limit_) return;
  while (!records_.empty() && held_ + size > limit_) {
    held_ -= records_.front().size();
    records_.pop_front();
  }
  records_.emplace_back(data, data + size);
  held_ += size;
}

std::deque<std::vector<uint8_t>> RingPolicyBuffer::Take() {
  held_ = 0;
  return std::exchange(records_, {});
}

}  // namespace dt
