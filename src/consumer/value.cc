#include "consumer/value.h"

#include <utility>

namespace dt {

Value Value::Int(int64_t v, int size, bool is_signed) {
  Value out;
  out.kind = Kind::kInteger;
  out.bits = static_cast<uint64_t>(v);
  out.size = size;
  out.is_signed = is_signed;
  return out;
}

Value Value::Str(std::string s) {
  Value out;
  out.kind = Kind::kString;
  out.str = std::move(s);
  out.size = 0;
  out.is_signed = false;
  return out;
}

uint64_t Value::AsUnsigned() const {
  if (size >= 8 || size <= 0) return bits;
  return bits & ((uint64_t{1} << (size * 8)) - 1);
}

int64_t Value::AsSigned() const {
  if (size >= 8 || size <= 0) return static_cast<int64_t>(bits);
  const int shift = 64 - size * 8;
  return static_cast<int64_t>(bits << shift) >> shift;
}

}  // namespace dt
