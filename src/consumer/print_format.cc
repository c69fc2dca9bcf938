// print() rendering. The walk mirrors how DTrace visits a type: every
// node (the top-level object, each member, each array element) is visited
// with its depth; closing braces are not printed when a struct ends but when
// the next node arrives at a shallower depth (or the walk finishes), which
// is where the layout's newline rules come from. Array elements are walked
// as fresh top-level objects whose indentation is shifted by `nest_`.
#include "consumer/print_format.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace dt {

namespace {

using Kind = PrintTypeDesc::Kind;

std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string Format(const char* fmt, ...) {
  char buf[128];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  return std::string(buf, n < 0 ? 0 : std::min<size_t>(static_cast<size_t>(n), sizeof(buf) - 1));
}

bool IsStructLike(const PrintTypeDesc& t) {
  return t.kind == Kind::kStruct || t.kind == Kind::kUnion;
}

bool IsPrintable(char c) { return c >= 0x20 && c < 0x7f; }

class Printer {
 public:
  Printer(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  std::string Run(const PrintTypeDesc& type) {
    Visit("", type, 0, -1, 0);
    CloseBraces(0);
    return std::move(out_);
  }

 private:
  uint8_t Byte(uint64_t at) const { return at < size_ ? data_[at] : 0; }

  uint64_t ReadUnsigned(uint64_t at, size_t bytes) const {
    uint64_t v = 0;
    for (size_t i = 0; i < bytes && i < 8; ++i) v |= uint64_t{Byte(at + i)} << (8 * i);
    return v;
  }

  void Indent(int levels) { out_.append(static_cast<size_t>(levels > 0 ? levels * 4 : 0), ' '); }

  // Closes the structs that were open deeper than `depth`; the last brace
  // closed gets no newline (the caller decides what follows it).
  void CloseBraces(int depth) {
    for (int d = depth_; d > depth; --d) {
      Indent(d + nest_ - 1);
      out_ += '}';
      if (d != depth + 1) out_ += '\n';
    }
  }

  void Visit(const std::string& name, const PrintTypeDesc& type, uint64_t bit_offset, int bit_width,
             int depth) {
    PrintNode(name, type, bit_offset, bit_width, depth);
    if (!IsStructLike(type)) return;
    for (const PrintMember& m : type.members) {
      if (m.type) Visit(m.name, *m.type, bit_offset + m.bit_offset, m.bit_width, depth + 1);
    }
  }

  // Bits of an integer node: the bitfield width, or the whole type.
  static uint64_t IntegerBits(const PrintTypeDesc& type, int bit_width) {
    return bit_width >= 0 ? static_cast<uint64_t>(bit_width) : type.size * 8;
  }

  void PrintNode(const std::string& name, const PrintTypeDesc& type, uint64_t bit_offset,
                 int bit_width, int depth) {
    CloseBraces(depth);
    if (depth < depth_) out_ += '\n';
    depth_ = depth;

    bool array_element = nest_ != 0 && depth == 0;
    bool brief = array_element && !IsStructLike(type);
    if (!brief) {
      if (array_element) out_ += '\n';
      Indent(depth_ + nest_);
      out_ += type.spelling;
      if (!name.empty()) {
        char last = type.spelling.empty() ? '\0' : type.spelling.back();
        if (last != '*' && last != ' ') out_ += ' ';
        out_ += name;
        bool integer = type.kind == Kind::kInteger || type.kind == Kind::kChar;
        uint64_t bits = IntegerBits(type, bit_width);
        if (integer &&
            (bits % 8 != 0 || bit_offset % 8 != 0 || bits / 8 > 8 || bits / 8 != type.size)) {
          out_ += Format(" :%llu", static_cast<unsigned long long>(bits));
        }
        out_ += " =";
      }
      out_ += ' ';
    }
    PrintValue(type, bit_offset, bit_width);
    if (!brief) out_ += '\n';
  }

  void PrintValue(const PrintTypeDesc& type, uint64_t bit_offset, int bit_width) {
    uint64_t at = bit_offset / 8;
    switch (type.kind) {
      case Kind::kInteger:
      case Kind::kChar:
        PrintInteger(type, bit_offset, bit_width);
        return;
      case Kind::kFloat:
        PrintFloat(type, at);
        return;
      case Kind::kPointer:
        PrintHex(at, type.size);
        return;
      case Kind::kArray:
        PrintArray(type, at);
        return;
      case Kind::kStruct:
      case Kind::kUnion:
        out_ += '{';
        return;
      case Kind::kEnum:
        PrintEnum(type, at);
        return;
      case Kind::kForward:
        out_ += "<forward decl>";
        return;
    }
  }

  void PrintHex(uint64_t at, uint64_t size) {
    if (size == 1 || size == 2 || size == 4 || size == 8) {
      out_ += Format("%#llx", static_cast<unsigned long long>(ReadUnsigned(at, size)));
    } else {
      out_ += Format("<invalid size %u>", static_cast<unsigned>(size));
    }
  }

  void PrintInteger(const PrintTypeDesc& type, uint64_t bit_offset, int bit_width) {
    uint64_t bits = IntegerBits(type, bit_width);
    uint64_t bytes = bits / 8;
    uint64_t at = bit_offset / 8;
    if (bytes > 8 || bits % 8 != 0 || (bytes & (bytes - 1)) != 0) {
      // A bitfield: the bytes that hold it, shifted down and masked.
      uint64_t shift = bit_offset % 8;
      size_t span = static_cast<size_t>((shift + bits + 7) / 8);
      uint64_t raw = ReadUnsigned(at, span > 8 ? 8 : span) >> shift;
      if (span > 8 && shift != 0) raw |= uint64_t{Byte(at + 8)} << (64 - shift);
      if (bits < 64) raw &= (uint64_t{1} << bits) - 1;
      out_ += Format("%#llx", static_cast<unsigned long long>(raw));
      return;
    }
    if (type.kind == Kind::kChar && bits == 8) {
      char c = static_cast<char>(Byte(at));
      if (IsPrintable(c)) {
        out_ += Format("'%c'", c);
      } else if (c == '\0') {
        out_ += "'\\0'";
      } else {
        out_ += Format("'\\%03o'", static_cast<unsigned>(static_cast<int>(c)));
      }
      return;
    }
    PrintHex(at, bytes);
  }

  void PrintFloat(const PrintTypeDesc& type, uint64_t at) {
    uint8_t raw[16] = {};
    for (size_t i = 0; i < sizeof(raw); ++i) raw[i] = Byte(at + i);
    if (type.size == sizeof(float)) {
      float f;
      memcpy(&f, raw, sizeof(f));
      out_ += Format("%+.7e", static_cast<double>(f));
    } else if (type.size == sizeof(double)) {
      double d;
      memcpy(&d, raw, sizeof(d));
      out_ += Format("%+.7e", d);
    } else if (type.size == sizeof(long double)) {
      long double d;
      memcpy(&d, raw, sizeof(d));
      out_ += Format("%+.16LE", d);
    } else {
      out_ += "<unknown encoding>";
    }
  }

  void PrintEnum(const PrintTypeDesc& type, uint64_t at) {
    size_t bytes = static_cast<size_t>(type.size > 8 ? 8 : type.size);
    uint64_t raw = ReadUnsigned(at, bytes);
    int64_t value = static_cast<int64_t>(raw);
    if (type.is_signed && bytes < 8) {
      uint64_t sign = uint64_t{1} << (bytes * 8 - 1);
      value = static_cast<int64_t>((raw ^ sign) - sign);
    }
    for (const auto& [name, v] : type.enumerators) {
      if (v == value) {
        out_ += name;
        return;
      }
    }
    out_ += Format("%lld", static_cast<long long>(value));
  }

  // Printable characters then a NUL within the array: shown as text.
  bool LooksLikeString(const PrintTypeDesc& type, uint64_t at) const {
    if (!type.element || type.element->kind != Kind::kChar || type.element->size != 1) return false;
    for (uint64_t i = 0; i < type.count; ++i) {
      char c = static_cast<char>(Byte(at + i));
      if (c == '\0') return true;
      if (!IsPrintable(c)) return false;
    }
    return false;
  }

  void PrintArray(const PrintTypeDesc& type, uint64_t at) {
    if (!type.element) {
      out_ += "<invalid type>";
      return;
    }
    const PrintTypeDesc& element = *type.element;
    bool text = LooksLikeString(type, at);
    bool brackets = !text || depth_ != 0;
    if (brackets) out_ += "[ ";
    if (text) {
      out_ += '"';
      for (uint64_t i = 0; i < type.count && Byte(at + i) != 0; ++i)
        out_ += static_cast<char>(Byte(at + i));
      out_ += '"';
    } else {
      int depth = depth_, nest = nest_;
      for (uint64_t i = 0; i < type.count; ++i) {
        nest_ = nest + depth + 1;
        depth_ = 0;
        Visit("", element, (at + element.size * i) * 8, -1, 0);
        CloseBraces(0);
        if (i + 1 != type.count) {
          out_ += ", ";
        } else if (IsStructLike(element)) {
          out_ += '\n';
        }
      }
      depth_ = depth;
      nest_ = nest;
    }
    if (brackets) {
      if (IsStructLike(element)) {
        Indent(depth_ + nest_);
      } else {
        out_ += ' ';
      }
      out_ += ']';
    }
  }

  const uint8_t* data_;
  size_t size_;
  std::string out_;
  int depth_ = 0;  // depth of the node printed last
  int nest_ = 0;   // extra indentation levels of the array elements being walked
};

}  // namespace

std::string FormatPrint(const PrintTypeDesc& type, const uint8_t* data, size_t size) {
  return Printer(data, size).Run(type);
}

}  // namespace dt
