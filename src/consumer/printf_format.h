// DTrace printf() at run time: rendering a parsed format
// (format/printf_parse.h) with the values a record holds, with illumos
// libdtrace's exact semantics.
//
// Contract:
//  * FormatPrintf() renders at run time. `args` holds, in order, every value
//    the conversions consume: the '*' width, then the '.*' precision, then the
//    value, for each conversion. Integer conversions use the width and
//    signedness carried by each Value, as libdtrace uses the record size and
//    the D type: %d of a uint32_t prints unsigned, %x of an int32_t -1 prints
//    ffffffff, %p prints bare hex (no 0x). DTrace quirks kept on purpose: a
//    precision of 0 is dropped ("%.0d" == "%d"), "%-05d" zero-pads (the later
//    '0' cancels '-'), and %a/%A print the symbol from the resolver or
//    "0x<hex>" when it has none.
//  * Symbolic values (value.h): %k of a stack prints it as libdtrace's
//    pfprint_stack does (a leading "\n", one frame per line, indented by the
//    width when left-justified, each frame through "%<flags><width>s");
//    any conversion of a mod() value prints the module name through
//    "%<flags><width>s" (libdtrace's pfprint_mod); %a of a sym() value or an
//    integer prints "mod`sym+0x.."; %s of a sym() value prints "mod`sym".
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "consumer/kernel_symbol_lookup.h"
#include "consumer/value.h"
#include "format/printf_parse.h"

namespace dt {

// Symbol lookup for %a/%A: "mod`sym+0x10", or "" when unknown.
using SymbolResolver = std::function<std::string(uint64_t)>;

struct PrintfRenderOptions {
  // %a: kernel_symbols when set (text, or "" for unknown), else
  // kernel_lookup through FormatKernelAddress().
  SymbolResolver kernel_symbols;
  SymbolResolver user_symbols;  // %A
  // Stacks (%k), sym() and mod() values; also what aggregation output and
  // trace() use to print them.
  KernelSymbolLookup kernel_lookup;
  // The same for user-space values (ustack(), usym(), ...), by process.
  UserSymbolLookup user_lookup;
  // Option stackindent: the indent of stack frames outside %k.
  int stack_indent = kDefaultStackIndent;
};

// The value a %@ conversion renders in printa(): an integer, or for the
// quantize family a ready-made table that replaces the conversion.
struct PrintfAggValue {
  Value value;
  bool is_table = false;
  std::string table;
};

std::string FormatPrintf(const PrintfFormat& fmt, const std::vector<Value>& args,
                         const PrintfRenderOptions& opts = {});

// The largest '*' width or precision used: a larger one (from traced data)
// is cut to this magnitude, the sign (left justification) kept.
constexpr int64_t kMaxDynamicWidth = 65536;

// printa(): %@ conversions take agg_values in order; a %@ beyond the last
// one repeats the last (as libdtrace does).
std::string FormatPrintfWithAgg(const PrintfFormat& fmt, const std::vector<Value>& args,
                                const std::vector<PrintfAggValue>& agg_values,
                                const PrintfRenderOptions& opts = {});

}  // namespace dt
