#include "frontend/pp_lexer.h"

#include <gtest/gtest.h>

namespace dt::pp {
namespace {

// "kind:text@line" for each token, with '+' before tokens that have white
// space before them and '^' before those that start a line.
std::string Describe(const std::string& text) {
  static const char* const kKinds[] = {"id", "num", "chr", "str", "p", "o", "nl", "eof", "pm"};
  Lexer lexer(text);
  std::string out;
  for (Token t = lexer.Next(); t.kind != TokKind::kEof; t = lexer.Next()) {
    if (!out.empty()) out += ' ';
    if (t.at_line_start) out += '^';
    if (t.space_before) out += '+';
    out += kKinds[static_cast<int>(t.kind)];
    if (t.kind != TokKind::kNewline) out += ":" + t.text;
    out += "@" + std::to_string(t.line);
  }
  return out;
}

TEST(PpLexer, TokensOfD) {
  EXPECT_EQ(Describe("syscall::read:entry"),
            "^id:syscall@1 p::@1 p::@1 id:read@1 p::@1 id:entry@1");
  EXPECT_EQ(Describe("profile-997hz"), "^id:profile@1 p:-@1 num:997hz@1");
  EXPECT_EQ(Describe("@a[$1] = $$2;"), "^o:@@1 id:a@1 p:[@1 id:$1@1 p:]@1 +p:=@1 +id:$$2@1 p:;@1");
  EXPECT_EQ(Describe("self->x `max_pfn"), "^id:self@1 p:->@1 id:x@1 +o:`@1 id:max_pfn@1");
}

TEST(PpLexer, NumbersAndPunctuators) {
  EXPECT_EQ(Describe("1.5e+3 0x1fUL .5 x<<=2"),
            "^num:1.5e+3@1 +num:0x1fUL@1 +num:.5@1 +id:x@1 p:<<=@1 num:2@1");
  EXPECT_EQ(Describe("a...b ## #"), "^id:a@1 p:...@1 id:b@1 +p:##@1 +p:#@1");
}

TEST(PpLexer, StringsAndCharacters) {
  EXPECT_EQ(Describe("\"a\\\"b\" 'c' L\"w\" L'x'"),
            "^str:\"a\\\"b\"@1 +chr:'c'@1 +str:L\"w\"@1 +chr:L'x'@1");
  // An unmatched quote is a token by itself, the rest of the line goes on.
  EXPECT_EQ(Describe("don't stop"), "^id:don@1 o:'@1 id:t@1 +id:stop@1");
  EXPECT_EQ(Describe("\"open\nx"), "^o:\"@1 id:open@1 nl@1 ^id:x@2");
}

TEST(PpLexer, CommentsAreWhiteSpace) {
  EXPECT_EQ(Describe("a/* x */b // tail\nc"), "^id:a@1 +id:b@1 nl@1 ^id:c@2");
  // A comment over several lines does not end the logical line.
  EXPECT_EQ(Describe("a /*\n\n*/ b\nc"), "^id:a@1 +id:b@3 nl@3 ^id:c@4");
  EXPECT_EQ(Describe("\"/* not a comment */\""), "^str:\"/* not a comment */\"@1");
  try {
    Describe("x /* open\n\n");
    ADD_FAILURE() << "no error";
  } catch (const LocalError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_STREQ(e.what(), "unterminated comment");
  }
}

TEST(PpLexer, LineSplicesKeepPhysicalLines) {
  EXPECT_EQ(Describe("ab\\\ncd e\nf"), "^id:abcd@1 +id:e@2 nl@2 ^id:f@3");
  EXPECT_EQ(Describe("x\r\ny"), "^id:x@1 nl@1 ^id:y@2");
}

TEST(PpLexer, HeaderName) {
  Lexer lexer("include <sys/types.h> x\n");
  EXPECT_EQ(lexer.Next().text, "include");
  EXPECT_EQ(lexer.HeaderName(), "sys/types.h");
  EXPECT_EQ(lexer.Next().text, "x");
  Lexer quoted("include \"a.h\"\n");
  quoted.Next();
  EXPECT_EQ(quoted.HeaderName(), std::nullopt);
  EXPECT_EQ(quoted.Next().text, "\"a.h\"");
}

TEST(PpLexer, WouldPaste) {
  auto lex1 = [](const std::string& s) { return Lexer(s).Next(); };
  EXPECT_TRUE(WouldPaste(lex1("-"), lex1("-")));
  EXPECT_TRUE(WouldPaste(lex1("-"), lex1(">")));
  EXPECT_TRUE(WouldPaste(lex1("a"), lex1("b")));
  EXPECT_TRUE(WouldPaste(lex1("1e"), lex1("+")));
  EXPECT_TRUE(WouldPaste(lex1("/"), lex1("*")));
  EXPECT_TRUE(WouldPaste(lex1("."), lex1(".")));
  EXPECT_FALSE(WouldPaste(lex1("1"), lex1("-")));
  EXPECT_FALSE(WouldPaste(lex1("::"), lex1("read")));
  EXPECT_FALSE(WouldPaste(lex1("a"), lex1("(")));
  EXPECT_FALSE(WouldPaste(lex1("+"), lex1("-")));
}

}  // namespace
}  // namespace dt::pp
