// A decoded D value as the consumer sees it after reading a trace record.
//
// Integers keep the width and signedness of their D type because DTrace's
// output depends on both (trace() pads by width, %d prints a uint32_t as
// unsigned, %x of an int8_t shows two digits). Strings are kept without their
// NUL padding; helpers that need the padded record take the string size.
#pragma once

#include <cstdint>
#include <string>

namespace dt {

struct Value {
  enum class Kind { kInteger, kString };

  Kind kind = Kind::kInteger;
  uint64_t bits = 0;  // two's complement, only the low `size` bytes matter
  int size = 8;       // 1, 2, 4 or 8
  bool is_signed = true;
  std::string str;

  static Value Int(int64_t v, int size = 8, bool is_signed = true);
  static Value UInt(uint64_t v, int size = 8) { return Int(static_cast<int64_t>(v), size, false); }
  static Value Str(std::string s);

  bool IsString() const { return kind == Kind::kString; }
  // The value truncated to `size` bytes and zero-extended.
  uint64_t AsUnsigned() const;
  // The value truncated to `size` bytes and sign-extended.
  int64_t AsSigned() const;
  // Sign- or zero-extended according to is_signed.
  int64_t AsInt64() const { return is_signed ? AsSigned() : static_cast<int64_t>(AsUnsigned()); }
};

}  // namespace dt
