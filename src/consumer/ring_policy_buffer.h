// -x bufpolicy=ring: the records dtrace keeps while tracing and prints only
// when it exits. Only the newest are kept: when a record would take the
// bytes held past the limit (bufsize), the oldest go first; a record larger
// than the whole limit is not kept at all (DTrace drops a record larger
// than its buffer whatever the policy).
//
// DTrace's ring is a buffer per CPU of bufsize bytes each, printed CPU by
// CPU. Records here come through one BPF ring in the order probes sent
// them, so this is one ring of bufsize bytes for all CPUs, printed in that
// order (docs/dtrace.8, bufpolicy).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace dt {

class RingPolicyBuffer {
 public:
  explicit RingPolicyBuffer(uint64_t limit_bytes) : limit_(limit_bytes) {}

  void Add(const uint8_t* data, size_t size);
  // The records held, oldest first; the buffer is empty afterwards.
  std::deque<std::vector<uint8_t>> Take();

  uint64_t held_bytes() const { return held_; }

 private:
  uint64_t limit_;
  uint64_t held_ = 0;
  std::deque<std::vector<uint8_t>> records_;
};

}  // namespace dt
