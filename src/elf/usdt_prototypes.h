// The argument types of USDT probes, as a program built with our
// `dtrace -G` carries them: a note of our own beside the stapsdt notes.
//
// A stapsdt note says only each argument's size and signedness
// ("-4@%eax"). The provider file says more (`probe work(char *, int);`),
// so -G writes one note per declared probe into the object it makes; the
// link keeps them (a note section without SHF_ALLOC, as .note.stapsdt is)
// in the executable or shared object, and the usdt provider reads them
// when it makes the probes of an object, to type args[].
//
//   section  .note.dtrace.prototypes (SHT_NOTE, no flags, 4-byte aligned)
//   owner    "dtrace"
//   type     1 (kNtUsdtPrototype)
//   desc     NUL-terminated strings: the provider, the probe's name as the
//            provider file spells it ("query__receive", as the stapsdt
//            note does), then one C type per argument in order ("char *",
//            "int"); a probe without arguments has the two names only.
//
// The types are text, resolved when a tracing program uses args[] (D's
// built-in types, the program's own declarations, kernel BTF), as DTrace
// resolves the type names its DOF holds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "elf/elf_file.h"

namespace dt::elf {

inline constexpr const char* kUsdtPrototypeSection = ".note.dtrace.prototypes";
inline constexpr const char* kUsdtPrototypeOwner = "dtrace";
inline constexpr uint32_t kNtUsdtPrototype = 1;

struct UsdtPrototype {
  std::string provider;                // "myprov"
  std::string name;                    // "request__start"
  std::vector<std::string> arg_types;  // "int", "char *"
  bool operator==(const UsdtPrototype&) const = default;
};

// One note's descriptor; nullopt and *error when it is not two names and
// non-empty types, each NUL-terminated.
std::optional<UsdtPrototype> ParseUsdtPrototype(std::string_view desc, std::string* error);

// The descriptor of one note (ParseUsdtPrototype's inverse).
std::string EncodeUsdtPrototype(const UsdtPrototype& prototype);

// A whole note record (header, owner, descriptor, 4-byte padding) as the
// section holds it.
std::string UsdtPrototypeNoteRecord(const UsdtPrototype& prototype);

// The prototypes an object carries, in note order; malformed notes are
// left out (their probes stay untyped).
std::vector<UsdtPrototype> ReadUsdtPrototypes(const ElfFile& file);

// The prototype of probe `name` (note spelling) of `provider`, or nullptr.
const UsdtPrototype* FindUsdtPrototype(const std::vector<UsdtPrototype>& prototypes,
                                       std::string_view provider, std::string_view name);

}  // namespace dt::elf
