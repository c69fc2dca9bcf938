// A decoded D value as the consumer sees it after reading a trace record.
//
// Integers keep the width and signedness of their D type because DTrace's
// output depends on both (trace() pads by width, %d prints a uint32_t as
// unsigned, %x of an int8_t shows two digits). Strings are kept without their
// NUL padding; helpers that need the padded record take the string size.
//
// Kernel addresses that DTrace prints symbolically have their own kinds,
// because their text depends on which action recorded them, not on the
// number (see stack_format.h for the text):
//  * kStack: a stack(n) record. `frames` holds the PCs, innermost first,
//    without the zero fill; `stack_depth` is n (the record is n * 8 bytes,
//    which is what key comparison and sorting use).
//  * kSymbol: sym()/func() (an aggregation key, or the record of trace()):
//    the address in `bits`; printed "mod`sym", aggregated per symbol.
//  * kModule: mod(): the address in `bits`; printed "mod", aggregated per
//    module. Any printf/printa conversion prints its text, as libdtrace does.
//  * kAddress: uaddr(): printed "mod`sym+0x1a", aggregated per address.
//  * kBytes: trace() of a struct, union or array that is not a string: the
//    object's bytes in `str` (size included), printed as libdtrace prints
//    a record of bytes (trace_format.h).
//  * User-space values (ustack(), usym()/ufunc(), umod(), uaddr()) are
//    these kinds with `user` set and the process in `pid`, whose symbol
//    tables name them (LookupFor() in stack_format.h).
// Symbol and module values are 8-byte unsigned integers for %d, %x, ...
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dt {

struct Value {
  enum class Kind { kInteger, kString, kStack, kSymbol, kModule, kAddress, kBytes };

  Kind kind = Kind::kInteger;
  uint64_t bits = 0;  // two's complement, only the low `size` bytes matter
  int size = 8;       // 1, 2, 4 or 8 (a stack: 8 * stack_depth)
  bool is_signed = true;
  std::string str;
  std::vector<uint64_t> frames;  // kStack only
  int stack_depth = 0;           // kStack only
  bool user = false;             // a user-space address or stack, of process `pid`
  uint32_t pid = 0;

  static Value Int(int64_t v, int size = 8, bool is_signed = true);
  static Value UInt(uint64_t v, int size = 8) { return Int(static_cast<int64_t>(v), size, false); }
  static Value Str(std::string s);
  // frames past the first zero PC, and beyond depth, are dropped; a depth
  // <= 0 means the number of frames given.
  static Value Stack(std::vector<uint64_t> frames, int depth);
  static Value Symbol(uint64_t addr);
  static Value Module(uint64_t addr);
  static Value Address(uint64_t addr);
  static Value Bytes(std::string bytes);

  bool IsString() const { return kind == Kind::kString; }
  bool IsStack() const { return kind == Kind::kStack; }
  bool IsSymbol() const { return kind == Kind::kSymbol; }
  bool IsModule() const { return kind == Kind::kModule; }
  bool IsAddress() const { return kind == Kind::kAddress; }
  bool IsBytes() const { return kind == Kind::kBytes; }
  // The value truncated to `size` bytes and zero-extended.
  uint64_t AsUnsigned() const;
  // The value truncated to `size` bytes and sign-extended.
  int64_t AsSigned() const;
  // Sign- or zero-extended according to is_signed.
  int64_t AsInt64() const { return is_signed ? AsSigned() : static_cast<int64_t>(AsUnsigned()); }
};

}  // namespace dt
