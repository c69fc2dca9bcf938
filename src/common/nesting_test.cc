#include "common/nesting.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <vector>

#include "common/diagnostic.h"

namespace dt {
namespace {

// Recurses `levels` deep, holding a Nesting at each level.
void Recurse(int levels, int line) {
  if (levels == 0) return;
  Nesting nesting(line);
  Recurse(levels - 1, line + 1);
}

TEST(Nesting, UpToTheLimitIsAllowed) {
  EXPECT_NO_THROW(Recurse(kMaxNesting, 1));
  EXPECT_EQ(Nesting::Depth(), 0);
}

TEST(Nesting, OneLevelTooManyIsACompileErrorAtThatLine) {
  try {
    Recurse(kMaxNesting + 1, 1);
    FAIL() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_NESTING");
    EXPECT_EQ(e.line(), kMaxNesting + 1);
    EXPECT_STREQ(e.what(), "program too complex: constructs nested more than 512 levels deep");
  }
  EXPECT_EQ(Nesting::Depth(), 0);  // unwinding gave every level back
}

TEST(Nesting, ChainsCountALevelPerLinkUntilTheyEnd) {
  {
    Nesting chain;
    EXPECT_EQ(Nesting::Depth(), 0);
    chain.Deeper(1);
    chain.Deeper(1);
    EXPECT_EQ(Nesting::Depth(), 2);
  }
  EXPECT_EQ(Nesting::Depth(), 0);
  Nesting chain;
  for (int i = 0; i < kMaxNesting; i++) chain.Deeper(7);
  EXPECT_THROW(chain.Deeper(8), CompileError);
  EXPECT_EQ(Nesting::Depth(), kMaxNesting);
}

}  // namespace
}  // namespace dt
