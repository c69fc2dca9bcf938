// The kernel accepts only [A-Za-z0-9_.] and at most 15 characters in BPF
// object names (maps, programs); anything else fails with EINVAL. Our names
// are probe descriptions ("syscall::read:entry"), so they are squeezed into
// that alphabet for the kernel and kept verbatim for messages.
#pragma once

#include <string>

namespace dt::runtime {

// Replaces disallowed characters with '_' and keeps the first 15 characters.
std::string KernelObjectName(const std::string& name);

}  // namespace dt::runtime
