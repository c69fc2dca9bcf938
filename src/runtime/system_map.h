// Kernel variable addresses from System.map, for kernels whose
// /proc/kallsyms lists only functions (no CONFIG_KALLSYMS_ALL). Debian and
// most distributions install /boot/System.map-<release> with every symbol.
// System.map has link-time addresses; the running kernel may be relocated
// (KASLR), so the address is shifted by where _stext really is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dt::runtime {

// The running address of data or text symbol `name`, given the map file
// and the running address of _stext (from kallsyms); nothing if the file
// or the symbol is missing.
std::optional<uint64_t> SystemMapAddress(const std::string& name, const std::string& map_path,
                                         uint64_t running_stext);

// "/boot/System.map-" and the running kernel's release.
std::string DefaultSystemMapPath();

}  // namespace dt::runtime
