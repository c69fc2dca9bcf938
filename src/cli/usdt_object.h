// dtrace -G: the ELF object a build links beside the objects compiled with
// the dtrace -h header.
//
// DTrace's -G rewrote each object's probe call sites and wrote the probe
// table into a new object. Here the sites are already complete stapsdt
// notes when the compiler is done (see usdt_header.h), so what is left for
// the link is what the header only declares: one 2-byte semaphore per
// probe, zero-initialised, in a writable section named .probes, as hidden
// global symbols (each executable or shared object gets its own, which its
// own notes name). The object is a relocatable x86-64 ELF file with those
// symbols and a .note.GNU-stack section (so linking it does not ask for an
// executable stack); it has no code and no relocations. It also carries
// the declared argument types of every probe, one note each in the section
// elf/usdt_prototypes.h describes, which the link keeps for the usdt
// provider to type args[] with.
#pragma once

#include <string>
#include <vector>

#include "elf/usdt_prototypes.h"

namespace dt {

// The object's bytes, defining `semaphores` in that order and carrying
// `prototypes` in that order.
std::string UsdtSemaphoreObject(const std::vector<std::string>& semaphores,
                                const std::vector<elf::UsdtPrototype>& prototypes = {});

}  // namespace dt
