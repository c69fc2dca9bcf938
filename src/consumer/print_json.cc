#include "consumer/print_json.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace dt {
namespace {

using Kind = PrintTypeDesc::Kind;
using json = nlohmann::ordered_json;

class Walker {
 public:
  Walker(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  json Value(const PrintTypeDesc& type, uint64_t bit_offset, int bit_width) const {
    const uint64_t at = bit_offset / 8;
    switch (type.kind) {
      case Kind::kInteger:
      case Kind::kChar:
        return Integer(type, bit_offset, bit_width);
      case Kind::kFloat:
        return Float(type, at);
      case Kind::kPointer: {
        char buf[32];
        snprintf(buf, sizeof(buf), "0x%llx",
                 static_cast<unsigned long long>(Read(at, type.size > 8 ? 8 : type.size)));
        return buf;
      }
      case Kind::kEnum: {
        const int64_t v = Signed(Read(at, type.size > 8 ? 8 : type.size), type.size * 8);
        for (const auto& [name, value] : type.enumerators)
          if (value == v) return name;
        return v;
      }
      case Kind::kArray:
        return Array(type, at);
      case Kind::kStruct:
      case Kind::kUnion: {
        json object = json::object();
        Members(type, bit_offset, object);
        return object;
      }
      case Kind::kForward:
        return nullptr;
    }
    return nullptr;
  }

 private:
  uint8_t Byte(uint64_t at) const { return at < size_ ? data_[at] : 0; }

  uint64_t Read(uint64_t at, uint64_t bytes) const {
    uint64_t v = 0;
    for (uint64_t i = 0; i < bytes && i < 8; ++i) v |= uint64_t{Byte(at + i)} << (8 * i);
    return v;
  }

  static int64_t Signed(uint64_t raw, uint64_t bits) {
    if (bits == 0 || bits >= 64) return static_cast<int64_t>(raw);
    const uint64_t sign = uint64_t{1} << (bits - 1);
    return static_cast<int64_t>((raw ^ sign) - sign);
  }

  json Integer(const PrintTypeDesc& type, uint64_t bit_offset, int bit_width) const {
    const uint64_t bits = bit_width >= 0 ? static_cast<uint64_t>(bit_width) : type.size * 8;
    const uint64_t shift = bit_offset % 8;
    const uint64_t span = (shift + bits + 7) / 8;
    uint64_t raw = Read(bit_offset / 8, span > 8 ? 8 : span) >> shift;
    if (span > 8 && shift != 0) raw |= uint64_t{Byte(bit_offset / 8 + 8)} << (64 - shift);
    if (bits < 64) raw &= (uint64_t{1} << bits) - 1;
    if (type.is_signed || type.kind == Kind::kChar) return Signed(raw, bits);
    return raw;
  }

  json Float(const PrintTypeDesc& type, uint64_t at) const {
    uint8_t raw[16] = {};
    for (size_t i = 0; i < sizeof(raw); ++i) raw[i] = Byte(at + i);
    if (type.size == sizeof(float)) {
      float f;
      memcpy(&f, raw, sizeof(f));
      return static_cast<double>(f);
    }
    if (type.size == sizeof(double)) {
      double d;
      memcpy(&d, raw, sizeof(d));
      return d;
    }
    if (type.size == sizeof(long double)) {
      long double d;
      memcpy(&d, raw, sizeof(d));
      return static_cast<double>(d);
    }
    return nullptr;
  }

  json Array(const PrintTypeDesc& type, uint64_t at) const {
    if (!type.element) return nullptr;
    const PrintTypeDesc& element = *type.element;
    if (element.kind == Kind::kChar && element.size == 1) {
      // Text when a NUL ends it within the array, as print()'s text shows.
      std::string text;
      for (uint64_t i = 0; i < type.count; ++i) {
        const char c = static_cast<char>(Byte(at + i));
        if (c == '\0') return text;
        text += c;
      }
    }
    json array = json::array();
    for (uint64_t i = 0; i < type.count; ++i)
      array.push_back(Value(element, (at + element.size * i) * 8, -1));
    return array;
  }

  void Members(const PrintTypeDesc& type, uint64_t bit_offset, json& object) const {
    for (const PrintMember& m : type.members) {
      if (!m.type) continue;
      const uint64_t offset = bit_offset + m.bit_offset;
      const bool anonymous =
          m.name.empty() && (m.type->kind == Kind::kStruct || m.type->kind == Kind::kUnion);
      if (anonymous) {
        Members(*m.type, offset, object);
      } else {
        object[m.name] = Value(*m.type, offset, m.bit_width);
      }
    }
  }

  const uint8_t* data_;
  size_t size_;
};

}  // namespace

nlohmann::ordered_json PrintJson(const PrintTypeDesc& type, const uint8_t* data, size_t size) {
  return Walker(data, size).Value(type, 0, -1);
}

}  // namespace dt
