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

Value Value::Bytes(std::string bytes) {
  Value out;
  out.kind = Kind::kBytes;
  out.str = std::move(bytes);
  out.size = 0;
  out.is_signed = false;
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

Value Value::Stack(std::vector<uint64_t> frames, int depth) {
  Value out;
  out.kind = Kind::kStack;
  size_t keep = 0;
  while (keep < frames.size() && frames[keep] != 0) ++keep;
  // An unknown depth (<= 0) is what the frames need.
  out.stack_depth = depth > 0 ? depth : static_cast<int>(keep);
  keep = 0;
  while (keep < frames.size() && keep < static_cast<size_t>(out.stack_depth) && frames[keep] != 0)
    ++keep;
  frames.resize(keep);
  out.frames = std::move(frames);
  out.size = 8 * out.stack_depth;
  out.is_signed = false;
  return out;
}

Value Value::Symbol(uint64_t addr) {
  Value out = UInt(addr);
  out.kind = Kind::kSymbol;
  return out;
}

Value Value::Module(uint64_t addr) {
  Value out = UInt(addr);
  out.kind = Kind::kModule;
  return out;
}

Value Value::Address(uint64_t addr) {
  Value out = UInt(addr);
  out.kind = Kind::kAddress;
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
