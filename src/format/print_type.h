// The type of the object a print() action recorded, described so that
// it stands alone: the code generator builds it from sema's types, which the
// consumer never sees, and the consumer prints the recorded bytes by it
// (consumer/print_format.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace dt {

struct PrintMember;

struct PrintTypeDesc {
  enum class Kind {
    kInteger,  // also _Bool
    kChar,     // one-byte signed integer: printed as a character
    kFloat,
    kPointer,
    kArray,  // also D's string type (an array of kChar)
    kStruct,
    kUnion,
    kEnum,
    kForward,  // a struct whose members are unknown
  };
  Kind kind = Kind::kInteger;
  std::string spelling;  // as DTrace spells the type: "struct task_struct", "char [16]"
  uint64_t size = 0;     // bytes
  bool is_signed = false;
  uint64_t count = 0;                                        // kArray: elements
  std::shared_ptr<const PrintTypeDesc> element;              // kArray
  std::vector<PrintMember> members;                          // kStruct, kUnion
  std::vector<std::pair<std::string, int64_t>> enumerators;  // kEnum
};

struct PrintMember {
  std::string name;  // "" for an anonymous struct/union member
  uint64_t bit_offset = 0;
  int bit_width = -1;  // -1: not a bitfield
  std::shared_ptr<const PrintTypeDesc> type;
};

}  // namespace dt
