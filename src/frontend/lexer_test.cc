#include "frontend/lexer.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "frontend/ast_dump.h"
#include "frontend/parser.h"

namespace dt {
namespace {

std::vector<Token> Lex(const std::string& src, Lexer::Mode mode = Lexer::Mode::kExpr,
                       const MacroEnv& env = {}) {
  Lexer lexer(src, env);
  std::vector<Token> out;
  for (;;) {
    Token t = lexer.Next(mode);
    if (t.kind == TokenKind::kEof) return out;
    out.push_back(t);
  }
}

struct Failure {
  std::string tag;
  int line = 0;
  std::string message;
};

Failure LexError(const std::string& src, const MacroEnv& env = {}) {
  try {
    Lex(src, Lexer::Mode::kExpr, env);
  } catch (const CompileError& e) {
    return {e.tag(), e.line(), e.what()};
  }
  ADD_FAILURE() << "no error for: " << src;
  return {};
}

Failure ParseError(const std::string& src, const MacroEnv& env = {}) {
  try {
    ParseProgram(src, env);
  } catch (const CompileError& e) {
    return {e.tag(), e.line(), e.what()};
  }
  ADD_FAILURE() << "no error for: " << src;
  return {};
}

std::string Body(const std::string& stmt, const MacroEnv& env) {
  return DumpAst(ParseProgram("BEGIN { " + stmt + " }", env));
}

TEST(Lexer, KeywordsIdentifiersAndPunctuation) {
  auto t = Lex("self->x += `max_ncpus ^^ y");
  ASSERT_EQ(t.size(), 7u);
  EXPECT_EQ(t[0].kind, TokenKind::kKeyword);
  EXPECT_EQ(t[1].text, "->");
  EXPECT_EQ(t[2].kind, TokenKind::kIdent);
  EXPECT_EQ(t[3].text, "+=");
  EXPECT_EQ(t[4].value, "`max_ncpus");
  EXPECT_EQ(t[5].text, "^^");
}

TEST(Lexer, ProbeSpecWordsInProgramMode) {
  auto t = Lex("syscall::read*:entry,profile-997hz {", Lexer::Mode::kProgram);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].kind, TokenKind::kProbeSpec);
  EXPECT_EQ(t[0].text, "syscall::read*:entry");
  EXPECT_EQ(t[1].text, ",");
  EXPECT_EQ(t[2].text, "profile-997hz");
  EXPECT_EQ(t[3].text, "{");
}

TEST(Lexer, SlashEndsPredicateOnlyBeforeBraceSemicolonSlashOrEnd) {
  auto t = Lex("a / b /\n {");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[1].kind, TokenKind::kPunct);
  EXPECT_EQ(t[3].kind, TokenKind::kEndPredicate);
  EXPECT_EQ(Lex("a /")[1].kind, TokenKind::kEndPredicate);
  EXPECT_EQ(Lex("a / /* c */")[1].kind, TokenKind::kEndPredicate);
}

TEST(Lexer, LineNumbers) {
  auto t = Lex("a\n/* x\ny */ b\n\n c");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].line, 1);
  EXPECT_EQ(t[1].line, 3);
  EXPECT_EQ(t[2].line, 5);
}

TEST(Lexer, InvalidCharacter) {
  Failure f = LexError("a\n b # c");  // '#' not at the start of a line
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.message, "syntax error near \"#\"");
}

TEST(Lexer, UnterminatedStringAndChar) {
  Failure f = LexError("x = \"abc\n\";");
  EXPECT_EQ(f.tag, "D_STR_NL");
  EXPECT_EQ(f.message, "newline encountered in string literal");
  f = LexError("\nx = 'a\n';");
  EXPECT_EQ(f.tag, "D_CHR_NL");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.message, "newline encountered in character constant");
  f = LexError("x = \"abc");
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.message, "syntax error near \"\"\"");
}

TEST(Lexer, CharacterConstantErrors) {
  Failure f = LexError("x = ''");
  EXPECT_EQ(f.tag, "D_CHR_NULL");
  EXPECT_EQ(f.message, "empty character constant");
  f = LexError("x = 'abcdefghi'");
  EXPECT_EQ(f.tag, "D_CHR_OFLOW");
  EXPECT_EQ(f.message, "character constant is too long");
}

