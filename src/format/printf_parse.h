// DTrace printf() formats at compile time: parsing a format into its
// conversions and checking the D types of the arguments against them, with
// illumos libdtrace's exact semantics. Sema checks printf(), printa() and
// system() with this; the code generator and the consumer parse the
// formats they carry (the consumer renders them: consumer/printf_format.h).
//
// Contract:
//  * ParsePrintfFormat() splits a format into conversions. Malformed
//    conversions throw CompileError with DTrace's text ("format conversion #2
//    is undefined: %z"); illumos reports these without an error tag, so the
//    tag is "". Only the conversions of DTrace's table (format/printf_table.h)
//    exist: %hhd, %zd, %jd and %td are undefined in DTrace and are here too.
//  * CheckPrintfArgs() validates the D types of the arguments against the
//    conversions and throws CompileError with D_PRINTF_* tags and DTrace's
//    messages (without the trailing newline dtrace(1) prints). %e/%f/%g need
//    a floating-point argument, which D has none of, so they are rejected as
//    dtrace rejects them.
#pragma once

#include <string>
#include <vector>

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

}  // namespace dt
