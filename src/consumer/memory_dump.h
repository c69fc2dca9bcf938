// The bytes of tracemem(), printm() and trace() of a struct, union or
// array, as dtrace(1) prints them, and as the JSON sink writes them.
//
// The hex dump (libdtrace's raw byte layout) is a newline, then a header
// row: 11 spaces, then "  0" ... "  f" (each hex digit right-aligned in
// three columns), two spaces and "0123456789abcdef"; then one row per 16
// bytes: 5 spaces, the offset in hex right-aligned in 5 columns and ":",
// " %02x" per byte, three spaces per missing byte of a short last row, two
// spaces and the bytes as characters (from ' ' to '~' as themselves, any
// other byte as '.'):
//
//              0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
//          0: 68 65 6c 6c 6f 00                                hello.
//
// tracemem() and printm() always print the dump; -q changes nothing in it.
// tracemem(addr, max, n) prints the first n bytes of the max recorded when
// 0 < n <= max, and all max bytes otherwise (n == 0 or above max, or
// negative: DTrace's rule).
#pragma once

#include <cstdint>
#include <string>

namespace dt {

// The hex dump of `bytes` ("" when there are none).
std::string FormatMemoryDump(const std::string& bytes);

// How many of tracemem()'s `max` recorded bytes a dynamic size shows.
size_t TracememShownBytes(uint64_t dynamic_size, size_t max);

// The bytes as lowercase hex digits, two per byte ("68656c6c6f").
std::string HexDigits(const std::string& bytes);

}  // namespace dt
