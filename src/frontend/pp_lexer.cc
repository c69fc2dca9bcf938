#include "frontend/pp_lexer.h"

#include <algorithm>
#include <array>

namespace dt::pp {
namespace {

bool IsIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }
bool IsHorizontalSpace(char c) {
  return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

// Longest first, so the first match is the longest.
constexpr std::array<std::string_view, 48> kPunctuators = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&",  "||",  "*=",  "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "[",
    "]",   "(",   ")",   "{",  "}",  ".",  "&",  "*",  "+",  "-",  "~",  "!",
    "/",   "%",   "<",   ">",  "^",  "|",  "?",  ":",  ";",  "=",  ",",  "#"};

}  // namespace

size_t PunctuatorLength(std::string_view text) {
  for (std::string_view p : kPunctuators) {
    if (text.substr(0, p.size()) == p) return p.size();
  }
  return 0;
}

Lexer::Lexer(std::string_view text) {
  text_.reserve(text.size());
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;  // a line splice: the next physical line continues this one
      line_starts_.push_back(text_.size());
    } else if (c == '\\' && i + 2 < text.size() && text[i + 1] == '\r' && text[i + 2] == '\n') {
      i += 2;
      line_starts_.push_back(text_.size());
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      continue;
    } else {
      text_ += c;
      if (c == '\n') line_starts_.push_back(text_.size());
    }
  }
}

int Lexer::LineAt(size_t offset) const {
  return static_cast<int>(std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) -
                          line_starts_.begin());
}

bool Lexer::SkipSpaceAndComments() {
  size_t start = pos_;
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (IsHorizontalSpace(c)) {
      ++pos_;
    } else if (c == '/' && At(pos_ + 1) == '*') {
      size_t end = text_.find("*/", pos_ + 2);
      if (end == std::string::npos) throw LocalError(LineAt(pos_), "unterminated comment");
      pos_ = end + 2;
    } else if (c == '/' && At(pos_ + 1) == '/') {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
  return pos_ != start;
}

size_t Lexer::QuotedEnd(size_t start, char quote) const {
  for (size_t i = start + 1; i < text_.size(); ++i) {
    char c = text_[i];
    if (c == '\n') return std::string::npos;
    if (c == quote) return i + 1;
    if (c == '\\') ++i;  // splices are gone, so this never skips a newline
  }
  return std::string::npos;
}

Token Lexer::Next() {
  Token t;
  t.space_before = SkipSpaceAndComments();
  t.at_line_start = at_line_start_;
  t.line = LineAt(pos_);
  if (pos_ >= text_.size()) {
    t.kind = TokKind::kEof;
    return t;
  }
  size_t start = pos_;
  char c = text_[pos_];
  if (c == '\n') {
    ++pos_;
    at_line_start_ = true;
    t.kind = TokKind::kNewline;
    t.space_before = false;
    t.text = "\n";
    return t;
  }
  at_line_start_ = false;

  size_t quote_at = std::string::npos;
  if (IsIdentStart(c)) {
    while (pos_ < text_.size() && IsIdentChar(text_[pos_])) ++pos_;
    std::string_view word(text_.data() + start, pos_ - start);
    char next = At(pos_);
    bool prefix = word == "L" || word == "u" || word == "U" || word == "u8";
    if (prefix && (next == '\'' || (next == '"'))) {
      quote_at = pos_;
    } else {
      t.kind = TokKind::kIdent;
    }
  } else if (IsDigit(c) || (c == '.' && IsDigit(At(pos_ + 1)))) {
    ++pos_;
    while (pos_ < text_.size()) {
      char d = text_[pos_];
      char prev = text_[pos_ - 1];
      if ((d == '+' || d == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
        ++pos_;
      } else if (IsIdentChar(d) || d == '.') {
        ++pos_;
      } else {
        break;
      }
    }
    t.kind = TokKind::kNumber;
  } else if (c == '\'' || c == '"') {
    quote_at = pos_;
  } else if (size_t n = PunctuatorLength(std::string_view(text_).substr(pos_)); n > 0) {
    pos_ += n;
    t.kind = TokKind::kPunct;
  } else {
    ++pos_;
    t.kind = TokKind::kOther;
  }

  if (quote_at != std::string::npos) {
    char quote = text_[quote_at];
    size_t end = QuotedEnd(quote_at, quote);
    if (end == std::string::npos) {
      // An unmatched quote is a token by itself; a prefix before it is a word.
      t.kind = quote_at != start ? TokKind::kIdent : TokKind::kOther;
      pos_ = quote_at != start ? quote_at : quote_at + 1;
    } else {
      pos_ = end;
      t.kind = quote == '"' ? TokKind::kString : TokKind::kChar;
    }
  }
  t.text.assign(text_, start, pos_ - start);
  return t;
}

std::optional<std::string> Lexer::HeaderName() {
  size_t saved = pos_;
  SkipSpaceAndComments();
  if (At(pos_) == '<') {
    size_t end = text_.find_first_of(">\n", pos_ + 1);
    if (end != std::string::npos && text_[end] == '>') {
      std::string name = text_.substr(pos_ + 1, end - pos_ - 1);
      pos_ = end + 1;
      return name;
    }
  }
  pos_ = saved;
  return std::nullopt;
}

bool WouldPaste(const Token& prev, const Token& next) {
  if (prev.text.empty() || next.text.empty()) return false;
  char first = next.text[0];
  switch (prev.kind) {
    case TokKind::kIdent:
      return next.kind == TokKind::kIdent || next.kind == TokKind::kNumber ||
             next.kind == TokKind::kChar || next.kind == TokKind::kString;
    case TokKind::kNumber: {
      char last = prev.text.back();
      bool exponent = last == 'e' || last == 'E' || last == 'p' || last == 'P';
      return next.kind == TokKind::kIdent || next.kind == TokKind::kNumber || first == '.' ||
             (exponent && (first == '+' || first == '-'));
    }
    case TokKind::kPunct: {
      if (prev.text == "." && (first == '.' || next.kind == TokKind::kNumber)) return true;
      if (prev.text == "/" && (first == '/' || first == '*')) return true;
      if (next.kind != TokKind::kPunct) return false;
      std::string joined = prev.text + next.text;
      return PunctuatorLength(joined) > prev.text.size();
    }
    default:
      return false;
  }
}

std::string Spell(const std::vector<Token>& tokens) {
  std::string out;
  for (const Token& t : tokens) {
    if (!out.empty() && t.space_before) out += ' ';
    out += t.text;
  }
  return out;
}

}  // namespace dt::pp
