// DTrace's declaration checks made while parsing: each input is refused
// with DTrace's tag, and the forms DTrace accepts still parse.
#include "frontend/decl_spec.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "frontend/parser.h"

namespace dt {
namespace {

std::string TagOf(const std::string& src) {
  try {
    ParseProgram(src, MacroEnv{});
  } catch (const CompileError& e) {
    return e.tag();
  }
  return "accepted";
}

TEST(DeclSpecRules, AttributesAgainstTypes) {
  EXPECT_EQ(TagOf("short char c;"), "D_DECL_CHARATTR");
  EXPECT_EQ(TagOf("char long c;"), "D_DECL_CHARATTR");
  EXPECT_EQ(TagOf("unsigned void v;"), "D_DECL_VOIDATTR");
  EXPECT_EQ(TagOf("signed float f;"), "D_DECL_SIGNINT");
  EXPECT_EQ(TagOf("unsigned pid_t p;"), "D_DECL_SIGNINT");
  EXPECT_EQ(TagOf("long struct s x;"), "D_DECL_LONGINT");
  EXPECT_EQ(TagOf("int char x;"), "D_DECL_COMBO");
  EXPECT_EQ(TagOf("unsigned long long int a; long double d; signed char c; short s;"), "accepted");
}

TEST(DeclSpecRules, StorageClasses) {
  EXPECT_EQ(TagOf("extern typedef int t;"), "D_DECL_CLASS");
  EXPECT_EQ(TagOf("register int r;"), "D_DECL_BADCLASS");
  EXPECT_EQ(TagOf("int a[static int];"), "D_DECL_PARMCLASS");
  EXPECT_EQ(TagOf("int a[register int];"), "accepted");
}

TEST(DeclSpecRules, DeclaratorsAndSubscripts) {
  EXPECT_EQ(TagOf("int;"), "D_DECL_USELESS");
  EXPECT_EQ(TagOf("struct s; enum e { A };"), "accepted");
  EXPECT_EQ(TagOf("int a[];"), "D_DECL_ARRNULL");
  EXPECT_EQ(TagOf("self int a[int][int];"), "D_DECL_DYNOBJ");
  EXPECT_EQ(TagOf("this int a[int];"), "D_DECL_LOCASSC");
  EXPECT_EQ(TagOf("void v[2];"), "D_DECL_VOIDOBJ");
  EXPECT_EQ(TagOf("int m`x;"), "D_DECL_SCOPE");
  EXPECT_EQ(TagOf("struct s { int; };"), "D_DECL_MNAME");
  EXPECT_EQ(TagOf("struct s { int a[string]; };"), "D_DECL_DYNOBJ");
  EXPECT_EQ(TagOf("int a[int, ...];"), "D_DECL_PROTO_VARARGS");
  EXPECT_EQ(TagOf("int a[string, void];"), "D_DECL_PROTO_TYPE");
  EXPECT_EQ(TagOf("int a[int k, int k];"), "D_DECL_PROTO_FORM");
  EXPECT_EQ(TagOf("int a[int k, string s]; int b[void *];"), "accepted");
}

}  // namespace
}  // namespace dt
