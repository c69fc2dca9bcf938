// print() in JSON (oformat=json): the recorded object as a JSON value
// shaped like its C type, for the JSON sink (output_sink.h).
//
//   integers, bit-fields, chars   numbers (signed by their type)
//   floating point                numbers
//   pointers                      hex strings "0xffff8881..." (a JSON number
//                                 cannot hold 64 bits exactly everywhere)
//   enums                         the enumerator's name, or the number
//   char arrays holding text      the text up to its NUL
//   other arrays                  arrays
//   structs, unions               objects, one member a key; the members of
//                                 an anonymous struct/union member are
//                                 merged into the enclosing object
//   structs of unknown layout     null
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "format/print_type.h"

namespace dt {

// The object of `type` in data[0, size); bytes past `size` read as zero.
nlohmann::ordered_json PrintJson(const PrintTypeDesc& type, const uint8_t* data, size_t size);

}  // namespace dt
