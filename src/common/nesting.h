// A bound on how deeply the compiler recurses, so that no program text can
// overflow the stack.
//
// Every recursive stage of the compiler (the parser, semantic analysis, the
// code generator, AST dumps) walks nested constructs by recursion, and all
// of them share the one thread stack. Each recursive step holds a Nesting
// for as long as it is inside the construct; the depth is counted per
// thread across stages, and going past kMaxNesting is a compile error:
//   line N: program too complex: constructs nested more than 512 levels deep
// Chains that a stage builds or walks iteratively but that become deep
// trees for the later stages (1+1+1..., x[1][1]..., a, b, c) count one
// level per link, through Deeper().
#pragma once

namespace dt {

// Deep enough for what people and generators write (an `a || b || ...`
// predicate of 500 terms), and well inside the 8 MiB main-thread stack in
// every stage with AddressSanitizer's larger frames: at this depth the
// costliest construct measured (a chain of 500 [ ] on an array, in the
// analyzer) takes about 3.2 MiB under ASan and 0.6 MiB in a release build
// (tests/e2e/cases/fuzz/nesting_limits.sh runs every kind of construct at
// the limit; docs/ARCHITECTURE.md has the figures).
constexpr int kMaxNesting = 512;

class Nesting {
 public:
  // Enters one level at `line`; throws CompileError (D_NESTING) when that
  // is one too many.
  explicit Nesting(int line);
  // Enters none yet: a chain, which Deeper() grows.
  Nesting() = default;
  ~Nesting();
  Nesting(const Nesting&) = delete;
  Nesting& operator=(const Nesting&) = delete;

  // One more level until this Nesting ends: a chain grew by one link.
  void Deeper(int line);

  // Levels entered now, on this thread (for tests).
  static int Depth();

 private:
  int entered_ = 0;
};

}  // namespace dt
