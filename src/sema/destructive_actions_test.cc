// Which actions need -w (sema/destructive_actions.h), and how sema checks
// the arguments of the destructive actions and ftruncate().
#include "sema/destructive_actions.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

// "[TAG] line N: message" of the error in a BEGIN clause's body, or "".
std::string Error(const std::string& body) {
  try {
    AnalyzeSource("BEGIN {\n" + body + "\n}");
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

bool NeedsW(const std::string& body) {
  return AnalyzeSource("BEGIN {\n" + body + "\n}")->info.destructive;
}

TEST(DestructiveActionsTest, TheGuidesListAndFreopen) {
  for (const char* f : {"stop", "raise", "copyout", "copyoutstr", "system", "freopen", "breakpoint",
                        "panic", "chill"})
    EXPECT_TRUE(IsDestructiveAction(f)) << f;
  for (const char* f : {"ftruncate", "trace", "printf", "exit", "copyin", "setopt", "speculate"})
    EXPECT_FALSE(IsDestructiveAction(f)) << f;
}

TEST(DestructiveActionsTest, AProgramUsingOneNeedsW) {
  EXPECT_TRUE(NeedsW("chill(10);"));
  EXPECT_TRUE(NeedsW("copyout(\"ab\", 16, 2);"));
  EXPECT_TRUE(NeedsW("copyoutstr(\"ab\", 16, 3);"));
  EXPECT_TRUE(NeedsW("freopen(\"/tmp/%d\", 1);"));
  EXPECT_TRUE(NeedsW("breakpoint();"));
  EXPECT_TRUE(NeedsW("panic();"));
  EXPECT_TRUE(NeedsW("if (1) { stop(); }"));
  EXPECT_FALSE(NeedsW("ftruncate();"));
  EXPECT_FALSE(NeedsW("trace(1); exit(0);"));
}

TEST(DestructiveActionsTest, ArgumentsAsDTracesPrototypes) {
  EXPECT_EQ(Error("chill(10); copyout(\"x\", 16, 1); copyoutstr(\"y\", 8, 2);"), "");
  EXPECT_EQ(Error("copyout(copyin(16, 4), 32, 4); copyout((char *)arg0, 32, 4);"), "");
  EXPECT_EQ(Error("chill(\"x\");"),
            "[D_PROTO_ARG] line 2: chill( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: int\n\t argument: string");
  EXPECT_EQ(Error("copyout(1, 2, 3);"),
            "[D_PROTO_ARG] line 2: copyout( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: void *\n\t argument: int");
  EXPECT_EQ(Error("copyoutstr(1, 2, 3);"),
            "[D_PROTO_ARG] line 2: copyoutstr( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: string\n\t argument: int");
  EXPECT_EQ(Error("copyoutstr(\"a\", \"b\", 3);"),
            "[D_PROTO_ARG] line 2: copyoutstr( ) argument #2 is incompatible with prototype:\n"
            "\tprototype: uintptr_t\n\t argument: string");
  EXPECT_EQ(Error("copyout(\"a\", 2);"),
            "[D_PROTO_LEN] line 2: copyout( ) prototype mismatch: 2 args passed, 3 expected");
  EXPECT_EQ(Error("panic(1);"),
            "[D_PROTO_LEN] line 2: panic( ) prototype mismatch: 1 arg passed, 0 expected");
  EXPECT_EQ(Error("x = chill(1);"),
            "[D_CG_EXPR] line 2: tracing function chill( ) may not be called from a D "
            "expression (D program context required)");
}

TEST(DestructiveActionsTest, FreopenTakesAPrintfFormat) {
  EXPECT_EQ(Error("freopen(\"%s.%d\", \"f\", 2); freopen(\"\");"), "");
  EXPECT_EQ(Error("x = \"f\"; freopen(x);"),
            "[D_PRINTF_ARG_FMT] line 2: freopen( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: string constant\n\t argument: string");
}

TEST(DestructiveActionsTest, NoneMayFollowSpeculate) {
  for (const char* action : {"chill(1)", "copyout(\"a\", 16, 1)", "freopen(\"f\")", "panic()",
                             "breakpoint()", "copyoutstr(\"a\", 16, 2)"}) {
    EXPECT_EQ(Error(std::string("speculate(speculation()); ") + action + ";"),
              "[D_ACT_SPEC] line 2: destructive actions may not follow speculate( )")
        << action;
  }
}

}  // namespace
}  // namespace dt
