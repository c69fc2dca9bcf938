// The USDT probes an object carries: the .note.stapsdt notes written by
// <sys/sdt.h> (and by systemtap's dtrace -G), one per probe site.
//
// A note (owner "stapsdt", type 3) holds three addresses of the object's
// word size -- the probe site (a nop), the link-time address of the
// .stapsdt.base section, and the probe's semaphore (0 when it has none) --
// then provider, name and argument specifications as NUL-terminated
// strings. When the object was relocated after linking (prelink), the
// .stapsdt.base section's address differs from the one in the note; the
// difference is added to the probe site and the semaphore.
//
// A note whose arguments cannot be parsed still yields its probe (it can
// fire, only its arguments are unknown), with argument_error set. A
// malformed note is skipped and reported in errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "elf/elf_file.h"
#include "elf/sdt_argument.h"

namespace dt::elf {

struct SdtProbe {
  std::string provider;                    // "python"
  std::string name;                        // "function__entry" (DTrace shows "function-entry")
  uint64_t pc = 0;                         // ELF vaddr of the probe site
  uint64_t semaphore = 0;                  // ELF vaddr of the 2-byte counter, 0 when none
  std::optional<uint64_t> pc_file_offset;  // for the uprobe
  std::optional<uint64_t> semaphore_file_offset;  // for the uprobe's ref_ctr_offset
  // The site's 1-byte nop is followed by a 5-byte one (0f 1f 44 00 00), as
  // dtrace -h headers write them: a uprobe on that second nop is one the
  // kernel can turn into a call (Linux 6.18) instead of a trap.
  bool nop5_follows = false;
  std::string arguments_text;
  std::vector<SdtArgument> arguments;
  std::string argument_error;
};

// A site's bytes when nop5_follows: nop, then nopl 0x0(%rax,%rax,1).
inline constexpr std::string_view kNopThenNop5("\x90\x0f\x1f\x44\x00\x00", 6);

struct SdtProbes {
  std::vector<SdtProbe> probes;  // in note order
  std::vector<std::string> errors;
};

// Every probe of the object; no notes is an empty list.
SdtProbes ReadSdtProbes(const ElfFile& file);

// One note's descriptor. base_section_addr is the .stapsdt.base section's
// address when the object has one; address_size is 8 (ELF64) or 4.
std::optional<SdtProbe> ParseStapsdtNote(std::string_view desc,
                                         std::optional<uint64_t> base_section_addr,
                                         int address_size, std::string* error);

// DTrace's spelling of a probe name: each "__" becomes "-".
std::string DtraceProbeName(std::string_view stapsdt_name);

}  // namespace dt::elf
