// Text of the print() action: a value shown with its C type, laid out as
// illumos DTrace prints it (mdb's "::print -tn" style).
//
// The code generator records the object's bytes and a PrintTypeDesc, a
// self-contained description of its type (the consumer knows nothing of
// sema's types). FormatPrint renders them:
//   - the top level is "<type> <value>"; a struct or union opens with
//     "<type> {", one member per line "<type> <name> = <value>", indented
//     four spaces per level (no space after a type ending in '*' or ' '),
//     nested structs open with "= {" and close with "}" on their own line;
//     the final "}" has no newline, a scalar's line has one;
//   - integers and pointers in hex ("%#llx": 0 is "0"); one-byte signed
//     integers as 'c', '\0' or '\ooo'; bitfields with " :<bits>" after the
//     name; enums by enumerator name (the number, decimal, when none
//     matches); floats as "%+.7e";
//   - char arrays holding printable text then a NUL as [ "text" ] (bare
//     "text" at the top level), other arrays as [ v, v, ... ], arrays of
//     structs with one element per block.
// Quirks of the original are kept on purpose (an empty nested struct is
// opened and never closed, arrays of structs end elements with "}, ").
#pragma once

#include <cstddef>
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

// The print() text of the object of `type` in data[0, size). Bytes past
// `size` read as zero.
std::string FormatPrint(const PrintTypeDesc& type, const uint8_t* data, size_t size);

}  // namespace dt
