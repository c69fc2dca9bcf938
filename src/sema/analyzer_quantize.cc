// The constant parameters of lquantize() and llquantize(), checked by
// DTrace's rules and with its tags and messages, so that every accepted set
// of parameters gives buckets that compute without overflow.
#include <algorithm>
#include <string>

#include "common/diagnostic.h"
#include "sema/analyzer.h"

namespace dt {

using ast::Expr;

namespace {

// DTrace's parameter names and error tags for llquantize()'s arguments.
struct LlquantizeParam {
  const char* name;
  const char* type_tag;   // not an integer constant
  const char* value_tag;  // not an unsigned 16-bit quantity
};

constexpr LlquantizeParam kLlquantizeParams[] = {
    {"factor", "D_LLQUANT_FACTORTYPE", "D_LLQUANT_FACTORVAL"},
    {"low magnitude", "D_LLQUANT_LOWTYPE", "D_LLQUANT_LOWVAL"},
    {"high magnitude", "D_LLQUANT_HIGHTYPE", "D_LLQUANT_HIGHVAL"},
    {"linear steps per magnitude", "D_LLQUANT_NSTEPTYPE", "D_LLQUANT_NSTEPVAL"},
};

}  // namespace

// lquantize(expr, base, limit[, step[, increment]]): params are base, limit
// and step (1 when omitted).
void Analyzer::LquantizeParams(ast::Stmt& stmt, int64_t params[4]) {
  auto constant = [&](size_t i, const char* type_tag) {
    Expr& arg = *stmt.agg_args[i];
    std::optional<int64_t> v = FoldedValue(arg);
    if (!v) {
      throw CompileError(
          type_tag, arg.line,
          "lquantize( ) argument #" + std::to_string(i) + " must be an integer constant");
    }
    return *v;
  };
  int64_t base = constant(1, "D_LQUANT_BASETYPE");
  if (base < INT32_MIN || base > INT32_MAX) {
    throw CompileError("D_LQUANT_BASEVAL", stmt.agg_args[1]->line,
                       "lquantize( ) argument #1 must be a 32-bit quantity");
  }
  int64_t limit = constant(2, "D_LQUANT_LIMTYPE");
  if (limit < INT32_MIN || limit > INT32_MAX) {
    throw CompileError("D_LQUANT_LIMVAL", stmt.agg_args[2]->line,
                       "lquantize( ) argument #2 must be a 32-bit quantity");
  }
  if (limit < base) {
    throw CompileError("D_LQUANT_MISMATCH", stmt.line,
                       "lquantize( ) base (argument #1) must be less than limit (argument #2)");
  }
  int64_t step = 1;
  if (stmt.agg_args.size() > 3) {
    std::optional<int64_t> v = FoldedValue(*stmt.agg_args[3]);
    if (!v || *v <= 0) {
      throw CompileError("D_LQUANT_STEPTYPE", stmt.agg_args[3]->line,
                         "lquantize( ) argument #3 must be a non-zero positive integer constant");
    }
    if (*v > UINT16_MAX) {
      throw CompileError("D_LQUANT_STEPVAL", stmt.agg_args[3]->line,
                         "lquantize( ) argument #3 must be a 16-bit quantity");
    }
    step = *v;
  }
  int64_t levels = (limit - base) / step;  // both 32-bit: no overflow
  if (levels == 0) {
    throw CompileError("D_LQUANT_STEPLARGE", stmt.line,
                       "lquantize( ) step (argument #3) too large: must have at least one "
                       "quantization level");
  }
  if (levels > UINT16_MAX) {
    throw CompileError("D_LQUANT_STEPSMALL", stmt.line,
                       "lquantize( ) step (argument #3) too small: number of quantization "
                       "levels must be a 16-bit quantity");
  }
  params[0] = base;
  params[1] = limit;
  params[2] = step;
}

// llquantize(expr, factor, low, high, nsteps[, increment]).
void Analyzer::LlquantizeParams(ast::Stmt& stmt, int64_t params[4]) {
  for (int i = 0; i < 4; ++i) {
    const LlquantizeParam& p = kLlquantizeParams[i];
    Expr& arg = *stmt.agg_args[i + 1];
    std::string which = "llquantize( ) argument #" + std::to_string(i + 1) + " (" + p.name + ")";
    std::optional<int64_t> v = FoldedValue(arg);
    if (!v) throw CompileError(p.type_tag, arg.line, which + " must be an integer constant");
    if (static_cast<uint64_t>(*v) > UINT16_MAX) {
      throw CompileError(p.value_tag, arg.line, which + " must be an unsigned 16-bit quantity");
    }
    params[i] = *v;
  }
  const uint64_t factor = params[0], low = params[1], high = params[2], nsteps = params[3];
  if (factor < 2) {
    throw CompileError("D_LLQUANT_FACTORSMALL", stmt.line,
                       "llquantize( ) factor (argument #1) must be two or more");
  }
  if (low >= high) {
    throw CompileError("D_LLQUANT_MAGRANGE", stmt.line,
                       "llquantize( ) high magnitude (argument #3) must be greater than low "
                       "magnitude (argument #2)");
  }
  if (nsteps < factor) {
    throw CompileError("D_LLQUANT_FACTORNSTEPS", stmt.line,
                       "llquantize( ) factor (argument #1) must be less than or equal to the "
                       "number of linear steps per magnitude (argument #4)");
  }
  uint64_t power = factor;  // the first power of the factor >= nsteps: < 2^32
  while (power < nsteps) power *= factor;
  if (nsteps % factor != 0 || power % nsteps != 0) {
    throw CompileError("D_LLQUANT_FACTOREVEN", stmt.line,
                       "llquantize( ) factor (argument #1) must evenly divide the number of steps "
                       "per magnitude (argument #4), and the number of steps per magnitude must "
                       "evenly divide a power of the factor");
  }
  // DTrace requires factor^(high + 2) to fit in 64 bits, so the top bucket,
  // factor^(high + 1), and every step below it fit in a signed 64-bit value.
  uint64_t order = 1;
  for (uint64_t i = 0; i <= high + 1; ++i) {
    if (__builtin_mul_overflow(order, factor, &order)) {
      throw CompileError("D_LLQUANT_MAGTOOBIG", stmt.line,
                         "llquantize( ) factor (" + std::to_string(factor) +
                             ") raised to power of high magnitude (" + std::to_string(high) +
                             ") plus 1 overflows 64-bits");
    }
  }
}

void Analyzer::CheckQuantizeMatch(const ast::Stmt& stmt, const int64_t previous[4],
                                  const int64_t current[4]) {
  auto mismatch = [&](const char* tag, const std::string& what, int64_t expected, int64_t found) {
    throw CompileError(tag, stmt.line,
                       what + " doesn't match previous declaration: expected " +
                           std::to_string(expected) + ", found " + std::to_string(found));
  };
  if (stmt.agg_func == "lquantize") {
    // The limit compares as the top of the last whole step, as DTrace keeps it.
    auto top = [](const int64_t p[4]) { return p[0] + (p[1] - p[0]) / p[2] * p[2]; };
    if (previous[0] != current[0])
      mismatch("D_LQUANT_MATCHBASE", "lquantize( ) base (argument #1)", previous[0], current[0]);
    if (top(previous) != top(current))
      mismatch("D_LQUANT_MATCHLIM", "lquantize( ) limit (argument #2)", top(previous),
               top(current));
    if (previous[2] != current[2])
      mismatch("D_LQUANT_MATCHSTEP", "lquantize( ) step (argument #3)", previous[2], current[2]);
    return;
  }
  if (stmt.agg_func != "llquantize" || std::equal(previous, previous + 4, current)) return;
  static const char* const kTags[] = {"D_LLQUANT_FACTORMATCH", "D_LLQUANT_LOWMATCH",
                                      "D_LLQUANT_HIGHMATCH", "D_LLQUANT_NSTEPMATCH"};
  int i = 0;
  while (i < 3 && previous[i] == current[i]) ++i;
  mismatch(kTags[i],
           "llquantize( ) " + std::string(kLlquantizeParams[i].name) + " (argument #" +
               std::to_string(i + 1) + ")",
           previous[i], current[i]);
}

}  // namespace dt
