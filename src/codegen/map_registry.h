// The maps a compiled program uses, shared by all its BPF programs, and the
// read-only data block (string literals, syscall tables) that lives in one
// array map so programs can address it directly without a helper call.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "codegen/compiled_program.h"

namespace dt {

class MapRegistry {
 public:
  int Add(MapDef def);
  std::vector<MapDef>& maps() { return maps_; }

  // Read-only data: returns the offset of `bytes` (8-aligned) in the block.
  uint32_t AddRodata(const std::string& bytes, uint32_t size);
  uint32_t ReserveRodata(uint32_t size);
  std::vector<uint8_t>& rodata() { return rodata_; }
  // Creates the rodata map from the block; call once, after codegen.
  int rodata_map() const { return rodata_map_; }
  void set_rodata_map(int index) { rodata_map_ = index; }

 private:
  std::vector<MapDef> maps_;
  std::vector<uint8_t> rodata_;
  std::map<std::string, uint32_t> interned_;
  int rodata_map_ = -1;
};

}  // namespace dt