TEST(Lexer, IntegerErrors) {
  Failure f = LexError("x = 18446744073709551616");
  EXPECT_EQ(f.tag, "D_INT_OFLOW");
  EXPECT_EQ(f.message, "constant 18446744073709551616 results in integer overflow");
  f = LexError("x = 0x10000000000000000");
  EXPECT_EQ(f.tag, "D_INT_OFLOW");
  f = LexError("x = 089");
  EXPECT_EQ(f.tag, "D_INT_DIGIT");
  EXPECT_EQ(f.message, "constant 089 contains invalid digit 8");
  f = LexError("x = 1.5");
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.message, "floating-point constants are not permitted");
  EXPECT_EQ(LexError("x = 1e3").message, "floating-point constants are not permitted");
}

TEST(Lexer, CommentErrors) {
  Failure f = LexError("a /* b\n\n");
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.message, "end-of-file encountered before matching */");
  f = LexError("a /* b /* c */");
  EXPECT_EQ(f.message, "/* encountered inside a comment");
}

TEST(Lexer, UnbalancedParensAndPredicates) {
  EXPECT_EQ(LexError("a )").message, "extra ) in input stream");
  EXPECT_EQ(LexError("a ]").message, "extra ] in input stream");
  EXPECT_EQ(ParseError("BEGIN /(x/ {}").message, "closing ) expected in predicate before /");
  EXPECT_EQ(ParseError("BEGIN /a[x/ {}").message, "closing ] expected in predicate before /");
}

TEST(Macro, ArgumentsBecomeIntegersIdentifiersOrStrings) {
  MacroEnv env;
  env.args = {"prog", "42", "execname", "hello world", "\"quoted\"", "-7", "0x10"};
  EXPECT_EQ(Body("x = $1; y = $2; z = $3; w = $4; v = $5; u = $6;", env),
            "(clause (probes \"BEGIN\") (body (= x 42) (= y execname) (= z \"hello world\") "
            "(= w \"quoted\") (= v (neg 7)) (= u 0x10)))");
  env.arg_ref = true;
  EXPECT_EQ(Body("x = $$1; y = $$2; z = $0;", env),
            "(clause (probes \"BEGIN\") (body (= x \"42\") (= y \"execname\") (= z prog)))");
}

TEST(Macro, NamedVariables) {
  MacroEnv env;
  env.named = {{"pid", "100"}, {"uid", "0"}};
  EXPECT_EQ(Body("x = $pid; y = $$pid; z = $target; w = $uid;", env),
            "(clause (probes \"BEGIN\") (body (= x 100) (= y \"100\") (= z 0) (= w 0)))");
  Failure f = ParseError("BEGIN {\n x = $nosuch; }", env);
  EXPECT_EQ(f.tag, "D_MACRO_UNDEF");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.message, "macro variable $nosuch is not defined");
}

TEST(Macro, UndefinedArgument) {
  Failure f = ParseError("BEGIN\n{\n trace($1); }");
  EXPECT_EQ(f.tag, "D_MACRO_UNDEF");
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.message, "macro argument $1 is not defined");
  EXPECT_EQ(ParseError("BEGIN { trace($$2); }").message, "macro argument $$2 is not defined");
}

TEST(Macro, DefaultArgs) {
  MacroEnv env;
  env.default_args = true;
  EXPECT_EQ(Body("x = $1; y = $$1;", env), "(clause (probes \"BEGIN\") (body (= x 0) (= y \"\")))");
}

TEST(Macro, UnusedLastArgument) {
  MacroEnv env;
  env.args = {"prog", "1", "2"};
  Failure f = ParseError("BEGIN { x = $1; }\n", env);
  EXPECT_EQ(f.tag, "D_MACRO_UNUSED");
  EXPECT_EQ(f.message, "extraneous argument '2' ($2 is not referenced)");
  EXPECT_NO_THROW(ParseProgram("BEGIN { x = $2; }", env));  // only the last one is checked
  env.arg_ref = true;
  EXPECT_NO_THROW(ParseProgram("BEGIN { x = $1; }", env));
}

TEST(ParserErrors, SyntaxErrorNearToken) {
  Failure f = ParseError("BEGIN\n{\n  x = ;\n}");
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.message, "syntax error near \";\"");
  f = ParseError("BEGIN { x = 1 y = 2; }");
  EXPECT_EQ(f.message, "syntax error near \"y\"");
  f = ParseError("BEGIN { trace(\"a\" \"b\"); }");
  EXPECT_EQ(f.message, "syntax error near \"\"b\"\"");
  f = ParseError("BEGIN { x = 1;\n");
  EXPECT_EQ(f.message, "syntax error near end of input");
  EXPECT_EQ(f.line, 2);
  f = ParseError("BEGIN { } }");
  EXPECT_EQ(f.message, "syntax error near \"}\"");
}

