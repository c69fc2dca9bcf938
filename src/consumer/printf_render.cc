// Run-time rendering of printf()-style formats, following libdtrace's
// dt_printf_format(): each conversion is rebuilt as a printf(3C) spec with
// DTrace's flag order and width/precision rules, then handed to snprintf so
// that padding and number formatting are exactly C's.
#include <arpa/inet.h>
#include <netdb.h>

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "consumer/printf_format.h"
#include "consumer/stack_format.h"
#include "format/printf_table.h"

namespace dt {

using printf_internal::ConvInfo;
using printf_internal::FindConversion;
using printf_internal::Print;

namespace {

template <typename T>
std::string CFormat(const std::string& spec, T value) {
  char small[128];
  int n = std::snprintf(small, sizeof(small), spec.c_str(), value);
  if (n < 0) return "";
  if (static_cast<size_t>(n) < sizeof(small)) return std::string(small, n);
  std::string big(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(big.data(), big.size(), spec.c_str(), value);
  big.resize(n);
  return big;
}

std::string Hex(uint64_t v) { return CFormat("0x%" PRIx64, v); }

// libdtrace's strchr2esc(): C escapes for what isprint() rejects.
std::string Escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '\0') break;
    switch (ch) {
      case '\a':
        out += "\\a";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\v':
        out += "\\v";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        if (std::isprint(static_cast<unsigned char>(ch))) {
          out += ch;
        } else {
          out += CFormat("\\%03o", static_cast<unsigned>(static_cast<unsigned char>(ch)));
        }
    }
  }
  return out;
}

// "%Y": "1973 Dec  3 17:20:00" in local time (ctime's fields, year first).
std::string TimeY(int64_t ns) {
  time_t sec = static_cast<time_t>(ns / 1000000000);
  struct tm tm;
  localtime_r(&sec, &tm);
  char buf[64];
  strftime(buf, sizeof(buf), "%Y %b %e %H:%M:%S", &tm);
  return buf;
}

// "%T": RFC 822 form.
std::string Time822(int64_t ns) {
  time_t sec = static_cast<time_t>(ns / 1000000000);
  struct tm tm;
  localtime_r(&sec, &tm);
  char buf[64];
  strftime(buf, sizeof(buf), "%a, %d %b %G %T %Z", &tm);
  return buf;
}

std::string PortName(uint16_t port) {
  struct servent* sv = getservbyport(htons(port), nullptr);
  if (sv != nullptr && sv->s_name != nullptr) return sv->s_name;
  return std::to_string(port);
}

std::string IntAsText(const Value& v) {
  return v.is_signed ? std::to_string(v.AsSigned()) : std::to_string(v.AsUnsigned());
}

// One conversion rebuilt as a C spec: `flags` ("#0-+' " as libdtrace
// orders them), then the width and precision in `spec` ("%-20.3").
struct CSpec {
  std::string flags;
  int width = 0;  // as given, '*' included: negative means left-justified
  int prec = 0;
  bool left = false;  // the '-' flag itself, not a negative '*' width
  std::string spec;

  std::string WithWidth(bool include_width) const {
    std::string out = "%" + flags;
    if (include_width && width != 0) {
      out += std::to_string(width < 0 ? -static_cast<long>(width) : width);
    }
    if (prec > 0) out += "." + std::to_string(prec);
    return out;
  }
};

std::string KernelAddressText(uint64_t addr, const PrintfRenderOptions& opts) {
  if (opts.kernel_symbols) {
    std::string text = opts.kernel_symbols(addr);
    return text.empty() ? Hex(addr) : text;
  }
  return FormatKernelAddress(addr, opts.kernel_lookup);
}

// libdtrace's pfprint_stack(): indent by the width when left-justified,
// and leave the width out of the per-frame "%s" then (only for the '-'
// flag: a negative '*' width both indents and pads).
std::string RenderStack(const CSpec& c, const Value& v, const PrintfRenderOptions& opts) {
  const std::string frame_spec = c.WithWidth(!c.left) + "s";
  auto frame_format = [&frame_spec](const std::string& frame) {
    return CFormat(frame_spec, frame.c_str());
  };
  return FormatStack(v.frames, LookupFor(v, opts.kernel_lookup, opts.user_lookup),
                     StackConversionIndent(c.width, c.left), frame_format);
}

