#include "consumer/memory_dump.h"

#include <cstdio>

namespace dt {
namespace {

constexpr char kDigits[] = "0123456789abcdef";
constexpr int kMargin = 5;       // spaces before each row's offset
constexpr int kOffsetWidth = 5;  // the offset column, right-aligned

void AppendFormatted(std::string& out, const char* fmt, unsigned long value) {
  char buf[32];
  int n = std::snprintf(buf, sizeof(buf), fmt, value);
  if (n > 0) out.append(buf, static_cast<size_t>(n));
}

}  // namespace

std::string FormatMemoryDump(const std::string& bytes) {
  if (bytes.empty()) return "";
  std::string out = "\n";
  out.append(kMargin + kOffsetWidth + 1, ' ');  // above "    0:"
  for (int i = 0; i < 16; ++i) {
    out += "  ";
    out += kDigits[i];
  }
  out += "  ";
  out += kDigits;
  out += "\n";
  for (size_t row = 0; row < bytes.size(); row += 16) {
    out.append(kMargin, ' ');
    AppendFormatted(out, "%5lx:", static_cast<unsigned long>(row));
    size_t end = row + 16 < bytes.size() ? row + 16 : bytes.size();
    for (size_t i = row; i < end; ++i)
      AppendFormatted(out, " %02lx", static_cast<unsigned char>(bytes[i]));
    out.append(3 * (row + 16 - end), ' ');
    out += "  ";
    for (size_t i = row; i < end; ++i) {
      char c = bytes[i];
      out += (c < ' ' || c > '~') ? '.' : c;
    }
    out += "\n";
  }
  return out;
}

size_t TracememShownBytes(uint64_t dynamic_size, size_t max) {
  if (dynamic_size == 0 || dynamic_size > max) return max;
  return static_cast<size_t>(dynamic_size);
}

std::string HexDigits(const std::string& bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) {
    auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

}  // namespace dt