TEST(ParserErrors, ReservedWordsAreNotIdentifiers) {
  EXPECT_EQ(ParseError("BEGIN { int = 1; }").message, "syntax error near \"int\"");
  EXPECT_EQ(ParseError("BEGIN { x = for; }").message, "syntax error near \"for\"");
  EXPECT_EQ(ParseError("BEGIN { self->string = 1; }").message, "syntax error near \"string\"");
  EXPECT_EQ(ParseError("int while;").message, "syntax error near \"while\"");
}

TEST(ParserErrors, AssignmentNeedsUnaryLeftSide) {
  EXPECT_EQ(ParseError("BEGIN { a + b = c; }").message, "syntax error near \"=\"");
  EXPECT_NO_THROW(ParseProgram("BEGIN { (a + b) = c; }", {}));
}

TEST(ParserErrors, ProbeSpecificationJunk) {
  EXPECT_EQ(ParseError("BEGIN { } ;").message, "syntax error near \";\"");
  EXPECT_EQ(ParseError("{ }").message, "syntax error near \"{\"");
  EXPECT_EQ(ParseError("BEGIN, { }").message, "syntax error near \"{\"");
}

// A NUL byte used to make the control-line lexer push empty words forever
// (2 GB of memory in 2 s). It ends the text the lexer sees, wherever it is,
// with an error at its line.
TEST(LexerNul, NulAnywhereIsASyntaxErrorAtItsLine) {
  const std::string nul(1, '\0');
  const char* kMessage = "syntax error near \"\\0\": the program text contains a NUL byte";
  for (const std::string& src :
       {"#" + nul, "# " + nul, "#pragma" + nul, "#line " + nul, "#define X" + nul, nul,
        "BEGIN" + nul + " { }", "BEGIN { trace(\"a" + nul + "b\"); }",
        "BEGIN { x = '" + nul + "'; }", "BEGIN { /* " + nul + " */ }",
        "BEGIN { x = 1" + nul + "; }", "BEGIN { x" + nul + " = 1; }", "int" + nul + " x;"}) {
    Failure f = ParseError(src);
    EXPECT_EQ(f.tag, "D_SYNTAX") << src.size();
    EXPECT_EQ(f.line, 1) << src.size();
    EXPECT_EQ(f.message, kMessage) << src.size();
  }
  EXPECT_EQ(ParseError("#pragma D option quiet\n#pr" + nul + "agma\nBEGIN { }").line, 2);
  EXPECT_EQ(ParseError("BEGIN {\n\n}\n" + nul).line, 4);
  EXPECT_EQ(ParseError("#line 100\n" + nul).line, 101);  // DTrace counts #line's own newline
}

TEST(LexerNul, NulIsReportedInExpressionAndProgramModes) {
  const std::string nul(1, '\0');
  EXPECT_EQ(LexError("a + " + nul).tag, "D_SYNTAX");
  try {
    Lex("syscall::read" + nul + ":entry", Lexer::Mode::kProgram);
    ADD_FAILURE() << "no error";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_SYNTAX");
  }
}

TEST(LexerErrors, UnprintableCharactersAreEscapedInMessages) {
  EXPECT_EQ(ParseError("BEGIN { x = 1 \x01 2; }").message, "syntax error near \"\\x01\"");
}

TEST(LexerErrors, LongTokensAreCutInMessages) {
  std::string digits(5000, '9');
  Failure f = ParseError("BEGIN { x = " + digits + "; }");
  EXPECT_EQ(f.tag, "D_INT_OFLOW");
  EXPECT_EQ(f.message, "constant " + std::string(61, '9') + "... results in integer overflow");
  f = ParseError("BEGIN { x = 0" + std::string(100, '8') + "; }");
  EXPECT_EQ(f.tag, "D_INT_DIGIT");
  EXPECT_LT(f.message.size(), 120u);
}

TEST(LexerErrors, LineNumbersStayInRange) {
  // #line cannot push the count to where the next lines would overflow int.
  EXPECT_EQ(ParseError("#line 2147483647\nBEGIN { }").tag, "D_PRAGMA_MALFORM");
  EXPECT_EQ(ParseError("# 99999999999999\nBEGIN { }").tag, "D_PRAGMA_MALFORM");
  EXPECT_EQ(ParseError("#line 1000000000\nBEGIN { ) }").line, 1000000001);
}

}  // namespace
}  // namespace dt
