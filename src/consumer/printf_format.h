// DTrace printf(): format parsing, compile-time argument checking and
// run-time rendering, with illumos libdtrace's exact semantics.
//
// Contract:
//  * ParsePrintfFormat() splits a format into conversions. Malformed
//    conversions throw CompileError with DTrace's text ("format conversion #2
//    is undefined: %z"); illumos reports these without an error tag, so the
//    tag is "". Only the conversions of DTrace's table exist: %hhd, %zd, %jd
//    and %td are undefined in DTrace and are here too.
//  * CheckPrintfArgs() validates the D types of the arguments against the
//    conversions and throws CompileError with D_PRINTF_* tags and DTrace's
//    messages (without the trailing newline dtrace(1) prints).
//  * FormatPrintf() renders at run time. `args` holds, in order, every value
//    the conversions consume: the '*' width, then the '.*' precision, then the
//    value, for each conversion. Integer conversions use the width and
//    signedness carried by each Value, as libdtrace uses the record size and
//    the D type: %d of a uint32_t prints unsigned, %x of an int32_t -1 prints
//    ffffffff, %p prints bare hex (no 0x). DTrace quirks kept on purpose: a
//    precision of 0 is dropped ("%.0d" == "%d"), "%-05d" zero-pads (the later
//    '0' cancels '-'), %e/%f/%g need a floating-point argument at compile time
//    (D has none, so they are rejected like dtrace does), and %a/%A print the
//    symbol from the resolver or "0x<hex>" when it has none.
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

namespace dt {

// What the checker needs to know about the D type of one argument.
struct ArgClass {
  enum class Kind { kInt, kPointer, kString, kFloat, kStack };
  Kind kind = Kind::kInt;
  int size = 8;  // bytes, for kInt and kFloat
  bool is_signed = true;
  // The type as D names it in messages ("int", "uint64_t", "char *",
  // "string"). Empty: derived from kind/size/signedness.
  std::string type_name;

  static ArgClass Int(int size, bool is_signed, std::string name = "");
  static ArgClass Pointer(std::string name = "void *");
  static ArgClass String(std::string name = "string");
  std::string TypeName() const;
};

// One '%' item of a format, or the literal text after the last one.
struct PrintfConversion {
  std::string prefix;      // literal text printed before this conversion
  std::string name;        // DTrace conversion name: "d", "lld", "hx", "%", ...
                           // empty: a trailing literal with no conversion
  bool alt = false;        // '#'
  bool zero_pad = false;   // '0'
  bool left = false;       // '-'
  bool plus = false;       // '+'
  bool space = false;      // ' '
  bool group = false;      // '\''
  bool agg = false;        // '@': takes the aggregation value (printa only)
  bool dyn_width = false;  // '*': consumes an int argument for the width
  bool dyn_prec = false;   // '.*': consumes an int argument for the precision
  int width = 0;
  int prec = 0;

  bool IsLiteral() const { return name.empty(); }
  bool IsPercent() const { return name == "%"; }
  // Arguments taken from the argument list: dynamic width and precision,
  // then the value itself unless the conversion is %% or %@.
  int ArgsConsumed() const;
};

struct PrintfFormat {
  std::string text;
  std::vector<PrintfConversion> items;

  bool HasAggConversion() const;
  int ArgsConsumed() const;
};

// line is used only for the CompileError position.
PrintfFormat ParsePrintfFormat(const std::string& fmt, int line = 0);

struct PrintfCheckContext {
  std::string func = "printf";  // printf, printa, sprintf, system, freopen...
  bool aggregation = false;     // printa(): %@ allowed, args are the key types
  bool agg_is_count = false;    // printa() of count(): %@ is uint64_t
  bool exact_len = true;        // printf(): surplus arguments are an error
  int first_arg_number = 2;     // "argument #N" of args[0]
};

// printf() by default; for printa() pass {"printa", true, is_count, false, 2}
// with the aggregation's key types as args.
void CheckPrintfArgs(const PrintfFormat& fmt, const std::vector<ArgClass>& args, int line,
                     const PrintfCheckContext& ctx = {});

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
