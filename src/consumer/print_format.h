// Text of the print() action: a value shown with its C type, laid out as
// illumos DTrace prints it (mdb's "::print -tn" style).
//
// The code generator records the object's bytes and a PrintTypeDesc
// (format/print_type.h). FormatPrint renders them:
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
#include <string>

#include "format/print_type.h"

namespace dt {

// The print() text of the object of `type` in data[0, size). Bytes past
// `size` read as zero.
std::string FormatPrint(const PrintTypeDesc& type, const uint8_t* data, size_t size);

}  // namespace dt
