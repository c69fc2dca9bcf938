#include "common/diagnostic.h"

namespace dt {

std::string CompileError::Format(bool with_tag) const {
  std::string out;
  if (with_tag && !tag_.empty()) out += "[" + tag_ + "] ";
  if (line_ > 0) out += "line " + std::to_string(line_) + ": ";
  out += what();
  return out;
}

std::string Excerpt(std::string_view text, size_t max_bytes) {
  std::string out;
  size_t fits = 0;  // how much of `out` stays when it has to be cut
  const size_t keep = max_bytes > 3 ? max_bytes - 3 : 0;
  for (size_t i = 0; i < text.size(); i++) {
    auto u = static_cast<unsigned char>(text[i]);
    // A cut may fall before any byte but a UTF-8 continuation byte.
    if ((u & 0xc0) != 0x80 && out.size() <= keep) fits = out.size();
    if (u == 0) {
      out += "\\0";
    } else if (u == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += static_cast<char>(u);
    }
    if (out.size() > max_bytes) {
      out.resize(fits);
      return out + "...";
    }
  }
  return out;
}

}  // namespace dt
