#include "elf/sdt_argument.h"

#include <charconv>

namespace dt::elf {
namespace {

bool IsSymbolStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
}
bool IsSymbolChar(char c) { return IsSymbolStart(c) || (c >= '0' && c <= '9') || c == '$'; }

class SpecParser {
 public:
  SpecParser(std::string_view spec, std::string* error) : s_(spec), spec_(spec), error_(error) {}

  std::optional<SdtArgument> Parse() {
    SdtArgument a;
    a.text = std::string(spec_);
    size_t at = s_.find('@');
    if (at != std::string_view::npos && !s_.empty() && (s_[0] == '-' || IsDigit(s_[0]))) {
      std::string_view size = s_.substr(0, at);
      if (!size.empty() && size[0] == '-') {
        a.is_signed = true;
        size.remove_prefix(1);
      }
      if (size != "1" && size != "2" && size != "4" && size != "8") return Fail("bad size");
      a.size = uint8_t(size[0] - '0');
      s_.remove_prefix(at + 1);
    }
    if (s_.empty()) return Fail("no operand");
    if (s_[0] == '%') {
      if (s_.find(':') != std::string_view::npos)
        return Fail("segment registers are not supported");
      auto r = FindX86Register(s_);
      if (!r) return Fail("unknown register");
      a.kind = SdtOperandKind::kRegister;
      a.reg = r;
      return a;
    }
    if (s_[0] == '$') {
      s_.remove_prefix(1);
      if (!Int(&a.value) || !s_.empty()) return Fail("bad constant");
      a.kind = SdtOperandKind::kConstant;
      return a;
    }
    a.kind = SdtOperandKind::kMemory;
    if (!Displacement(&a)) return std::nullopt;
    if (s_.empty()) {
      if (a.symbol.empty()) return Fail("memory operand without base or symbol");
      return a;
    }
    if (!Take('(')) return Fail("unexpected text");
    if (!s_.empty() && s_[0] == '%') {
      if (!Register(&a.reg)) return std::nullopt;
    }
    if (Take(',')) {
      if (!Register(&a.index)) return std::nullopt;
      if (Take(',')) {
        int64_t scale;
        if (!Int(&scale) || (scale != 1 && scale != 2 && scale != 4 && scale != 8))
          return Fail("bad scale");
        a.scale = uint8_t(scale);
      }
    }
    if (!Take(')') || !s_.empty()) return Fail("unexpected text");
    if (a.reg && a.reg->is_instruction_pointer()) {
      // %rip: the symbol's address in the object, whatever the pc is.
      if (a.symbol.empty()) return Fail("%rip-relative operand without a symbol");
      if (a.index) return Fail("%rip cannot be indexed");
      a.reg.reset();
    }
    if (!a.reg && !a.index && a.symbol.empty()) return Fail("memory operand without base");
    if (a.index && a.index->is_instruction_pointer()) return Fail("%rip cannot be an index");
    return a;
  }

 private:
  static bool IsDigit(char c) { return c >= '0' && c <= '9'; }

  bool Take(char c) {
    if (s_.empty() || s_[0] != c) return false;
    s_.remove_prefix(1);
    return true;
  }

  // [-+]digits or [-+]0xhex.
  bool Int(int64_t* v) {
    bool neg = false;
    if (Take('-')) {
      neg = true;
    } else {
      Take('+');
    }
    int base = 10;
    if (s_.size() > 2 && s_[0] == '0' && (s_[1] == 'x' || s_[1] == 'X')) {
      base = 16;
      s_.remove_prefix(2);
    }
    uint64_t u;
    auto [p, ec] = std::from_chars(s_.data(), s_.data() + s_.size(), u, base);
    if (ec != std::errc() || p == s_.data()) return false;
    s_.remove_prefix(p - s_.data());
    *v = neg ? int64_t(0 - u) : int64_t(u);
    return true;
  }

  bool Symbol(std::string* out) {
    size_t n = 0;
    while (n < s_.size() && IsSymbolChar(s_[n])) ++n;
    *out = std::string(s_.substr(0, n));
    s_.remove_prefix(n);
    return n > 0;
  }

  // int | symbol [(+|-) int] | int + symbol | nothing.
  bool Displacement(SdtArgument* a) {
    if (s_.empty() || s_[0] == '(') return true;
    if (IsSymbolStart(s_[0])) {
      Symbol(&a->symbol);
      if (!s_.empty() && (s_[0] == '+' || s_[0] == '-')) {
        if (!Int(&a->value)) return Bad("bad displacement");
      }
      return true;
    }
    if (!Int(&a->value)) return Bad("bad displacement");
    if (Take('+')) {
      if (s_.empty() || !IsSymbolStart(s_[0]) || !Symbol(&a->symbol))
        return Bad("bad displacement");
    }
    return true;
  }

  bool Register(std::optional<X86Register>* r) {
    size_t n = 1;
    while (n < s_.size() && s_[n] != ',' && s_[n] != ')') ++n;
    *r = FindX86Register(s_.substr(0, n));
    if (!*r || s_[0] != '%') return Bad("unknown register");
    if ((*r)->size != 8) return Bad("address registers must be 64-bit");
    s_.remove_prefix(n);
    return true;
  }

  std::nullopt_t Fail(const char* why) {
    *error_ = "bad argument specification '" + std::string(spec_) + "': " + why;
    return std::nullopt;
  }
  bool Bad(const char* why) {
    Fail(why);
    return false;
  }

  std::string_view s_;
  std::string_view spec_;
  std::string* error_;
};

}  // namespace

std::optional<SdtArgument> ParseSdtArgument(std::string_view spec, std::string* error) {
  return SpecParser(spec, error).Parse();
}

std::optional<std::vector<SdtArgument>> ParseSdtArguments(std::string_view specs,
                                                          std::string* error) {
  std::vector<SdtArgument> out;
  while (!specs.empty()) {
    size_t start = specs.find_first_not_of(" \t");
    if (start == std::string_view::npos) break;
    specs.remove_prefix(start);
    size_t end = specs.find_first_of(" \t");
    auto a = ParseSdtArgument(specs.substr(0, end), error);
    if (!a) return std::nullopt;
    out.push_back(std::move(*a));
    specs.remove_prefix(end == std::string_view::npos ? specs.size() : end);
  }
  return out;
}

}  // namespace dt::elf
