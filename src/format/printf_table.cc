#include "format/printf_table.h"

#include <iterator>

namespace dt::printf_internal {
namespace {

constexpr char kXint[] = "char, short, int, long, or long long";
constexpr char kCsi[] = "char, short, or int";
constexpr char kFp[] = "float, double, or long double";
constexpr char kAddrProto[] = "pointer or integer";
constexpr char kUaddr[] = "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
constexpr char kCstr[] = "char [] or string (or use stringof)";
constexpr char kWstr[] = "wchar_t []";

constexpr ConvInfo kTable[] = {
    {"a", "s", kAddrProto, Check::kKernelAddr, Print::kKernelAddr, 0, false},
    {"A", "s", kUaddr, Check::kUserAddr, Print::kUserAddr, 0, false},
    {"c", "c", kCsi, Check::kCharShortInt, Print::kSigned, 0, false},
    {"C", "s", kCsi, Check::kCharShortInt, Print::kEscapedChar, 0, false},
    {"d", "d", kXint, Check::kDecimalInt, Print::kDecimal, 0, false},
    {"e", "e", kFp, Check::kFloat, Print::kFloat, 0, false},
    {"E", "E", kFp, Check::kFloat, Print::kFloat, 0, false},
    {"f", "f", kFp, Check::kFloat, Print::kFloat, 0, false},
    {"g", "g", kFp, Check::kFloat, Print::kFloat, 0, false},
    {"G", "G", kFp, Check::kFloat, Print::kFloat, 0, false},
    {"hd", "d", "short", Check::kExactInt, Print::kSigned, 2, true},
    {"hi", "i", "short", Check::kExactInt, Print::kSigned, 2, true},
    {"ho", "o", "unsigned short", Check::kExactInt, Print::kUnsigned, 2, false},
    {"hu", "u", "unsigned short", Check::kExactInt, Print::kUnsigned, 2, false},
    {"hx", "x", "short", Check::kSizedInt, Print::kUnsigned, 2, false},
    {"hX", "X", "short", Check::kSizedInt, Print::kUnsigned, 2, false},
    {"i", "i", kXint, Check::kAnyInt, Print::kSigned, 0, false},
    {"I", "s", kCstr, Check::kString, Print::kInetAddr, 0, false},
    {"k", "s", "stack", Check::kStack, Print::kStack, 0, false},
    {"lc", "c", "int", Check::kExactInt, Print::kSigned, 4, true},
    {"ld", "d", "long", Check::kExactInt, Print::kSigned, 8, true},
    {"li", "i", "long", Check::kExactInt, Print::kSigned, 8, true},
    {"lo", "o", "unsigned long", Check::kExactInt, Print::kUnsigned, 8, false},
    {"lu", "u", "unsigned long", Check::kExactInt, Print::kUnsigned, 8, false},
    {"ls", "s", kWstr, Check::kWideString, Print::kString, 0, false},
    {"lx", "x", "long", Check::kSizedInt, Print::kUnsigned, 8, false},
    {"lX", "X", "long", Check::kSizedInt, Print::kUnsigned, 8, false},
    {"lld", "d", "long long", Check::kExactInt, Print::kSigned, 8, true},
    {"lli", "i", "long long", Check::kExactInt, Print::kSigned, 8, true},
    {"llo", "o", "unsigned long long", Check::kExactInt, Print::kUnsigned, 8, false},
    {"llu", "u", "unsigned long long", Check::kExactInt, Print::kUnsigned, 8, false},
    {"llx", "x", "long long", Check::kSizedInt, Print::kUnsigned, 8, false},
    {"llX", "X", "long long", Check::kSizedInt, Print::kUnsigned, 8, false},
    {"Le", "e", "long double", Check::kFloat, Print::kFloat, 16, false},
    {"LE", "E", "long double", Check::kFloat, Print::kFloat, 16, false},
    {"Lf", "f", "long double", Check::kFloat, Print::kFloat, 16, false},
    {"Lg", "g", "long double", Check::kFloat, Print::kFloat, 16, false},
    {"LG", "G", "long double", Check::kFloat, Print::kFloat, 16, false},
    {"o", "o", kXint, Check::kAnyInt, Print::kUnsigned, 0, false},
    {"p", "x", kAddrProto, Check::kAddr, Print::kUnsigned, 0, false},
    {"P", "s", "uint16_t", Check::kExactInt, Print::kPort, 2, false},
    {"s", "s", kCstr, Check::kString, Print::kString, 0, false},
    {"S", "s", kCstr, Check::kString, Print::kEscapedString, 0, false},
    {"T", "s", "int64_t", Check::kTime, Print::kTime822, 0, false},
    {"u", "u", kXint, Check::kAnyInt, Print::kUnsigned, 0, false},
    {"wc", "c", "int", Check::kExactInt, Print::kSigned, 4, true},
    {"ws", "s", kWstr, Check::kWideString, Print::kString, 0, false},
    {"x", "x", kXint, Check::kAnyInt, Print::kUnsigned, 0, false},
    {"X", "X", kXint, Check::kAnyInt, Print::kUnsigned, 0, false},
    {"Y", "s", "int64_t", Check::kTime, Print::kTime, 0, false},
    {"%", "%", "void", Check::kNone, Print::kPercent, 0, false},
};

}  // namespace

const ConvInfo* FindConversion(const std::string& name) {
  for (const ConvInfo& c : kTable) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

}  // namespace dt::printf_internal
