// What the consumer holds of each speculation until commit() or discard():
// its records in arrival order, at most `specsize` bytes from each CPU (as
// DTrace gives each speculation a buffer per CPU). A record that does not
// fit is dropped and counted: DTrace's "speculative drops".
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace dt {

class SpeculationBuffers {
 public:
  explicit SpeculationBuffers(uint64_t specsize) : specsize_(specsize) {}

  // Keeps a record of the speculation `token` from `cpu`; false when that
  // CPU's buffer of it is full (the record is dropped and counted).
  bool Add(uint64_t token, uint32_t cpu, const uint8_t* data, size_t size);
  // commit(): the speculation's records, in the order they came; it is gone.
  std::vector<std::vector<uint8_t>> Take(uint64_t token);
  // discard(): its records are thrown away.
  void Drop(uint64_t token) { held_.erase(token); }

  uint64_t drops() const { return drops_; }
  size_t speculations() const { return held_.size(); }

 private:
  struct Held {
    std::vector<std::vector<uint8_t>> records;
    std::map<uint32_t, uint64_t> bytes_by_cpu;
  };
  uint64_t specsize_;
  uint64_t drops_ = 0;
  std::map<uint64_t, Held> held_;
};

}  // namespace dt
