#include "frontend/lexer.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "common/diagnostic.h"

namespace dt {
namespace {

// Every word D reserves, in any context.
const char* const kKeywords[] = {
    "auto",     "break",    "case",     "char",   "const",  "continue",   "counter", "default",
    "do",       "double",   "else",     "enum",   "extern", "float",      "for",     "goto",
    "if",       "import",   "inline",   "int",    "long",   "offsetof",   "probe",   "provider",
    "register", "restrict", "return",   "self",   "short",  "signed",     "sizeof",  "static",
    "string",   "stringof", "struct",   "switch", "this",   "translator", "typedef", "union",
    "unsigned", "void",     "volatile", "while",  "xlate",
};

// The largest line number a #line directive may set: the count then goes
// on for every line of the file without reaching INT_MAX.
constexpr uint64_t kMaxLineNumber = 1000000000;

bool IsKeyword(const std::string& word) {
  for (const char* k : kKeywords) {
    if (word == k) return true;
  }
  return false;
}

bool IsIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '`';
}
bool IsIdentChar(char c) { return IsIdentStart(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }
bool IsBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Characters of a probe description word; the first may not be a digit.
bool IsProbeSpecStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) ||
         (c != '\0' && std::strchr("-$:_.?*\\[]!", c) != nullptr);
}
bool IsProbeSpecChar(char c) { return IsProbeSpecStart(c) || IsDigit(c) || c == '`'; }

// The integer part of a C literal: digits with strtoull(..., 0) semantics.
struct IntScan {
  uint64_t value = 0;
  bool overflow = false;
  size_t bad_digit = std::string::npos;  // index of the first digit invalid in the base
};

IntScan ScanInteger(const std::string& digits) {
  IntScan s;
  size_t i = 0;
  unsigned base = 10;
  if (digits.size() > 1 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    i = 2;
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
    i = 1;
  }
  for (; i < digits.size(); i++) {
    char c = digits[i];
    unsigned d;
    if (IsDigit(c)) {
      d = c - '0';
    } else if (IsHexDigit(c)) {
      d = std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
    } else {
      d = 99;
    }
    if (d >= base) {
      s.bad_digit = i;
      break;
    }
    if (s.value > (UINT64_MAX - d) / base) s.overflow = true;
    s.value = s.value * base + d;
  }
  return s;
}

}  // namespace

std::string DecodeEscapes(const std::string& raw) {
  std::string out;
  for (size_t i = 0; i < raw.size(); i++) {
    char c = raw[i];
    if (c != '\\' || i + 1 >= raw.size()) {
      out += c;
      continue;
    }
    c = raw[++i];
    switch (c) {
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case '"':
      case '\\':
      case '\'':
      case '?':
        out += c;
        break;
      case 'x': {
        unsigned v = 0;
        while (i + 1 < raw.size() && IsHexDigit(raw[i + 1])) {
          char h = raw[++i];
          v = v * 16 +
              (IsDigit(h) ? h - '0' : std::tolower(static_cast<unsigned char>(h)) - 'a' + 10);
        }
        out += static_cast<char>(v);
        break;
      }
      default:
        if (c >= '0' && c <= '7') {
          unsigned v = c - '0';
          for (int n = 0; n < 2 && i + 1 < raw.size() && raw[i + 1] >= '0' && raw[i + 1] <= '7';
               n++) {
            v = v * 8 + (raw[++i] - '0');
          }
          out += static_cast<char>(v);
        } else {
          out += '\\';  // DTrace keeps an unknown escape as written
          out += c;
        }
    }
  }
  size_t nul = out.find('\0');
  if (nul != std::string::npos) out.resize(nul);
  return out;
}

Lexer::Lexer(const std::string& source, const MacroEnv& env)
    : src_(source),
      end_(std::min(source.find('\0'), source.size())),
      env_(env),
      referenced_(env.args.size(), false) {}

void Lexer::Fail(const char* tag, int line, const std::string& message) const {
  throw CompileError(tag, line, message);
}

void Lexer::FailAtNul() const {
  if (pos_ >= end_ && end_ < src_.size()) {
    Fail("D_SYNTAX", line_, "syntax error near \"\\0\": the program text contains a NUL byte");
  }
}

char Lexer::Peek(size_t ahead) const { return pos_ + ahead < end_ ? src_[pos_ + ahead] : '\0'; }

void Lexer::Rewind(const Token& token) {
  pos_ = token.offset;
  line_ = token.line;
}

