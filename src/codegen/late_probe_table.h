// The tables of programs whose probes grow while they trace
// (LateProbeTable in compiled_program.h): code generation reserves their
// regions as the program's code asks for them, and fills the entries of the
// probes known when it compiles; the run (cli/late_probes.h) writes the
// entries of the probes it adds with the same function.
//
// Layout of the map's one value: regions of `capacity` entries each (of
// `site_capacity` for the usdt sites' operands), every region 8-aligned, in
// the order code generation reserved them.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "codegen/compiled_program.h"

namespace dt {

// How many probes a late table holds beyond those known when compiling.
inline constexpr uint32_t kLateProbeSpare = 4096;
// At most this many entries in all (the kernel's 4 MiB array value bounds
// the map: 16384 entries of three 64-byte names and a few words fit).
inline constexpr uint32_t kLateProbeMaxCapacity = 16384;

uint32_t LateProbeCapacity(size_t known);

// Reserves a region of `entry_size` bytes per entry; returns its offset.
uint32_t ReserveLateRegion(LateProbeTable& table, uint32_t entry_size);
// The same with an entry per site (LateProbeTable::site_capacity).
uint32_t ReserveLateSiteRegion(LateProbeTable& table, uint32_t entry_size);

// Writes entry `index` of `value` (value_size bytes): the probe's id,
// names (those the table has regions for), and for each clause whose region the table has, the epid
// `epid_of_clause` gives (absent: 0, the clause does not enable it).
void WriteLateEntry(const LateProbeTable& table, std::vector<uint8_t>& value, uint32_t index,
                    const Probe& probe, const std::map<int, uint32_t>& epid_of_clause);

}  // namespace dt
