// Preprocessing tokens for the built-in C preprocessor (dtrace -C).
//
// The lexer does translation phases 1-3 of ISO C99 on one file: it joins
// lines ending in a backslash, turns comments into white space and splits
// the text into preprocessing tokens, each with the physical line it starts
// on and whether white space came before it. Newlines are tokens, because
// directives are lines. '$' is an identifier character (as in GCC), so D's
// macro arguments ($1, $$1, $target) pass through as single identifiers;
// '@' and '`' are "other" tokens, so D's aggregation names and kernel
// symbols pass through untouched. Trigraphs and digraphs are not
// recognised (GCC's default), and an unmatched quote is an "other" token so
// that apostrophes in skipped groups are harmless; the D lexer reports any
// that reach it.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dt::pp {

enum class TokKind : unsigned char {
  kIdent,
  kNumber,  // a pp-number: 12, 0x1fUL, 997hz, 1.5e+3
  kChar,    // 'a', L'\n'
  kString,  // "text", L"text"
  kPunct,   // C's punctuators, longest match: ->, <<=, ##, ...
  kOther,   // any other single character: @ ` \ and unmatched quotes
  kNewline,
  kEof,
  kPlacemarker,  // an empty macro argument next to ## (never leaves the expander)
};

struct Token {
  TokKind kind = TokKind::kEof;
  std::string text;            // the spelling, with line splices removed
  int line = 0;                // physical line the token starts on
  int hide = 0;                // hide set (see MacroExpander); 0 is the empty set
  bool space_before = false;   // white space or a comment precedes it on its line
  bool at_line_start = false;  // first token of a source line: only such a '#' starts a directive

  bool Is(TokKind k, std::string_view spelling) const { return kind == k && text == spelling; }
  bool IsPunct(std::string_view spelling) const { return Is(TokKind::kPunct, spelling); }
  bool IsIdent(std::string_view spelling) const { return Is(TokKind::kIdent, spelling); }
};

// An error at a line of the file being preprocessed; the preprocessor adds
// the file name and the include chain.
class LocalError : public std::runtime_error {
 public:
  LocalError(int line, const std::string& message) : std::runtime_error(message), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

class Lexer {
 public:
  explicit Lexer(std::string_view text);

  // The next token; kEof forever at the end. Throws LocalError for a
  // comment that is never closed.
  Token Next();

  // Right after "#include": when the line goes on with '<', the text up to
  // the closing '>' (a header name), consumed. Otherwise nothing is consumed.
  std::optional<std::string> HeaderName();

  // The physical line of the next character.
  int line() const { return LineAt(pos_); }

 private:
  int LineAt(size_t offset) const;
  char At(size_t offset) const { return offset < text_.size() ? text_[offset] : '\0'; }
  bool SkipSpaceAndComments();                       // true if anything was skipped
  size_t QuotedEnd(size_t start, char quote) const;  // npos if unterminated on its line

  std::string text_;                 // splices removed, CR LF as LF
  std::vector<size_t> line_starts_;  // offset in text_ where each physical line starts
  size_t pos_ = 0;
  bool at_line_start_ = true;
};

// The longest C punctuator at the start of `text`, or 0.
size_t PunctuatorLength(std::string_view text);

// Whether printing `next` right after `prev` with nothing between would
// lex differently (so a space must separate them), as cpp's output does.
bool WouldPaste(const Token& prev, const Token& next);

// The spelling of a token list with single spaces where white space was.
std::string Spell(const std::vector<Token>& tokens);

}  // namespace dt::pp