std::vector<ast::PragmaOption> Lexer::TakePragmas() {
  std::vector<ast::PragmaOption> out;
  out.swap(pragmas_);
  return out;
}

bool Lexer::AtLineStart(size_t hash_pos) const {
  for (size_t i = hash_pos; i > 0; i--) {
    char c = src_[i - 1];
    if (c == '\n') return true;
    if (c != ' ' && c != '\t' && c != '\f' && c != '\v') return false;
  }
  return true;
}

void Lexer::SkipBlanksAndComments(Mode mode) {
  (void)mode;
  while (pos_ < end_) {
    char c = Peek();
    if (c == '\n') {
      line_++;
      pos_++;
    } else if (IsBlank(c)) {
      pos_++;
    } else if (c == '\\' && Peek(1) == '\n') {
      pos_ += 2;
      line_++;
    } else if (c == '/' && Peek(1) == '*') {
      pos_ += 2;
      for (;;) {
        if (pos_ >= end_) {
          FailAtNul();
          Fail("D_SYNTAX", line_, "end-of-file encountered before matching */");
        }
        if (Peek() == '*' && Peek(1) == '/') {
          pos_ += 2;
          break;
        }
        if (Peek() == '/' && Peek(1) == '*') {
          Fail("D_SYNTAX", line_, "/* encountered inside a comment");
        }
        if (Peek() == '\n') line_++;
        pos_++;
      }
    } else if (c == '/' && Peek(1) == '/') {
      while (pos_ < end_ && Peek() != '\n') pos_++;
    } else if (c == '#' && AtLineStart(pos_)) {
      if (Peek(1) == '!') {
        while (pos_ < end_ && Peek() != '\n') pos_++;
      } else {
        ControlLine();
      }
    } else {
      break;
    }
  }
}

// A line starting with '#': split it into words, strings and integers the
// way DTrace's control-line state does, then run it.
void Lexer::ControlLine() {
  int line = line_;
  pos_++;  // '#'
  std::vector<Token> words;
  for (;;) {
    char c = Peek();
    if (pos_ >= end_) {
      FailAtNul();
      Fail("D_SYNTAX", line_, "end-of-file encountered before end of control line");
    }
    if (c == '\n') {
      pos_++;
      line_++;
      break;
    }
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      pos_++;
      continue;
    }
    Token t;
    t.line = line_;
    t.offset = pos_;
    if (c == '"') {
      t = LexString(t);
    } else {
      size_t start = pos_;
      while (pos_ < end_ && !std::strchr(" \t\f\v\n\"", Peek())) pos_++;
      t.text = src_.substr(start, pos_ - start);
      t.kind = TokenKind::kIdent;
      t.value = t.text;
      // A word that is exactly an integer literal is an integer.
      size_t n = 0;
      if (IsDigit(t.text[0])) {
        if (t.text.size() > 2 && t.text[0] == '0' && (t.text[1] == 'x' || t.text[1] == 'X') &&
            IsHexDigit(t.text[2])) {
          n = 2;
          while (n < t.text.size() && IsHexDigit(t.text[n])) n++;
        } else {
          while (n < t.text.size() && IsDigit(t.text[n])) n++;
        }
        if (n < t.text.size() && (t.text[n] == 'u' || t.text[n] == 'U')) n++;
        for (int k = 0; k < 2 && n < t.text.size() && (t.text[n] == 'l' || t.text[n] == 'L'); k++)
          n++;
      }
      if (n > 0 && n == t.text.size()) {
        pos_ = start;
        Token num;
        num.line = line_;
        num.offset = start;
        t = LexNumber(num);
      }
    }
    words.push_back(t);
  }
  RunControlLine(words, line);
}

