// The framing of what the BPF programs send back: every record in the ring
// buffer starts with a RecordHeader, and the drop and fault numbers both
// sides agree on. The programs write these bytes and the consumer reads
// them, so the layout is fixed (record_test.cc holds it in place).
//
// desc_id selects a RecordDesc (format/record_desc.h: what a clause
// recorded) or is kErrorRecord, in which case an ErrorRecord follows the
// header. Field offsets count from the start of the record, header
// included. A clause with actions inside if/else has one "ran" byte per such
// action right after the header (zeroed when the clause starts, set by the
// action), padded to 8 bytes.
#pragma once

#include <cstdint>

namespace dt {

struct RecordHeader {
  uint32_t desc_id;
  uint32_t probe_id;
  uint32_t cpu;
  uint32_t epid;
};

constexpr uint32_t kErrorRecord = 0xffffffffu;
constexpr uint32_t kMaxDropCpus = 1024;
// The drops map's words: kMaxDropCpus counters of each kind, in this order.
enum DropKind : uint32_t { kDropPrincipal = 0, kDropAggregation = 1, kDropKinds = 2 };
// After them, counters kept once for all CPUs, as DTrace reports them
// without a CPU: a store to a dynamic variable (self->, associative array)
// that found its map full ("N dynamic variable drops").
enum GlobalDropWord : uint32_t { kDropDynamicWord = kDropKinds * kMaxDropCpus, kDropWords };

// DTrace's DTRACEFLT_* numbers: ERROR's arg4 carries them.
// DTrace's DTRACEFLT_* numbers (ERROR's arg4).
enum class FaultKind : uint32_t {
  kBadAddr = 1,
  kBadAlign = 2,
  kIllegalOp = 3,
  kDivZero = 4,
  kNoScratch = 5,
};

struct ErrorRecord {
  RecordHeader header;  // desc_id == kErrorRecord
  uint32_t action;      // 1-based action number within the clause
  uint32_t offset;      // BPF instruction index of the faulting operation
  uint32_t fault;       // FaultKind
  uint32_t pad;
  uint64_t addr;
};

}  // namespace dt
