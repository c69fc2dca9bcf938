// Where the pid provider's uprobes go, decided from the object's file
// before anything is attached: which instructions the kernel's uprobes
// refuse, and the sites of a return probe.
//
// A return probe fires, as illumos' fasttrap makes it, at each of the
// function's `ret` instructions and at each `jmp` that leaves it for
// another function (a tail call), so arg0 can be the offset of the
// returning instruction and arg1 is %rax there. At a tail call the called
// function has not run yet: arg1 is whatever %rax holds at the jmp (so it
// is in illumos, which fires on the jump too). When the sites may not be
// every way out (elf/x86_return_sites.h says why: undecodable code, an
// indirect jmp, a conditional branch out, a fall-through at the end), a
// jmp goes somewhere that is not a function's start (gcc's `.cold` parts;
// without a symbol there, an address not aligned as functions are), the
// function has no ret at
// all, or uprobes would refuse a site, the probe is a uretprobe at the
// entry instead: it fires once the function has returned, with arg0 0.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "elf/object_cache.h"
#include "providers/pid_provider.h"

namespace dt {

// Whether an instruction (its first bytes) has a prefix the kernel's
// uprobes refuse: lock, or a segment override other than fs and gs.
bool HasPrefixUprobesRefuse(std::optional<std::string_view> code);

// The return sites of `function` (at `file_offset` in `object`'s file), or
// an empty list with *why_not saying why the probe falls back to a
// uretprobe.
std::vector<PidProbeData::ReturnSite> PidReturnSites(const elf::ObjectFile& object,
                                                     const elf::Symbol& function,
                                                     uint64_t file_offset, std::string* why_not);

}  // namespace dt