void Lexer::RunControlLine(const std::vector<Token>& words, int line) {
  enum Level { kDirective, kPragma, kDPragma };
  Level level = kDirective;
  for (size_t i = 0; i < words.size(); i++) {
    const Token& w = words[i];
    auto rest = [&](size_t k) { return words.size() - k; };
    if (w.kind == TokenKind::kInteger) {
      // "# 12 "file"" as cpp writes it: the next line is line 12.
      bool ok = rest(i) <= 3 && (rest(i) < 2 || words[i + 1].kind == TokenKind::kString) &&
                (rest(i) < 3 || words[i + 2].kind == TokenKind::kInteger) &&
                w.int_value <= kMaxLineNumber;
      if (!ok) Fail("D_PRAGMA_MALFORM", line, "malformed #line <line> [ [\"file\"] state ]");
      line_ = static_cast<int>(w.int_value);
      return;
    }
    if (w.kind != TokenKind::kIdent) Fail("D_PRAGCTL_INVAL", line, "invalid control directive");
    const std::string& name = w.value;
    if (level == kDirective && name == "pragma") {
      level = kPragma;
      continue;
    }
    if (level == kPragma && name == "D") {
      level = kDPragma;
      continue;
    }
    bool d_only =
        name == "attributes" || name == "binding" || name == "depends_on" || name == "option";
    bool anywhere = name == "error" || name == "ident" || name == "line";
    if (anywhere || (d_only && level == kDPragma)) {
      if (name == "option") {
        if (rest(i + 1) == 0 || words[i + 1].kind != TokenKind::kIdent) {
          Fail("D_PRAGMA_MALFORM", line, "malformed #pragma option <option>=<val>");
        }
        if (rest(i + 1) > 1) {
          Fail("D_PRAGMA_MALFORM", line, "superfluous arguments specified for #pragma option");
        }
        const std::string& text = words[i + 1].value;
        ast::PragmaOption opt;
        opt.line = line;
        size_t eq = text.find('=');
        opt.name = text.substr(0, eq);
        if (eq != std::string::npos) opt.value = text.substr(eq + 1);
        pragmas_.push_back(opt);
      } else if (name == "error") {
        std::string msg = "#error: ";
        for (size_t k = i + 1; k < words.size(); k++) {
          if (words[k].kind == TokenKind::kIdent || words[k].kind == TokenKind::kString) {
            msg += Excerpt(words[k].value) + " ";
          }
        }
        Fail("D_PRAGERR", line, msg);
      } else if (name == "line") {
        bool ok = rest(i + 1) >= 1 && rest(i + 1) <= 3 &&
                  words[i + 1].kind == TokenKind::kInteger &&
                  (rest(i + 1) < 2 || words[i + 2].kind == TokenKind::kString) &&
                  (rest(i + 1) < 3 || words[i + 3].kind == TokenKind::kInteger) &&
                  words[i + 1].int_value <= kMaxLineNumber;
        if (!ok) Fail("D_PRAGMA_MALFORM", line, "malformed #line <line> [ [\"file\"] state ]");
        // DTrace counts the directive's own newline after resetting the line.
        line_ = static_cast<int>(words[i + 1].int_value) + 1;
      }
      // attributes, binding, depends_on and ident have no effect here.
      return;
    }
    if (level == kDirective) {
      Fail("D_PRAGCTL_INVAL", line, "invalid control directive: #" + Excerpt(name));
    }
    if (level == kDPragma) Fail("D_PRAGMA_INVAL", line, "invalid D pragma: " + Excerpt(name));
    return;  // unknown non-D pragmas are ignored, as C compilers do
  }
}

Token Lexer::Next(Mode mode) {
  SkipBlanksAndComments(mode);
  Token t;
  t.line = line_;
  t.offset = pos_;
  if (pos_ >= end_) {
    FailAtNul();
    t.kind = TokenKind::kEof;
    return t;
  }
  char c = Peek();
  if (mode == Mode::kProgram) {
    if (IsDigit(c)) return LexNumber(t);
    if (IsProbeSpecStart(c)) return LexProgramWord(t);
    if (c == '/' || c == ',' || c == '{') {
      pos_++;
      t.kind = TokenKind::kPunct;
      t.text = std::string(1, c);
      return t;
    }
    Fail("D_SYNTAX", line_, "syntax error near \"" + Excerpt(std::string(1, c)) + "\"");
  }
  if (c == '$') return LexMacro(t);
  if (IsIdentStart(c)) {
    size_t start = pos_;
    while (pos_ < end_ && IsIdentChar(Peek())) pos_++;
    t.text = src_.substr(start, pos_ - start);
    t.kind = IsKeyword(t.text) ? TokenKind::kKeyword : TokenKind::kIdent;
    t.value = t.text;
    return t;
  }
  if (c == '@') {
    size_t start = pos_++;
    if (std::isalpha(static_cast<unsigned char>(Peek())) || Peek() == '_') {
      while (pos_ < end_ && (std::isalnum(static_cast<unsigned char>(Peek())) || Peek() == '_')) {
        pos_++;
      }
    }
    t.text = src_.substr(start, pos_ - start);
    t.kind = TokenKind::kAggregation;
    t.value = t.text.substr(1);
    return t;
  }
  if (IsDigit(c) || (c == '.' && IsDigit(Peek(1)))) return LexNumber(t);
  if (c == '"') return LexString(t);
  if (c == '\'') return LexChar(t);
  return LexPunct(t);
}

