// DTrace's table of printf conversions, shared by the compile-time checker
// (format/printf_parse.cc) and the consumer's renderer; used nowhere else.
#pragma once

#include <string>

namespace dt::printf_internal {

// How a conversion validates its argument.
enum class Check {
  kKernelAddr,  // pointer or integer (%a)
  kUserAddr,    // pointer or integer (%A)
  kCharShortInt,
  kAnyInt,
  kDecimalInt,  // %d: any integer, signedness picks %i or %u
  kFloat,
  kExactInt,  // integer of exactly `size` bytes and `is_signed`
  kSizedInt,  // integer of exactly `size` bytes, either sign
  kAddr,      // %p
  kString,
  kWideString,
  kStack,
  kTime,  // 64-bit integer
  kNone,  // %%
};

// How a conversion prints its value.
enum class Print {
  kSigned,
  kUnsigned,
  kDecimal,  // signed or unsigned per the value's type
  kFloat,
  kKernelAddr,
  kUserAddr,
  kString,
  kEscapedString,
  kEscapedChar,
  kInetAddr,
  kStack,
  kTime,
  kTime822,
  kPort,
  kPercent,
};

struct ConvInfo {
  const char* name;
  const char* out;        // printf(3C) conversion letter(s) used for output
  const char* prototype;  // text of "prototype:" in error messages
  Check check;
  Print print;
  int size;  // for kExactInt / kSizedInt
  bool is_signed;
};

// nullptr when DTrace has no such conversion.
const ConvInfo* FindConversion(const std::string& name);

}  // namespace dt::printf_internal
