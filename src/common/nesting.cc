#include "common/nesting.h"

#include <string>

#include "common/diagnostic.h"

namespace dt {
namespace {

thread_local int g_depth = 0;

void Enter(int line) {
  if (g_depth >= kMaxNesting) {
    throw CompileError("D_NESTING", line,
                       "program too complex: constructs nested more than " +
                           std::to_string(kMaxNesting) + " levels deep");
  }
  ++g_depth;
}

}  // namespace

Nesting::Nesting(int line) {
  Enter(line);
  entered_ = 1;
}

Nesting::~Nesting() { g_depth -= entered_; }

void Nesting::Deeper(int line) {
  Enter(line);
  ++entered_;
}

int Nesting::Depth() { return g_depth; }

}  // namespace dt