Token Lexer::LexProgramWord(Token t) {
  size_t start = pos_;
  while (pos_ < end_ && IsProbeSpecChar(Peek())) pos_++;
  t.kind = TokenKind::kProbeSpec;
  t.text = src_.substr(start, pos_ - start);
  t.value = t.text;
  return t;
}

Token Lexer::LexNumber(Token t) {
  size_t start = pos_;
  // The longest C integer literal here...
  size_t i = start;
  if (src_[i] == '0' && i + 2 <= end_ && (Peek(1) == 'x' || Peek(1) == 'X') &&
      IsHexDigit(Peek(2))) {
    i += 2;
    while (i < end_ && IsHexDigit(src_[i])) i++;
  } else {
    while (i < end_ && IsDigit(src_[i])) i++;
  }
  size_t digits_end = i;
  if (i < end_ && (src_[i] == 'u' || src_[i] == 'U')) i++;
  for (int k = 0; k < 2 && i < end_ && (src_[i] == 'l' || src_[i] == 'L'); k++) i++;
  size_t int_end = i;
  // ...against the longest floating-point literal, which D rejects.
  size_t f = start;
  while (f < end_ && IsDigit(src_[f])) f++;
  if (f < end_ && src_[f] == '.') {
    f++;
    while (f < end_ && IsDigit(src_[f])) f++;
  }
  if (f < end_ && (src_[f] == 'e' || src_[f] == 'E')) {
    size_t e = f + 1;
    if (e < end_ && (src_[e] == '+' || src_[e] == '-')) e++;
    if (e < end_ && IsDigit(src_[e])) {
      while (e < end_ && IsDigit(src_[e])) e++;
      f = e;
    }
  }
  if (f < end_ && std::strchr("fFlL", src_[f]) && src_[f] != '\0') f++;
  if (f > int_end) Fail("D_SYNTAX", t.line, "floating-point constants are not permitted");

  pos_ = int_end;
  t.kind = TokenKind::kInteger;
  t.text = src_.substr(start, int_end - start);
  IntScan scan = ScanInteger(src_.substr(start, digits_end - start));
  if (scan.overflow) {
    Fail("D_INT_OFLOW", t.line, "constant " + Excerpt(t.text) + " results in integer overflow");
  }
  if (scan.bad_digit != std::string::npos) {
    Fail("D_INT_DIGIT", t.line,
         "constant " + Excerpt(t.text) + " contains invalid digit " + t.text[scan.bad_digit]);
  }
  t.int_value = scan.value;
  t.int_decimal = t.text[0] != '0';
  for (size_t k = digits_end; k < int_end; k++) {
    if (src_[k] == 'u' || src_[k] == 'U') t.int_unsigned_suffix = true;
    if (src_[k] == 'l' || src_[k] == 'L') t.int_long_suffix++;
  }
  return t;
}

Token Lexer::LexString(Token t) {
  size_t start = pos_++;
  for (;;) {
    if (pos_ >= end_) {
      FailAtNul();
      Fail("D_SYNTAX", t.line, "syntax error near \"\"\"");
    }
    char c = Peek();
    if (c == '\n') Fail("D_STR_NL", t.line, "newline encountered in string literal");
    if (c == '"') break;
    if (c == '\\' && pos_ + 1 < end_ && Peek(1) != '\n') pos_++;
    pos_++;
  }
  pos_++;
  t.kind = TokenKind::kString;
  t.text = src_.substr(start, pos_ - start);
  t.value = DecodeEscapes(t.text.substr(1, t.text.size() - 2));
  return t;
}