// Renders one conversion whose C spec (flags, width, precision, no length or
// letter) is `c.spec`.
std::string RenderValue(const ConvInfo& info, const CSpec& c, const Value& v,
                        const PrintfRenderOptions& opts) {
  const std::string& spec = c.spec;
  if (info.print == Print::kPercent) return "%";
  if (v.IsStack()) return RenderStack(c, v, opts);
  const KernelSymbolLookup lookup = LookupFor(v, opts.kernel_lookup, opts.user_lookup);
  if (v.IsModule()) return CFormat(spec + "s", FormatKernelModule(v.AsUnsigned(), lookup).c_str());
  if (v.IsAddress() || (v.user && info.print == Print::kUserAddr))
    return CFormat(spec + "s", FormatKernelAddress(v.AsUnsigned(), lookup).c_str());
  if (v.IsSymbol()) {
    switch (info.print) {
      case Print::kString:
      case Print::kEscapedString:
      case Print::kStack:
        return CFormat(spec + "s", FormatKernelSymbol(v.AsUnsigned(), lookup).c_str());
      default:
        break;
    }
  }
  const bool wide = v.size == 8;
  const std::string ll = wide ? "ll" : "";
  switch (info.print) {
    case Print::kSigned:
    case Print::kUnsigned:
    case Print::kDecimal: {
      if (v.IsString()) return CFormat(spec + "s", v.str.c_str());
      bool is_signed =
          info.print == Print::kSigned || (info.print == Print::kDecimal && v.is_signed);
      std::string letter = info.out;
      if (info.print == Print::kDecimal) letter = is_signed ? "i" : "u";
      if (is_signed) {
        if (wide) return CFormat(spec + ll + letter, static_cast<long long>(v.AsSigned()));
        return CFormat(spec + letter, static_cast<int>(v.AsSigned()));
      }
      if (wide) return CFormat(spec + ll + letter, static_cast<unsigned long long>(v.AsUnsigned()));
      return CFormat(spec + letter, static_cast<unsigned>(v.AsUnsigned()));
    }
    case Print::kFloat: {
      double d = v.IsString()  ? std::strtod(v.str.c_str(), nullptr)
                 : v.is_signed ? static_cast<double>(v.AsSigned())
                               : static_cast<double>(v.AsUnsigned());
      return CFormat(spec + info.out, d);
    }
    case Print::kKernelAddr:
    case Print::kUserAddr: {
      if (v.IsString()) return CFormat(spec + "s", v.str.c_str());
      uint64_t addr = v.AsUnsigned();
      std::string text;
      if (info.print == Print::kKernelAddr) {
        text = KernelAddressText(addr, opts);
      } else {
        text = opts.user_symbols ? opts.user_symbols(addr) : "";
        if (text.empty()) text = Hex(addr);
      }
      return CFormat(spec + "s", text.c_str());
    }
    case Print::kString:
    case Print::kInetAddr:
    case Print::kStack:
      return CFormat(spec + "s", v.IsString() ? v.str.c_str() : IntAsText(v).c_str());
    case Print::kEscapedString:
      return CFormat(spec + "s", Escape(v.IsString() ? v.str : IntAsText(v)).c_str());
    case Print::kEscapedChar:
      return CFormat(spec + "s", Escape(std::string(1, static_cast<char>(v.AsUnsigned()))).c_str());
    case Print::kTime:
      return CFormat(spec + "s", TimeY(v.AsSigned()).c_str());
    case Print::kTime822:
      return CFormat(spec + "s", Time822(v.AsSigned()).c_str());
    case Print::kPort:
      return CFormat(spec + "s", PortName(static_cast<uint16_t>(v.AsUnsigned())).c_str());
    case Print::kPercent:
      return "%";
  }
  return "";
}

// A '*' width or precision comes from traced data: one huge value would
// pad a single conversion with gigabytes (C itself gives up above INT_MAX).
// Bounded here, magnitude kept, so a data error costs at most this much.
int ClampDynamicWidth(int64_t v) {
  return static_cast<int>(std::clamp<int64_t>(v, -kMaxDynamicWidth, kMaxDynamicWidth));
}

std::string Render(const PrintfFormat& fmt, const std::vector<Value>& args,
                   const std::vector<PrintfAggValue>* agg_values, const PrintfRenderOptions& opts) {
  std::string out;
  size_t next = 0;
  size_t next_agg = 0;
  for (const PrintfConversion& conv : fmt.items) {
    out += conv.prefix;
    if (conv.IsLiteral()) continue;
    if (conv.IsPercent()) {
      out += '%';
      continue;
    }
    const ConvInfo* info = FindConversion(conv.name);
    if (info == nullptr) return out;
    int width = conv.width;
    int prec = conv.prec;
    // A missing argument means the record does not match the format; like
    // libdtrace we stop rather than print garbage.
    if (conv.dyn_width) {
      if (next >= args.size()) return out;
      width = ClampDynamicWidth(args[next++].AsSigned());
    }
    if (conv.dyn_prec) {
      if (next >= args.size()) return out;
      prec = ClampDynamicWidth(args[next++].AsSigned());
    }
    CSpec c;
    if (conv.alt) c.flags += '#';
    if (conv.zero_pad) c.flags += '0';
    if (width < 0 || conv.left) c.flags += '-';
    if (conv.plus) c.flags += '+';
    if (conv.group) c.flags += '\'';
    if (conv.space) c.flags += ' ';
    c.width = width;
    c.prec = prec;
    c.left = conv.left;
    c.spec = c.WithWidth(true);

    if (conv.agg) {
      if (agg_values == nullptr || agg_values->empty()) return out;
      const PrintfAggValue& a = (*agg_values)[next_agg];
      if (next_agg + 1 < agg_values->size()) ++next_agg;
      out += a.is_table ? a.table : RenderValue(*info, c, a.value, opts);
      continue;
    }
    if (next >= args.size()) return out;
    out += RenderValue(*info, c, args[next++], opts);
  }
  return out;
}

}  // namespace

std::string FormatPrintf(const PrintfFormat& fmt, const std::vector<Value>& args,
                         const PrintfRenderOptions& opts) {
  return Render(fmt, args, nullptr, opts);
}

std::string FormatPrintfWithAgg(const PrintfFormat& fmt, const std::vector<Value>& args,
                                const std::vector<PrintfAggValue>& agg_values,
                                const PrintfRenderOptions& opts) {
  return Render(fmt, args, &agg_values, opts);
}

}  // namespace dt
