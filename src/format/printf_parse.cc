// Parsing and compile-time checking of printf()-style formats, following
// libdtrace's dt_printf_create() and dt_printf_validate().
#include "format/printf_parse.h"

#include <cctype>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "common/diagnostic.h"
#include "format/printf_table.h"

namespace dt {

using printf_internal::Check;
using printf_internal::ConvInfo;
using printf_internal::FindConversion;

ArgClass ArgClass::Int(int size, bool is_signed, std::string name) {
  ArgClass a;
  a.kind = Kind::kInt;
  a.size = size;
  a.is_signed = is_signed;
  a.type_name = std::move(name);
  return a;
}

ArgClass ArgClass::Pointer(std::string name) {
  ArgClass a;
  a.kind = Kind::kPointer;
  a.is_signed = false;
  a.type_name = std::move(name);
  return a;
}

ArgClass ArgClass::String(std::string name) {
  ArgClass a;
  a.kind = Kind::kString;
  a.size = 0;
  a.is_signed = false;
  a.type_name = std::move(name);
  return a;
}

std::string ArgClass::TypeName() const {
  if (!type_name.empty()) return type_name;
  switch (kind) {
    case Kind::kPointer:
      return "void *";
    case Kind::kString:
      return "string";
    case Kind::kStack:
      return "stack";
    case Kind::kFloat:
      return size == 4 ? "float" : size == 8 ? "double" : "long double";
    case Kind::kInt:
      break;
  }
  const char* base = size == 1 ? "char" : size == 2 ? "short" : size == 4 ? "int" : "long";
  return is_signed ? base : std::string("unsigned ") + base;
}

int PrintfConversion::ArgsConsumed() const {
  if (IsLiteral() || IsPercent()) return 0;
  return (dyn_width ? 1 : 0) + (dyn_prec ? 1 : 0) + (agg ? 0 : 1);
}

bool PrintfFormat::HasAggConversion() const {
  for (const PrintfConversion& c : items) {
    if (c.agg && !c.IsLiteral()) return true;
  }
  return false;
}

int PrintfFormat::ArgsConsumed() const {
  int n = 0;
  for (const PrintfConversion& c : items) n += c.ArgsConsumed();
  return n;
}

namespace {

[[noreturn]] void FormatError(int line, size_t conv_number, const std::string& what) {
  throw CompileError("", line, "format conversion #" + std::to_string(conv_number) + " " + what);
}

// Reads the flags, width, precision and name of the conversion whose '%' is
// at fmt[pos]; returns the index of the conversion's last character.
size_t ParseConversion(const std::string& fmt, size_t pos, size_t conv_number, int line,
                       PrintfConversion* conv) {
  auto at = [&](size_t i) { return i < fmt.size() ? fmt[i] : '\0'; };
  int digits = 0;
  int dot = 0;
  std::string name;
  size_t p = pos;
  for (;;) {
    const char c = at(++p);
    switch (c) {
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':  // NOLINT
      case '5':
      case '6':
      case '7':
      case '8':
      case '9': {
        if (dot == 0 && digits == 0 && c == '0') {
          conv->zero_pad = true;
          conv->left = false;
          continue;
        }
        long n = 0;
        while (std::isdigit(static_cast<unsigned char>(at(p)))) {
          n = n * 10 + (at(p) - '0');
          if (n > INT_MAX) n = INT_MAX;
          ++p;
        }
        --p;
        (dot ? conv->prec : conv->width) = static_cast<int>(n);
        ++digits;
        continue;
      }
      case '#':
        conv->alt = true;
        continue;
      case '*': {
        bool& flag = dot ? conv->dyn_prec : conv->dyn_width;
        // libdtrace names the precision here whichever '*' repeats.
        if (flag)
          FormatError(line, conv_number,
                      "has more than one '*' specified for the output "
                      "precision");
        flag = true;
        continue;
      }
      case '+':
        conv->plus = true;
        continue;
      case '-':
        conv->left = true;
        conv->zero_pad = false;
        continue;
      case '.':
        if (dot++ != 0) FormatError(line, conv_number, "has more than one '.' specified");
        digits = 0;
        continue;
      case '?':
        conv->width = 16;  // LP64 pointer width
        continue;
      case '@':
        conv->agg = true;
        continue;
      case '\'':
        conv->group = true;
        continue;
      case ' ':
        conv->space = true;
        continue;
      case '$':
        FormatError(line, conv_number, "uses unsupported positional format (%n$)");
      case '%':
        if (at(p - 1) == '%') {
          name += c;
          break;
        }
        FormatError(line, conv_number, "cannot be combined with other format flags: %%");
      case '\0':
        FormatError(line, conv_number, "name expected before end of format string");
      case 'h':
      case 'l':
      case 'L':
      case 'w':  // NOLINT
        if (name.size() < 6) name += c;
        continue;
      default:
        name += c;
        break;
    }
    break;
  }
  if (FindConversion(name) == nullptr) FormatError(line, conv_number, "is undefined: %" + name);
  conv->name = name;
  return p;
}

bool IsInt(const ArgClass& a) { return a.kind == ArgClass::Kind::kInt; }

bool ArgFits(const ConvInfo& info, const ArgClass& a) {
  using K = ArgClass::Kind;
  switch (info.check) {
    case Check::kUserAddr:
      // usym(), ufunc(), umod(), uaddr() values carry their process.
      if (a.kind == K::kStack && a.type_name == "_usymaddr") return true;
      return a.kind == K::kPointer || IsInt(a);
    case Check::kKernelAddr:
    case Check::kAddr:
      return a.kind == K::kPointer || IsInt(a);
    case Check::kCharShortInt:
      return IsInt(a) && a.size <= 4;
    case Check::kAnyInt:
    case Check::kDecimalInt:
      return IsInt(a);
    case Check::kFloat:
      return a.kind == K::kFloat && (info.size == 0 || a.size == info.size);
    case Check::kExactInt:
      return IsInt(a) && a.size == info.size && a.is_signed == info.is_signed;
    case Check::kSizedInt:
      return IsInt(a) && a.size == info.size;
    case Check::kString:
      return a.kind == K::kString;
    case Check::kWideString:
      return false;
    case Check::kStack:
      return a.kind == K::kStack;
    case Check::kTime:
      return IsInt(a) && a.size == 8;
    case Check::kNone:
      return true;
  }
  return false;
}

}  // namespace

PrintfFormat ParsePrintfFormat(const std::string& fmt, int line) {
  PrintfFormat out;
  out.text = fmt;
  size_t q = 0;
  for (size_t p; (p = fmt.find('%', q)) != std::string::npos;) {
    PrintfConversion conv;
    conv.prefix = fmt.substr(q, p - q);
    const size_t last = ParseConversion(fmt, p, out.items.size() + 1, line, &conv);
    out.items.push_back(std::move(conv));
    q = last + 1;
  }
  if (q < fmt.size() || fmt.empty()) {
    PrintfConversion tail;
    tail.prefix = fmt.substr(q);
    out.items.push_back(std::move(tail));
  }
  return out;
}

void CheckPrintfArgs(const PrintfFormat& fmt, const std::vector<ArgClass>& args, int line,
                     const PrintfCheckContext& ctx) {
  const std::string& func = ctx.func;
  if (fmt.text.empty())
    throw CompileError("D_PRINTF_FMT_EMPTY", line, func + "( ) format string is empty");

  const ArgClass agg_arg =
      ctx.agg_is_count ? ArgClass::Int(8, false, "uint64_t") : ArgClass::Int(8, true, "int64_t");
  size_t next = 0;  // index into args
  for (size_t i = 0; i < fmt.items.size(); ++i) {
    const PrintfConversion& conv = fmt.items[i];
    if (conv.IsLiteral() || conv.IsPercent()) continue;
    const ConvInfo& info = *FindConversion(conv.name);
    const std::string conv_no = std::to_string(i + 1);

    std::vector<const char*> dyns;
    if (conv.dyn_width) dyns.push_back("*");
    if (conv.dyn_prec) dyns.push_back(".*");
    for (const char* dyn : dyns) {
      if (next >= args.size()) {
        throw CompileError("D_PRINTF_DYN_PROTO", line,
                           func + "( ) prototype mismatch: conversion #" + conv_no + " (%" +
                               conv.name + ") is missing a corresponding \"" + dyn + "\" argument");
      }
      if (!IsInt(args[next])) {
        throw CompileError("D_PRINTF_DYN_TYPE", line,
                           func + "( ) argument #" + std::to_string(next + ctx.first_arg_number) +
                               " is incompatible with conversion #" + conv_no +
                               " prototype:\n\tconversion: % " + dyn + " " + conv.name +
                               "\n\t prototype: int\n\t  argument: " + args[next].TypeName());
      }
      ++next;
    }

    const ArgClass* value;
    std::string vname;
    if (conv.agg) {
      if (!ctx.aggregation) {
        throw CompileError(
            "D_PRINTF_AGG_CONV", line,
            "%@ conversion requires an aggregation and is not for use with " + func + "( )");
      }
      vname = "aggregating action";
      value = &agg_arg;
    } else if (next >= args.size()) {
      throw CompileError("D_PRINTF_ARG_PROTO", line,
                         func + "( ) prototype mismatch: conversion #" + conv_no + " (%" +
                             conv.name + ") is missing a corresponding value argument");
    } else {
      vname = "argument #" + std::to_string(next + ctx.first_arg_number);
      value = &args[next++];
    }
    if (!ArgFits(info, *value)) {
      throw CompileError("D_PRINTF_ARG_TYPE", line,
                         func + "( ) " + vname + " is incompatible with conversion #" + conv_no +
                             " prototype:\n\tconversion: %" + conv.name + "\n\t prototype: " +
                             info.prototype + "\n\t  argument: " + value->TypeName());
    }
  }
  if (ctx.exact_len && next < args.size()) {
    throw CompileError("D_PRINTF_ARG_EXTRA", line,
                       func + "( ) prototype mismatch: only " + std::to_string(next) +
                           " arguments required by this format string");
  }
}

}  // namespace dt