Token Lexer::LexChar(Token t) {
  size_t start = pos_++;
  for (;;) {
    if (pos_ >= end_) {
      FailAtNul();
      Fail("D_SYNTAX", t.line, "syntax error near \"'\"");
    }
    char c = Peek();
    if (c == '\n') Fail("D_CHR_NL", t.line, "newline encountered in character constant");
    if (c == '\'') break;
    if (c == '\\' && pos_ + 1 < end_ && Peek(1) != '\n') pos_++;
    pos_++;
  }
  pos_++;
  t.kind = TokenKind::kInteger;
  t.text = src_.substr(start, pos_ - start);
  if (t.text.size() == 2) Fail("D_CHR_NULL", t.line, "empty character constant");
  std::string bytes = DecodeEscapes(t.text.substr(1, t.text.size() - 2));
  if (bytes.empty()) bytes = std::string(1, '\0');  // '\0'
  if (bytes.size() > 8) Fail("D_CHR_OFLOW", t.line, "character constant is too long");
  uint64_t v = 0;
  for (char b : bytes) v = (v << 8) | static_cast<unsigned char>(b);
  t.int_value = v;
  t.int_is_char = true;
  return t;
}

// Whether the "/" just consumed closes a predicate: it does when the next
// non-blank character is end of input, ';', '{' or '/'.
bool Lexer::SlashEndsPredicate() const {
  size_t i = pos_;
  while (i < end_ && IsBlank(src_[i])) i++;
  return i >= end_ || src_[i] == ';' || src_[i] == '{' || src_[i] == '/';
}

Token Lexer::LexPunct(Token t) {
  static const char* const kPuncts[] = {
      "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
      "&&",  "||",  "^^",  "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "(",
      ")",   "[",   "]",   "{",  "}",  ".",  ",",  ";",  ":",  "?",  "=",  "+",
      "-",   "*",   "/",   "%",  "&",  "|",  "^",  "~",  "!",  "<",  ">",
  };
  for (const char* p : kPuncts) {
    size_t n = std::strlen(p);
    if (src_.compare(pos_, n, p) != 0) continue;
    pos_ += n;
    t.kind = TokenKind::kPunct;
    t.text = p;
    if (t.text == "(") parens_++;
    if (t.text == "[") brackets_++;
    if (t.text == ")" && --parens_ < 0) Fail("D_SYNTAX", t.line, "extra ) in input stream");
    if (t.text == "]" && --brackets_ < 0) Fail("D_SYNTAX", t.line, "extra ] in input stream");
    if (t.text == "/" && SlashEndsPredicate()) {
      if (parens_ != 0) Fail("D_SYNTAX", t.line, "closing ) expected in predicate before /");
      if (brackets_ != 0) Fail("D_SYNTAX", t.line, "closing ] expected in predicate before /");
      t.kind = TokenKind::kEndPredicate;
    }
    return t;
  }
  Fail("D_SYNTAX", t.line, "syntax error near \"" + Excerpt(std::string(1, Peek())) + "\"");
}

// $N, $$N, $name and $$name in expression context.
Token Lexer::LexMacro(Token t) {
  size_t start = pos_;
  bool as_string = Peek(1) == '$';
  size_t name_start = pos_ + (as_string ? 2 : 1);
  size_t i = name_start;
  bool numeric = i < end_ && IsDigit(src_[i]);
  if (numeric) {
    while (i < end_ && IsDigit(src_[i])) i++;
  } else if (i < end_ && IsIdentStart(src_[i])) {
    while (i < end_ && IsIdentChar(src_[i])) i++;
  } else {
    Fail("D_SYNTAX", t.line, "syntax error near \"$\"");
  }
  pos_ = i;
  t.text = src_.substr(start, i - start);
  std::string name = src_.substr(name_start, i - name_start);

  if (numeric) {
    size_t index = name.size() > 9 ? SIZE_MAX : std::stoul(name);
    std::string value;
    if (index < env_.args.size()) {
      value = env_.args[index];
      referenced_[index] = true;
    } else if (!env_.default_args) {
      Fail("D_MACRO_UNDEF", t.line, "macro argument " + Excerpt(t.text) + " is not defined");
    } else {
      value = as_string ? "" : "0";
    }
    if (as_string) {
      t.kind = TokenKind::kString;
      t.value = DecodeEscapes(value);
      return t;
    }
    return MacroArgumentToken(t, value);
  }

  std::string value;
  auto it = env_.named.find(name);
  if (it != env_.named.end()) {
    value = it->second;
  } else if (name == "target") {
    value = "0";  // no -p or -c process
  } else {
    Fail("D_MACRO_UNDEF", t.line, "macro variable " + Excerpt(t.text) + " is not defined");
  }
  if (as_string) {
    t.kind = TokenKind::kString;
    t.value = value;
    return t;
  }
  t.kind = TokenKind::kInteger;
  t.int_value = ScanInteger(value).value;
  return t;
}

// A $N argument becomes an integer when its text is one, an identifier when
// it is one, and otherwise a string (optionally written with quotes).
Token Lexer::MacroArgumentToken(Token t, const std::string& arg) {
  std::string body = arg;
  char sign = 0;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
    sign = body[0];
    body = body.substr(1);
  }
  bool is_int = !body.empty() && IsDigit(body[0]);
  size_t digits_end = 0;
  if (is_int) {
    size_t n = 0;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
      n = 2;
      while (n < body.size() && IsHexDigit(body[n])) n++;
    } else {
      while (n < body.size() && IsDigit(body[n])) n++;
    }
    digits_end = n;
    if (n < body.size() && (body[n] == 'u' || body[n] == 'U')) n++;
    for (int k = 0; k < 2 && n < body.size() && (body[n] == 'l' || body[n] == 'L'); k++) n++;
    is_int =
        n == body.size() && ScanInteger(body.substr(0, digits_end)).bad_digit == std::string::npos;
  }
  if (is_int) {
    IntScan scan = ScanInteger(body.substr(0, digits_end));
    if (scan.overflow) {
      Fail("D_MACRO_OFLOW", t.line,
           "macro argument " + Excerpt(t.text) + " constant " + Excerpt(body) +
               " results in integer overflow");
    }
    t.kind = TokenKind::kInteger;
    t.int_value = scan.value;
    t.int_decimal = body[0] != '0';
    t.int_sign = sign;
    for (size_t k = digits_end; k < body.size(); k++) {
      if (body[k] == 'u' || body[k] == 'U') t.int_unsigned_suffix = true;
      if (body[k] == 'l' || body[k] == 'L') t.int_long_suffix++;
    }
    return t;
  }
  bool is_ident = !arg.empty() && IsIdentStart(arg[0]);
  for (char c : arg) is_ident = is_ident && IsIdentChar(c);
  if (is_ident) {
    t.kind = TokenKind::kIdent;
    t.value = arg;
    return t;
  }
  std::string s = arg;
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  t.kind = TokenKind::kString;
  t.value = DecodeEscapes(s);
  return t;
}

