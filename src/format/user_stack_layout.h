// What the BPF user-stack unwinder (codegen/user_stack_gen.cc) and the
// dtrace process that feeds it (runtime/user_unwind_maps.h) agree on: the
// maps that describe each traced process's code and how to unwind it, the
// record that asks for a process to be described, and the layout of a
// ustack() value.
//
//  * The mappings map (hash, no prealloc): key UserMappingKey {tgid, index}.
//    Index kMappingCountIndex holds the number of entries in `start`;
//    indexes 0..count-1 hold the process's executable mappings sorted by
//    start, which the unwinder binary-searches one lookup at a time.
//  * The rows map (array of maps): element `object` of a mapping is an
//    array of the object's unwind rows (elf/unwind_table.h's 16-byte rows,
//    sorted by pc), `rows` long. A mapping with object kNoObject, or a
//    process with no entries at all, is unwound by frame pointers.
//  * The seen map (LRU hash tgid -> u32): the first ustack() of a process
//    sends a ProcessNotice through the ring so that dtrace snapshots the
//    process (for symbols) and loads its tables while it still lives.
//  * A ustack(n) value is 1 + n u64 words: the tgid, then the PCs,
//    innermost first, zero after the last frame. usym(), ufunc(), umod()
//    and uaddr() values are two words: the tgid and the address.
#pragma once

#include <cstdint>

#include "format/record.h"

namespace dt {

struct UserMappingKey {
  uint32_t tgid;
  uint32_t index;
};

struct UserMappingEntry {
  uint64_t start;        // first address; in the count entry: the count
  uint64_t end;          // exclusive
  uint64_t vaddr_start;  // the object's ELF vaddr at `start`
  uint32_t object;       // element of the rows map, or kNoObject
  uint32_t rows;         // rows in that element
};
static_assert(sizeof(UserMappingEntry) == 32);

constexpr uint32_t kMappingCountIndex = 0xffffffffu;
constexpr uint32_t kNoObject = 0xffffffffu;
// Executable mappings kept per process, and binary-search steps over them.
constexpr uint32_t kMaxUserMappings = 1024;
constexpr int kMappingSearchSteps = 11;  // > log2(kMaxUserMappings)
// Unwind rows per object, and binary-search steps over them.
constexpr uint32_t kMaxUnwindRows = 1u << 22;
constexpr int kRowSearchSteps = 23;  // > log2(kMaxUnwindRows)
constexpr uint32_t kMaxUnwindObjects = 8192;
constexpr uint32_t kMaxMappingEntries = 1u << 18;  // over all processes
constexpr uint32_t kMaxSeenProcesses = 16384;

// elf/unwind_table.h's row, as the BPF program reads it.
constexpr int kRowPcOffset = 0;
constexpr int kRowCfaOffset = 8;   // s32
constexpr int kRowRbpOffset = 12;  // s16
constexpr int kRowCfaRule = 14;    // u8
constexpr int kRowRbpRule = 15;    // u8
constexpr uint32_t kUnwindRowSize = 16;
// Its rules (elf's UnwindCfaRule and UnwindRbpRule).
constexpr int kRowCfaNoInfo = 0;
constexpr int kRowCfaRsp = 1;
constexpr int kRowCfaRbp = 2;
constexpr int kRowCfaPlt = 3;
constexpr int kRowRbpUnchanged = 0;
constexpr int kRowRbpAtCfa = 1;

constexpr uint32_t kProcessNoticeRecord = 0xfffffffeu;
struct ProcessNotice {
  RecordHeader header;  // desc_id == kProcessNoticeRecord
  uint32_t tgid;
  uint32_t pad;
};

}  // namespace dt
