// libFuzzer target for the elf stage's parsers (ELF files, symbol tables,
// notes, USDT argument specifications, call-frame information). Not part
// of the CMake build: build and run it with src/elf/fuzz/run.sh.
#include <cstddef>
#include <cstdint>

#include "elf/fuzz/parse_everything.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  dt::elf::ParseEverything(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