std::string Lexer::ExpandProbeSpec(const std::string& raw, int line) {
  auto bad = [&](const char* why) {
    Fail("D_PDESC_INVAL", line,
         "invalid probe description \"" + Excerpt(raw, kMaxQuotedProbeDesc) + "\": " + why);
  };
  std::vector<std::string> fields;
  size_t from = 0;
  for (;;) {
    size_t colon = raw.find(':', from);
    fields.push_back(raw.substr(from, colon == std::string::npos ? colon : colon - from));
    if (colon == std::string::npos) break;
    from = colon + 1;
  }
  if (fields.size() > 4) bad("Overspecified probe description");
  std::string out;
  for (size_t f = 0; f < fields.size(); f++) {
    const std::string& field = fields[f];
    if (f > 0) out += ':';
    size_t dollar = field.find('$');
    if (dollar == std::string::npos) {
      out += field;
      continue;
    }
    out += field.substr(0, dollar);
    std::string var = field.substr(dollar + 1);
    if (var.size() > 1 && var[0] == '$') var = var.substr(1);
    if (!var.empty() && IsDigit(var[0])) {
      size_t n = 0;
      while (n < var.size() && IsDigit(var[n])) n++;
      size_t index = n > 9 ? SIZE_MAX : std::stoul(var.substr(0, n));
      if (index >= env_.args.size()) bad("Undefined macro variable in probe description");
      referenced_[index] = true;
      out += env_.args[index] + var.substr(n);
    } else if (!var.empty()) {
      auto it = env_.named.find(var);
      if (it != env_.named.end()) {
        out += it->second;
      } else if (var == "target") {
        out += "0";
      } else {
        bad("Undefined macro variable in probe description");
      }
    } else {
      bad("Undefined macro variable in probe description");
    }
  }
  return out;
}

void Lexer::CheckArgumentsUsed() {
  size_t argc = env_.args.size();
  if (argc > 1 && !env_.arg_ref && !referenced_[argc - 1]) {
    Fail("D_MACRO_UNUSED", line_,
         "extraneous argument '" + Excerpt(env_.args[argc - 1]) + "' ($" +
             std::to_string(argc - 1) + " is not referenced)");
  }
}

}  // namespace dt
