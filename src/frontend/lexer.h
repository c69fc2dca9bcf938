// The D lexer: source text to tokens, with DTrace's two lexical contexts.
//
// At the outer level of a program (Mode::kProgram) words are probe
// descriptions such as "syscall::read*:entry" or "profile-997hz", and only
// "/", "," and "{" are punctuation. Inside declarations, predicates and
// action bodies (Mode::kExpr) the text is C-like tokens. The parser picks
// the mode for each token it asks for.
//
// The lexer also does what DTrace does at lexing time: it expands macro
// variables ($1, $$1, $pid, $target...) in expressions and in probe
// descriptions, executes control lines (#pragma D option, #line, ...;
// options are handed to the parser via TakePragmas), decides whether "/"
// ends a predicate, and reports lexical errors as dt::CompileError with
// DTrace's tags and messages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/parser.h"

namespace dt {

enum class TokenKind {
  kEof,
  kIdent,         // name in `value`; also a $N macro whose text is an identifier
  kKeyword,       // a reserved word; the word is `text`
  kAggregation,   // @name: `value` is "name", "" for a bare @
  kInteger,       // see the int_ fields
  kString,        // `value` is the decoded string
  kProbeSpec,     // kProgram mode only: a raw probe description word (no macros expanded)
  kPunct,         // operator or punctuation; the spelling is `text`
  kEndPredicate,  // a "/" that closes a predicate (DTrace decides by lookahead)
};

struct Token {
  TokenKind kind = TokenKind::kEof;
  std::string text;   // the source spelling, used in "syntax error near" messages
  std::string value;  // identifier / aggregation name, decoded string
  int line = 1;
  size_t offset = 0;  // where the token starts in the source

  uint64_t int_value = 0;
  bool int_unsigned_suffix = false;
  int int_long_suffix = 0;
  bool int_decimal = true;
  bool int_is_char = false;
  char int_sign = 0;  // '-' or '+' when a macro argument such as "-5" was expanded
};

class Lexer {
 public:
  enum class Mode { kProgram, kExpr };

  Lexer(const std::string& source, const MacroEnv& env);

  Token Next(Mode mode);

  // Continues lexing from the start of `token` (used when a word at the outer
  // level turns out to begin a declaration rather than a probe description).
  void Rewind(const Token& token);

  // The probe description `raw` with its macro variables expanded, as
  // dtrace_xstr2desc does; throws D_PDESC_INVAL on a bad variable or more
  // than four fields.
  std::string ExpandProbeSpec(const std::string& raw, int line);

  // #pragma D option lines seen so far, in order; clears the list.
  std::vector<ast::PragmaOption> TakePragmas();

  // Throws D_MACRO_UNUSED if the last macro argument was never referenced.
  void CheckArgumentsUsed();

  int line() const { return line_; }

 private:
  [[noreturn]] void Fail(const char* tag, int line, const std::string& message) const;
  // Throws D_SYNTAX when lexing has reached a NUL byte (which ends the text
  // the lexer sees, so no loop can run past it); returns otherwise.
  void FailAtNul() const;
  char Peek(size_t ahead = 0) const;
  void SkipBlanksAndComments(Mode mode);
  bool AtLineStart(size_t hash_pos) const;
  void ControlLine();
  void RunControlLine(const std::vector<Token>& words, int line);
  Token LexNumber(Token t);
  Token LexString(Token t);
  Token LexChar(Token t);
  Token LexMacro(Token t);
  Token LexPunct(Token t);
  Token LexProgramWord(Token t);
  Token MacroArgumentToken(Token t, const std::string& arg_text);
  bool SlashEndsPredicate() const;

  const std::string& src_;
  size_t end_;  // the first NUL byte, or the end of src_
  const MacroEnv& env_;
  size_t pos_ = 0;
  int line_ = 1;
  int parens_ = 0;
  int brackets_ = 0;
  std::vector<bool> referenced_;
  std::vector<ast::PragmaOption> pragmas_;
};

// Decodes C escapes the way DTrace does; the result stops at an embedded NUL.
std::string DecodeEscapes(const std::string& raw);

}  // namespace dt
