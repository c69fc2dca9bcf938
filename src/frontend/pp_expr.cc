#include "frontend/pp_expr.h"

#include <cctype>
#include <limits>

namespace dt::pp {
namespace {

constexpr int kMaxNesting = 512;  // parser frames: two or three per parenthesis
constexpr uint64_t kSignBit = uint64_t{1} << 63;

int64_t AsSigned(uint64_t bits) { return static_cast<int64_t>(bits); }

IntValue Signed(int64_t v) { return {static_cast<uint64_t>(v), false}; }
IntValue Bool(bool b) { return {b ? 1u : 0u, false}; }

int DigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

bool IsValidIntegerSuffix(const std::string& s) {
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const char* const kSuffixes[] = {"", "u", "l", "ul", "lu", "ll", "ull", "llu"};
  bool known = false;
  for (const char* k : kSuffixes) known = known || lower == k;
  // "lL" and "Ll" are not suffixes: the two letters of ll have one case.
  return known && s.find("lL") == std::string::npos && s.find("Ll") == std::string::npos;
}

// Precedence of a binary operator (higher binds tighter), or 0.
int Precedence(const Token& t) {
  if (t.kind != TokKind::kPunct) return 0;
  static const struct {
    const char* op;
    int prec;
  } kOps[] = {{"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4},  {"&", 5},  {"==", 6},
              {"!=", 6}, {"<", 7},  {">", 7}, {"<=", 7}, {">=", 7}, {"<<", 8},
              {">>", 8}, {"+", 9},  {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10}};
  for (const auto& o : kOps) {
    if (t.text == o.op) return o.prec;
  }
  return 0;
}

bool StartsOperand(const Token& t) {
  return t.kind == TokKind::kNumber || t.kind == TokKind::kIdent || t.kind == TokKind::kChar ||
         t.IsPunct("(") || t.IsPunct("+") || t.IsPunct("-") || t.IsPunct("~") || t.IsPunct("!");
}

uint64_t ShiftLeft(uint64_t bits, uint64_t count) { return count >= 64 ? 0 : bits << count; }

uint64_t ShiftRight(IntValue v, uint64_t count) {
  bool negative = !v.is_unsigned && (v.bits & kSignBit) != 0;
  if (count >= 64) return negative ? ~uint64_t{0} : 0;
  if (!negative) return v.bits >> count;
  return ~(~v.bits >> count);  // arithmetic shift, without relying on >> of a negative
}

// The shift of `lhs` by `count` in the direction `left`; a negative signed
// count shifts the other way.
IntValue Shift(IntValue lhs, IntValue count, bool left) {
  uint64_t n = count.bits;
  if (!count.is_unsigned && (count.bits & kSignBit) != 0) {
    left = !left;
    n = 0 - count.bits;  // the magnitude; INTMAX_MIN stays huge, which is what it should be
  }
  return {left ? ShiftLeft(lhs.bits, n) : ShiftRight(lhs, n), lhs.is_unsigned};
}

class ExpressionParser {
 public:
  ExpressionParser(const std::vector<Token>& tokens, const std::string& directive, int line)
      : tokens_(tokens), directive_(directive), line_(line) {}

  IntValue Parse() {
    if (tokens_.empty()) Fail(directive_ + " with no expression");
    IntValue v = Comma(true);
    if (pos_ < tokens_.size()) {
      const Token& t = tokens_[pos_];
      if (t.IsPunct(")")) Fail("missing '(' in expression");
      if (t.IsPunct(":")) Fail("':' without preceding '?'");
      if (StartsOperand(t)) Fail("missing binary operator before token \"" + t.text + "\"");
      Fail("token \"" + t.text + "\" is not valid in preprocessor expressions");
    }
    return v;
  }

 private:
  [[noreturn]] void Fail(const std::string& message) const { throw LocalError(line_, message); }

  const Token* Peek() const { return pos_ < tokens_.size() ? &tokens_[pos_] : nullptr; }
  bool Accept(const char* punct) {
    if (pos_ < tokens_.size() && tokens_[pos_].IsPunct(punct)) {
      ++pos_;
      return true;
    }
    return false;
  }

  struct DepthGuard {
    explicit DepthGuard(ExpressionParser& p) : parser(p) {
      if (++parser.depth_ > kMaxNesting) parser.Fail("#if expression nested too deeply");
    }
    ~DepthGuard() { --parser.depth_; }
    ExpressionParser& parser;
  };

  IntValue Comma(bool eval) {
    IntValue v = Conditional(eval);
    while (Accept(",")) v = Conditional(eval);
    return v;
  }

  IntValue Conditional(bool eval) {
    DepthGuard guard(*this);
    IntValue cond = Binary(1, eval);
    if (!Accept("?")) return cond;
    bool take_first = cond.bits != 0;
    IntValue first = Comma(eval && take_first);
    if (!Accept(":")) Fail("'?' without following ':'");
    IntValue second = Conditional(eval && !take_first);
    IntValue result = take_first ? first : second;
    result.is_unsigned = first.is_unsigned || second.is_unsigned;
    return result;
  }

  IntValue Binary(int min_prec, bool eval) {
    IntValue lhs = Unary(eval);
    for (;;) {
      const Token* op = Peek();
      int prec = op ? Precedence(*op) : 0;
      if (prec == 0 || prec < min_prec) return lhs;
      ++pos_;
      std::string name = op->text;
      bool rhs_eval = eval;
      if (name == "&&") rhs_eval = eval && lhs.bits != 0;
      if (name == "||") rhs_eval = eval && lhs.bits == 0;
      if (Peek() == nullptr) Fail("operator '" + name + "' has no right operand");
      IntValue rhs = Binary(prec + 1, rhs_eval);
      lhs = Apply(name, lhs, rhs, eval);
    }
  }

  IntValue Unary(bool eval) {
    DepthGuard guard(*this);
    const Token* t = Peek();
    if (t == nullptr) Fail(directive_ + " with no expression");
    const Token& tok = *t;
    ++pos_;
    switch (tok.kind) {
      case TokKind::kNumber:
        return IntegerConstant(tok, line_);
      case TokKind::kChar:
        return CharacterConstant(tok, line_);
      case TokKind::kIdent:
        return Signed(0);
      case TokKind::kPunct:
        break;
      default:
        Fail("token \"" + tok.text + "\" is not valid in preprocessor expressions");
    }
    const std::string& op = tok.text;
    if (op == "(") {
      if (Peek() != nullptr && Peek()->IsPunct(")")) Fail("missing expression between '(' and ')'");
      IntValue v = Comma(eval);
      if (!Accept(")")) Fail("missing ')' in expression");
      return v;
    }
    if (op == "+" || op == "-" || op == "~" || op == "!") {
      if (Peek() == nullptr) Fail("operator '" + op + "' has no right operand");
      IntValue v = Unary(eval);
      if (op == "-") return {0 - v.bits, v.is_unsigned};
      if (op == "~") return {~v.bits, v.is_unsigned};
      if (op == "!") return Bool(v.bits == 0);
      return v;
    }
    if (Precedence(tok) != 0 || op == "?" || op == ",") {
      Fail("operator '" + op + "' has no left operand");
    }
    if (op == ")") Fail("missing expression before ')'");
    if (op == ":") Fail("':' without preceding '?'");
    Fail("token \"" + op + "\" is not valid in preprocessor expressions");
  }

  IntValue Apply(const std::string& op, IntValue a, IntValue b, bool eval) const {
    bool u = a.is_unsigned || b.is_unsigned;
    if (op == "&&") return Bool(a.bits != 0 && b.bits != 0);
    if (op == "||") return Bool(a.bits != 0 || b.bits != 0);
    if (op == "<<") return Shift(a, b, true);
    if (op == ">>") return Shift(a, b, false);
    if (op == "==") return Bool(a.bits == b.bits);
    if (op == "!=") return Bool(a.bits != b.bits);
    if (op == "<" || op == ">" || op == "<=" || op == ">=") {
      bool less = u ? a.bits < b.bits : AsSigned(a.bits) < AsSigned(b.bits);
      bool greater = u ? a.bits > b.bits : AsSigned(a.bits) > AsSigned(b.bits);
      if (op == "<") return Bool(less);
      if (op == ">") return Bool(greater);
      if (op == "<=") return Bool(!greater);
      return Bool(!less);
    }
    if (op == "&") return {a.bits & b.bits, u};
    if (op == "^") return {a.bits ^ b.bits, u};
    if (op == "|") return {a.bits | b.bits, u};
    if (op == "+") return {a.bits + b.bits, u};
    if (op == "-") return {a.bits - b.bits, u};
    if (op == "*") return {a.bits * b.bits, u};
    // / and %
    if (!eval) return {0, u};  // a skipped operand: not even a zero divisor matters
    if (b.bits == 0) Fail("division by zero in #if");
    bool is_div = op == "/";
    if (u) return {is_div ? a.bits / b.bits : a.bits % b.bits, true};
    int64_t x = AsSigned(a.bits), y = AsSigned(b.bits);
    if (x == std::numeric_limits<int64_t>::min() && y == -1) {
      return is_div ? IntValue{a.bits, false} : Signed(0);  // wraps, as GCC computes it
    }
    return Signed(is_div ? x / y : x % y);
  }

  const std::vector<Token>& tokens_;
  const std::string& directive_;
  int line_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

IntValue IntegerConstant(const Token& token, int line) {
  const std::string& s = token.text;
  auto fail = [&](const std::string& message) -> IntValue { throw LocalError(line, message); };
  size_t i = 0;
  unsigned base = 10;
  if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  } else if (s.size() > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    i = 2;
  } else if (s[0] == '0') {
    base = 8;
  }
  bool is_float = s.find('.') != std::string::npos;
  for (size_t k = 0; k < s.size(); ++k) {
    char c = s[k];
    if (base == 16 ? (c == 'p' || c == 'P') : (base != 2 && (c == 'e' || c == 'E'))) {
      is_float = true;
    }
  }
  if (is_float) return fail("floating constant in preprocessor expression");
  size_t digits_start = i;
  uint64_t value = 0;
  bool overflow = false;
  for (; i < s.size(); ++i) {
    int d = DigitValue(s[i]);
    if (base == 8 && (d == 8 || d == 9)) {
      return fail("invalid digit \"" + std::string(1, s[i]) + "\" in octal constant");
    }
    if (d >= static_cast<int>(base)) break;
    if (value > (std::numeric_limits<uint64_t>::max() - d) / base) overflow = true;
    value = value * base + d;
  }
  std::string suffix = s.substr(i);
  if ((base == 16 || base == 2) && i == digits_start) {
    return fail("invalid suffix \"" + s.substr(1) + "\" on integer constant");
  }
  if (!IsValidIntegerSuffix(suffix)) {
    return fail("invalid suffix \"" + suffix + "\" on integer constant");
  }
  if (overflow) return fail("integer constant is too large for its type");
  bool is_unsigned = suffix.find_first_of("uU") != std::string::npos || (value & kSignBit) != 0;
  return {value, is_unsigned};
}

IntValue CharacterConstant(const Token& token, int line) {
  const std::string& s = token.text;
  size_t open = s.find('\'');
  std::string prefix = s.substr(0, open);
  std::string body = s.substr(open + 1, s.size() - open - 2);
  if (body.empty()) throw LocalError(line, "empty character constant");
  unsigned width = prefix.empty() || prefix == "u8" ? 8 : prefix == "u" ? 16 : 32;
  uint64_t mask = width == 32 ? 0xffffffffu : (uint64_t{1} << width) - 1;
  std::vector<uint64_t> chars;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      chars.push_back(static_cast<unsigned char>(c));
      continue;
    }
    char e = body[++i];
    uint64_t v = static_cast<unsigned char>(e);
    switch (e) {
      case 'n':
        v = '\n';
        break;
      case 't':
        v = '\t';
        break;
      case 'r':
        v = '\r';
        break;
      case 'a':
        v = '\a';
        break;
      case 'b':
        v = '\b';
        break;
      case 'f':
        v = '\f';
        break;
      case 'v':
        v = '\v';
        break;
      case 'x':
        v = 0;
        while (i + 1 < body.size() && DigitValue(body[i + 1]) < 16) {
          v = ((v << 4) | static_cast<uint64_t>(DigitValue(body[++i]))) & mask;
        }
        break;
      default:
        if (e >= '0' && e <= '7') {
          v = static_cast<uint64_t>(e - '0');
          for (int n = 0; n < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7';
               ++n) {
            v = v * 8 + static_cast<uint64_t>(body[++i] - '0');
          }
        }
    }
    chars.push_back(v & mask);
  }
  if (!prefix.empty()) {
    // A wide constant takes its last character's value: wchar_t (L) is a
    // signed int on Linux, char16_t and char32_t are unsigned.
    uint64_t v = chars.back();
    if (prefix == "L") return Signed(static_cast<int32_t>(static_cast<uint32_t>(v)));
    return {v, prefix != "u8"};
  }
  if (chars.size() == 1) return Signed(static_cast<int8_t>(static_cast<uint8_t>(chars[0])));
  // 'ab' is an int made of the characters, first one highest, as GCC does.
  uint32_t v = 0;
  for (uint64_t c : chars) v = (v << 8) | static_cast<uint32_t>(c & 0xff);
  return Signed(static_cast<int32_t>(v));
}

IntValue EvaluateExpression(const std::vector<Token>& tokens, const std::string& directive,
                            int line) {
  return ExpressionParser(tokens, directive, line).Parse();
}

}  // namespace dt::pp
