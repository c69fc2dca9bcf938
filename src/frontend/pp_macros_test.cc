// Macro expansion: object-like and function-like macros, # and ##,
// variadic macros, rescanning and the "painted blue" rule. Several cases
// follow the worked examples of C99 6.10.3.5 with names of our own.
#include "frontend/pp_macros.h"

#include <gtest/gtest.h>

#include "frontend/pp_test_util.h"

namespace dt {
namespace {

using pp_test::Expand;

TEST(PpMacros, ObjectLike) {
  EXPECT_EQ(Expand("#define N 42\nx = N;\n"), "x = 42 ;");
  EXPECT_EQ(Expand("#define EMPTY\na EMPTY b\n"), "a b");
  EXPECT_EQ(Expand("#define A B\n#define B C\nA\n"), "C");
}

TEST(PpMacros, FunctionLike) {
  EXPECT_EQ(Expand("#define SQ(x) ((x) * (x))\nSQ(a + 1)\n"), "( ( a + 1 ) * ( a + 1 ) )");
  // Only parentheses protect commas.
  EXPECT_EQ(Expand("#define F(a, b) b a\nF((1, 2), [3 4])\n"), "[ 3 4 ] ( 1 , 2 )");
  EXPECT_EQ(Expand("#define F(a, b) b a\nF((1, 2), [3, 4])\n"),
            "ERROR: x.d:2: error: macro \"F\" passed 3 arguments, but takes just 2\n");
  EXPECT_EQ(Expand("#define F() done\nF()\n"), "done");
  EXPECT_EQ(Expand("#define F(x) <x>\nF()\n"), "< >");
}

TEST(PpMacros, FunctionLikeNameWithoutParenthesisIsNotAnInvocation) {
  EXPECT_EQ(Expand("#define F(x) x\nF + F\n"), "F + F");
  // The '(' may be on a later line.
  EXPECT_EQ(Expand("#define F(x) [x]\nF\n(1)\n"), "[ 1 ]");
  // A directive line ends the search for it.
  EXPECT_EQ(Expand("#define F(x) [x]\nF\n#define G 1\n(G)\n"), "F / ( 1 )");
}

TEST(PpMacros, ArgumentsMaySpanLines) {
  EXPECT_EQ(Expand("#define ADD(a, b) a + b\nADD(1,\n  2)\nz\n"), "1 + 2 / z");
}

TEST(PpMacros, ArgumentCountErrors) {
  EXPECT_EQ(Expand("#define F(a, b) a\nF(1)\n"),
            "ERROR: x.d:2: error: macro \"F\" requires 2 arguments, but only 1 given\n");
  EXPECT_EQ(Expand("#define F(a) a\nF(1, 2)\n"),
            "ERROR: x.d:2: error: macro \"F\" passed 2 arguments, but takes just 1\n");
  EXPECT_EQ(Expand("#define F() 1\nF(x)\n"),
            "ERROR: x.d:2: error: macro \"F\" passed 1 arguments, but takes just 0\n");
  EXPECT_EQ(Expand("#define F(a) a\nF(1, (2\n"),
            "ERROR: x.d:2: error: unterminated argument list invoking macro \"F\"\n");
}

TEST(PpMacros, Stringizing) {
  EXPECT_EQ(Expand("#define S(x) #x\nS(  a   +  b  )\n"), "\"a + b\"");
  EXPECT_EQ(Expand("#define S(x) #x\nS(\"q\\n\" '\\'')\n"), "\"\\\"q\\\\n\\\" '\\\\''\"");
  EXPECT_EQ(Expand("#define S(x) #x\nS()\n"), "\"\"");
  // The argument is not expanded first.
  EXPECT_EQ(Expand("#define N 4\n#define S(x) #x\nS(N)\n"), "\"N\"");
  // ... unless another macro level stands between.
  EXPECT_EQ(Expand("#define N 4\n#define S(x) #x\n#define XS(x) S(x)\nXS(N)\n"), "\"4\"");
}

TEST(PpMacros, Pasting) {
  EXPECT_EQ(Expand("#define CAT(a, b) a ## b\nCAT(x, y) CAT(1, 2) CAT(<, <=)\n"), "xy 12 <<=");
  // Empty arguments are placemarkers.
  EXPECT_EQ(Expand("#define CAT(a, b) a ## b\n[CAT(, 5)] [CAT(6, )] [CAT(, )]\n"),
            "[ 5 ] [ 6 ] [ ]");
  // The pasted result is rescanned.
  EXPECT_EQ(Expand("#define CAT(a, b) a ## b\n#define xy done\nCAT(x, y)\n"), "done");
  // An object-like macro's ## pastes too; its # is an ordinary token.
  EXPECT_EQ(Expand("#define HH # ## #\n#define Q HH\nQ\n"), "##");
  EXPECT_EQ(Expand("#define CAT(a, b) a ## b\nCAT(+, /)\n"),
            "ERROR: x.d:2: error: pasting \"+\" and \"/\" does not give a valid preprocessing "
            "token\n");
}

TEST(PpMacros, DefinitionErrors) {
  EXPECT_EQ(Expand("#define\n"), "ERROR: x.d:1: error: no macro name given in #define directive\n");
  EXPECT_EQ(Expand("#define 3 x\n"), "ERROR: x.d:1: error: macro names must be identifiers\n");
  EXPECT_EQ(Expand("#define defined 1\n"),
            "ERROR: x.d:1: error: \"defined\" cannot be used as a macro name\n");
  EXPECT_EQ(Expand("#define F(a, a) a\n"),
            "ERROR: x.d:1: error: duplicate macro parameter \"a\"\n");
  EXPECT_EQ(Expand("#define F(a b) a\n"),
            "ERROR: x.d:1: error: expected ',' or ')', found \"b\"\n");
  EXPECT_EQ(Expand("#define F(a\n"), "ERROR: x.d:1: error: missing ')' in macro parameter list\n");
  EXPECT_EQ(Expand("#define F(+) 1\n"),
            "ERROR: x.d:1: error: expected parameter name, found \"+\"\n");
  EXPECT_EQ(Expand("#define F(a) #b\n"),
            "ERROR: x.d:1: error: '#' is not followed by a macro parameter\n");
  EXPECT_EQ(Expand("#define F(a) ## a\n"),
            "ERROR: x.d:1: error: '##' cannot appear at either end of a macro expansion\n");
  EXPECT_EQ(Expand("#define G ## x\n"),
            "ERROR: x.d:1: error: '##' cannot appear at either end of a macro expansion\n");
}

TEST(PpMacros, RedefinitionWarnsOnlyWhenDifferent) {
  pp_test::Run same = pp_test::Preprocess("#define A 1 + 2\n#define A 1 + 2\nA\n");
  EXPECT_EQ(same.diagnostics, "");
  pp_test::Run spaced = pp_test::Preprocess("#define A 1 + 2\n#define A 1+2\nA\n");
  EXPECT_EQ(spaced.diagnostics, "x.d:2: warning: \"A\" redefined\n");
  EXPECT_EQ(pp_test::Tokens(spaced.text), "1 + 2");
}

TEST(PpMacros, Variadic) {
  EXPECT_EQ(Expand("#define P(fmt, ...) printf(fmt, __VA_ARGS__)\nP(\"%d %d\", a, b);\n"),
            "printf ( \"%d %d\" , a , b ) ;");
  EXPECT_EQ(Expand("#define S(...) #__VA_ARGS__\nS(a,b,  c)\n"), "\"a,b, c\"");
  EXPECT_EQ(Expand("#define V(...) [__VA_ARGS__]\nV()\n"), "[ ]");
  // GCC's comma elision.
  EXPECT_EQ(Expand("#define P(fmt, ...) f(fmt, ## __VA_ARGS__)\nP(x) P(x, y, z)\n"),
            "f ( x ) f ( x , y , z )");
  EXPECT_EQ(Expand("#define F(a, ...) a\nF()\n"), "");
}

TEST(PpMacros, RecursionStopsAtThePaintedName) {
  // A macro's own name in its expansion is not expanded again, ever.
  EXPECT_EQ(Expand("#define foo foo + 1\nfoo\n"), "foo + 1");
  EXPECT_EQ(Expand("#define a b\n#define b a\na b\n"), "a b");
  EXPECT_EQ(Expand("#define f(x) x + f(x)\nf(2)\n"), "2 + f ( 2 )");
  // Painted tokens stay unexpandable when passed through another macro.
  EXPECT_EQ(Expand("#define ID(x) x\n#define r ID(r)\nr ID(r)\n"), "r r");
}

// C99 6.10.3.5 EXAMPLE 3, with our own names: redefinition between uses,
// rescanning into the following text, nested and empty arguments.
TEST(PpMacros, StandardExampleOfRescanning) {
  const std::string defs =
      "#define v 3\n"
      "#define f(a) f(v * (a))\n"
      "#undef v\n"
      "#define v 2\n"
      "#define g f\n"
      "#define z z[0]\n"
      "#define h g(~\n"
      "#define m(a) a(w)\n"
      "#define w 0,1\n"
      "#define t(a) a\n"
      "#define p() int\n"
      "#define q(x) x\n"
      "#define r(x,y) x ## y\n"
      "#define str(x) # x\n";
  EXPECT_EQ(Expand(defs + "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n"),
            "f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) "
            ";");
  EXPECT_EQ(Expand(defs + "g(v+(3,4)-w) | h 5) & m\n(f)^m(m);\n"),
            "f ( 2 * ( 2 + ( 3 , 4 ) - 0 , 1 ) ) | f ( 2 * ( ~ 5 ) ) & f ( 2 * ( 0 , 1 ) ) / ^ m ( "
            "0 , 1 ) ;");
  EXPECT_EQ(Expand(defs + "p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n"),
            "int i [ ] = { 1 , 23 , 4 , 5 , } ;");
  EXPECT_EQ(Expand(defs + "char c[2][6] = { str(hello), str() };\n"),
            "char c [ 2 ] [ 6 ] = { \"hello\" , \"\" } ;");
}

// C99 6.10.3.5 EXAMPLE 4: # and ## with an extra level of indirection.
TEST(PpMacros, StandardExampleOfStringizingAndPasting) {
  const std::string defs =
      "#define str(s) # s\n"
      "#define xstr(s) str(s)\n"
      "#define debug(s, t) printf(\"x\" # s \"= %d, x\" # t \"= %s\", \\\n"
      "                      x ## s, x ## t)\n"
      "#define INCFILE(n) vers ## n\n"
      "#define glue(a, b) a ## b\n"
      "#define xglue(a, b) glue(a, b)\n"
      "#define HIGHLOW \"hello\"\n"
      "#define LOW LOW \", world\"\n";
  EXPECT_EQ(Expand(defs + "debug(1, 2);\n"),
            "printf ( \"x\" \"1\" \"= %d, x\" \"2\" \"= %s\" , x1 , x2 ) ;");
  EXPECT_EQ(Expand(defs + "fputs(str(strncmp(\"abc\\0d\", \"abc\", '\\4') // this goes away\n"
                          "  == 0) str(: @\\n), s);\n"),
            "fputs ( \"strncmp(\\\"abc\\\\0d\\\", \\\"abc\\\", '\\\\4') == 0\" / \": @\\n\" , s ) "
            ";");
  EXPECT_EQ(Expand(defs + "xstr(INCFILE(2).h)\n"), "\"vers2.h\"");
  EXPECT_EQ(Expand(defs + "glue(HIGH, LOW);\nxglue(HIGH, LOW)\n"),
            "\"hello\" ; / \"hello\" \", world\"");
}

// C99 6.10.3.5 EXAMPLE 7: variadic macros.
TEST(PpMacros, StandardExampleOfVariadicMacros) {
  const std::string defs =
      "#define debug(...) fprintf(stderr, __VA_ARGS__)\n"
      "#define showlist(...) puts(#__VA_ARGS__)\n"
      "#define report(test, ...) ((test)?puts(#test):\\\n"
      "  printf(__VA_ARGS__))\n";
  EXPECT_EQ(Expand(defs + "debug(\"Flag\");\n"), "fprintf ( stderr , \"Flag\" ) ;");
  EXPECT_EQ(Expand(defs + "debug(\"X = %d\\n\", x);\n"),
            "fprintf ( stderr , \"X = %d\\n\" , x ) ;");
  EXPECT_EQ(Expand(defs + "showlist(The first, second, and third items.);\n"),
            "puts ( \"The first, second, and third items.\" ) ;");
  EXPECT_EQ(Expand(defs + "report(x>y, \"x is %d but y is %d\", x, y);\n"),
            "( ( x > y ) ? puts ( \"x>y\" ) : printf ( \"x is %d but y is %d\" , x , y ) ) ;");
}

TEST(PpMacros, ExpansionIsBounded) {
  // Each level doubles the text: 2^40 tokens if nothing stopped it.
  std::string bomb = "#define L0 x x\n";
  for (int i = 1; i <= 40; ++i) {
    bomb += "#define L" + std::to_string(i) + " L" + std::to_string(i - 1) + " L" +
            std::to_string(i - 1) + "\n";
  }
  bomb += "L40\n";
  PreprocessorOptions options;
  options.max_tokens = 100000;
  std::string result = Expand(bomb, options);
  EXPECT_EQ(result.substr(0, 43), "ERROR: x.d:42: error: macro expansion of \"L");
  EXPECT_NE(result.find("exceeds the limit of 100000 tokens"), std::string::npos) << result;

  // Invocations nested in arguments are bounded too.
  std::string nested = "#define F(x) x\n";
  for (int i = 0; i < 1000; ++i) nested += "F(";
  nested += "1";
  for (int i = 0; i < 1000; ++i) nested += ")";
  EXPECT_EQ(Expand(nested + "\n"),
            "ERROR: x.d:2: error: macro invocations nested more than 200 deep in arguments\n");
}

TEST(PpMacros, BuiltinMacros) {
  EXPECT_EQ(Expand("a __LINE__\n\nb __LINE__ __FILE__\n"), "a 1 / b 3 \"x.d\"");
  EXPECT_EQ(Expand("#define L __LINE__\nL\n#line 100\nL\n"), "2 / 100");
  // "Mmm dd yyyy" and "hh:mm:ss" of the moment given (in local time).
  std::string when = Expand("__DATE__ __TIME__\n");
  ASSERT_EQ(when.size(), 24u) << when;
  EXPECT_EQ(when.substr(7, 6), " 1971\"") << when;
  EXPECT_EQ(when[17], ':') << when;
}

}  // namespace
}  // namespace dt
