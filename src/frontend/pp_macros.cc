#include "frontend/pp_macros.h"

#include <algorithm>
#include <deque>
#include <optional>

namespace dt::pp {
namespace {

// Tokens read from a list, as an argument or a #if line is expanded.
class ListStream : public TokenStream {
 public:
  explicit ListStream(std::vector<Token> tokens) : tokens_(tokens.begin(), tokens.end()) {}
  Token Next() override {
    if (tokens_.empty()) return Token{};
    Token t = std::move(tokens_.front());
    tokens_.pop_front();
    return t;
  }
  void PushFront(std::vector<Token> tokens) override {
    tokens_.insert(tokens_.begin(), std::make_move_iterator(tokens.begin()),
                   std::make_move_iterator(tokens.end()));
  }

 private:
  std::deque<Token> tokens_;
};

Token Placemarker(bool space_before) {
  Token t;
  t.kind = TokKind::kPlacemarker;
  t.space_before = space_before;
  return t;
}

// #x: the argument's spelling as a string literal, white space between
// tokens made one space, quotes and backslashes in literals escaped.
Token Stringize(const std::vector<Token>& arg, bool space_before) {
  std::string s = "\"";
  for (size_t i = 0; i < arg.size(); ++i) {
    const Token& t = arg[i];
    if (i > 0 && t.space_before) s += ' ';
    if (t.kind == TokKind::kString || t.kind == TokKind::kChar) {
      for (char c : t.text) {
        if (c == '"' || c == '\\') s += '\\';
        s += c;
      }
    } else {
      s += t.text;
    }
  }
  s += '"';
  Token out;
  out.kind = TokKind::kString;
  out.text = std::move(s);
  out.space_before = space_before;
  return out;
}

int ParamIndex(const Macro& m, const Token& t) {
  if (m.kind != Macro::Kind::kFunction || t.kind != TokKind::kIdent) return -1;
  for (size_t i = 0; i < m.params.size(); ++i) {
    if (m.params[i] == t.text) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

bool Macro::SameAs(const Macro& other) const {
  if (kind != other.kind || params != other.params || variadic != other.variadic ||
      body.size() != other.body.size()) {
    return false;
  }
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i].text != other.body[i].text) return false;
    if (i > 0 && body[i].space_before != other.body[i].space_before) return false;
  }
  return true;
}

const Macro* MacroTable::Find(const std::string& name) const {
  auto it = macros_.find(name);
  return it == macros_.end() ? nullptr : &it->second;
}

void MacroTable::DefineBuiltin(const std::string& name, Macro::Kind kind) {
  Macro m;
  m.kind = kind;
  macros_[name] = m;
}

std::string MacroTable::Define(const std::vector<Token>& tokens, int line) {
  auto fail = [line](const std::string& message) { throw LocalError(line, message); };
  if (tokens.empty()) fail("no macro name given in #define directive");
  const Token& name = tokens[0];
  if (name.kind != TokKind::kIdent) fail("macro names must be identifiers");
  if (name.text == "defined") fail("\"defined\" cannot be used as a macro name");

  Macro m;
  size_t i = 1;
  if (i < tokens.size() && tokens[i].IsPunct("(") && !tokens[i].space_before) {
    m.kind = Macro::Kind::kFunction;
    ++i;
    if (i < tokens.size() && tokens[i].IsPunct(")")) {
      ++i;
    } else {
      for (;;) {
        if (i >= tokens.size()) fail("missing ')' in macro parameter list");
        const Token& p = tokens[i++];
        if (p.IsPunct("...")) {
          m.variadic = true;
          m.params.push_back("__VA_ARGS__");
          if (i >= tokens.size() || !tokens[i].IsPunct(")")) fail("missing ')' after \"...\"");
          ++i;
          break;
        }
        if (p.kind != TokKind::kIdent) fail("expected parameter name, found \"" + p.text + "\"");
        if (p.text == "__VA_ARGS__") {
          fail("__VA_ARGS__ can only appear in the expansion of a C99 variadic macro");
        }
        if (std::find(m.params.begin(), m.params.end(), p.text) != m.params.end()) {
          fail("duplicate macro parameter \"" + p.text + "\"");
        }
        m.params.push_back(p.text);
        if (i >= tokens.size()) fail("missing ')' in macro parameter list");
        const Token& sep = tokens[i++];
        if (sep.IsPunct(")")) break;
        if (!sep.IsPunct(",")) fail("expected ',' or ')', found \"" + sep.text + "\"");
      }
    }
  }
  m.body.assign(tokens.begin() + static_cast<std::ptrdiff_t>(i), tokens.end());
  for (Token& t : m.body) {
    t.at_line_start = false;
    t.hide = 0;
  }
  if (!m.body.empty()) {
    m.body.front().space_before = false;
    if (m.body.front().IsPunct("##") || m.body.back().IsPunct("##")) {
      fail("'##' cannot appear at either end of a macro expansion");
    }
  }
  if (m.kind == Macro::Kind::kFunction) {
    for (size_t k = 0; k < m.body.size(); ++k) {
      if (m.body[k].IsPunct("#") && (k + 1 >= m.body.size() || ParamIndex(m, m.body[k + 1]) < 0)) {
        fail("'#' is not followed by a macro parameter");
      }
    }
  }
  std::string warning;
  if (const Macro* old = Find(name.text); old != nullptr && !old->SameAs(m)) {
    warning = "\"" + name.text + "\" redefined";
  }
  macros_[name.text] = std::move(m);
  return warning;
}

int MacroExpander::NameId(const std::string& name) {
  auto [it, inserted] = name_ids_.emplace(name, static_cast<int>(name_ids_.size()));
  return it->second;
}

int MacroExpander::Intern(std::vector<int> set) {
  auto it = set_ids_.find(set);
  if (it != set_ids_.end()) return it->second;
  int id = static_cast<int>(sets_.size());
  sets_.push_back(set);
  set_ids_.emplace(std::move(set), id);
  return id;
}

int MacroExpander::Union(int a, int b) {
  if (a == b || b == 0) return a;
  if (a == 0) return b;
  uint64_t key = (static_cast<uint64_t>(a) << 32) | static_cast<uint32_t>(b);
  if (auto it = union_cache_.find(key); it != union_cache_.end()) return it->second;
  std::vector<int> merged;
  std::set_union(sets_[a].begin(), sets_[a].end(), sets_[b].begin(), sets_[b].end(),
                 std::back_inserter(merged));
  int id = Intern(std::move(merged));
  union_cache_.emplace(key, id);
  return id;
}

int MacroExpander::Intersect(int a, int b) {
  if (a == b) return a;
  if (a == 0 || b == 0) return 0;
  std::vector<int> common;
  std::set_intersection(sets_[a].begin(), sets_[a].end(), sets_[b].begin(), sets_[b].end(),
                        std::back_inserter(common));
  return Intern(std::move(common));
}

bool MacroExpander::Contains(int set, int name_id) const {
  return std::binary_search(sets_[set].begin(), sets_[set].end(), name_id);
}

Token MacroExpander::BuiltinToken(const Token& name, Macro::Kind kind) const {
  Token t;
  t.kind = TokKind::kString;
  switch (kind) {
    case Macro::Kind::kFile:
      t.text = builtins_.file;
      break;
    case Macro::Kind::kDate:
      t.text = builtins_.date;
      break;
    case Macro::Kind::kTime:
      t.text = builtins_.time;
      break;
    default:
      t.kind = TokKind::kNumber;
      t.text = std::to_string(name.line + builtins_.line_delta);
  }
  return t;
}

void MacroExpander::Charge(const std::vector<Token>& produced, const Token& name) {
  produced_tokens_ += produced.size();
  for (const Token& t : produced) produced_bytes_ += t.text.size();
  if (produced_tokens_ > limits_.max_tokens || produced_bytes_ > limits_.max_bytes) {
    throw LocalError(name.line, "macro expansion of \"" + name.text + "\" exceeds the limit of " +
                                    std::to_string(limits_.max_tokens) + " tokens or " +
                                    std::to_string(limits_.max_bytes) + " bytes");
  }
}

bool MacroExpander::TryExpand(const Token& name, TokenStream& in) {
  if (name.kind != TokKind::kIdent) return false;
  const Macro* m = macros_.Find(name.text);
  if (m == nullptr) return false;
  int id = NameId(name.text);
  if (Contains(name.hide, id)) return false;

  std::vector<Token> result;
  int hide = 0;
  switch (m->kind) {
    case Macro::Kind::kObject:
      result = Substitute(name, *m, {});
      hide = With(name.hide, id);
      break;
    case Macro::Kind::kFunction: {
      // Only a '(' makes an invocation; look past newlines for it, but not
      // into a directive line or another file.
      std::vector<Token> looked_at;
      Token t = in.Next();
      while (t.kind == TokKind::kNewline) {
        looked_at.push_back(t);
        t = in.Next();
      }
      if (!t.IsPunct("(")) {
        looked_at.push_back(t);
        in.PushFront(std::move(looked_at));
        return false;
      }
      Token rparen;
      std::vector<std::vector<Token>> args = CollectArguments(name, *m, in, &rparen);
      result = Substitute(name, *m, args);
      hide = With(Intersect(name.hide, rparen.hide), id);
      break;
    }
    default:
      result.push_back(BuiltinToken(name, m->kind));
      hide = With(name.hide, id);
  }
  for (Token& t : result) {
    t.hide = Union(t.hide, hide);
    t.line = name.line;
    t.at_line_start = false;
  }
  if (!result.empty()) result.front().space_before = name.space_before;
  Charge(result, name);
  in.PushFront(std::move(result));
  return true;
}

std::vector<std::vector<Token>> MacroExpander::CollectArguments(const Token& name, const Macro& m,
                                                                TokenStream& in, Token* rparen) {
  std::vector<std::vector<Token>> args(1);
  int depth = 0;
  bool newline_before = false;
  for (;;) {
    Token t = in.Next();
    if (t.kind == TokKind::kEof) {
      throw LocalError(name.line,
                       "unterminated argument list invoking macro \"" + name.text + "\"");
    }
    if (t.kind == TokKind::kNewline) {
      newline_before = true;
      continue;
    }
    if (t.at_line_start && t.IsPunct("#")) {
      throw LocalError(t.line, "directives inside the arguments of macro \"" + name.text +
                                   "\" are not supported");
    }
    if (newline_before) t.space_before = true;
    newline_before = false;
    if (t.IsPunct("(")) {
      ++depth;
    } else if (t.IsPunct(")")) {
      if (depth == 0) {
        *rparen = t;
        break;
      }
      --depth;
    } else if (t.IsPunct(",") && depth == 0 && (!m.variadic || args.size() < m.params.size())) {
      args.emplace_back();
      continue;
    }
    args.back().push_back(std::move(t));
  }

  size_t want = m.params.size();
  if (want == 0 && args.size() == 1 && args[0].empty()) args.clear();
  if (m.variadic && args.size() + 1 == want) args.emplace_back();  // no variable arguments
  if (args.size() < want) {
    throw LocalError(name.line, "macro \"" + name.text + "\" requires " + std::to_string(want) +
                                    " arguments, but only " + std::to_string(args.size()) +
                                    " given");
  }
  if (args.size() > want) {
    throw LocalError(name.line, "macro \"" + name.text + "\" passed " +
                                    std::to_string(args.size()) + " arguments, but takes just " +
                                    std::to_string(want));
  }
  return args;
}

std::vector<Token> MacroExpander::Substitute(const Token& name, const Macro& m,
                                             const std::vector<std::vector<Token>>& args) {
  std::vector<std::optional<std::vector<Token>>> expanded(args.size());
  std::vector<Token> out;
  const std::vector<Token>& body = m.body;
  auto append = [&out](const std::vector<Token>& tokens, bool space_before) {
    size_t first = out.size();
    out.insert(out.end(), tokens.begin(), tokens.end());
    if (out.size() > first) out[first].space_before = space_before;
  };
  for (size_t i = 0; i < body.size(); ++i) {
    const Token& t = body[i];
    if (t.IsPunct("#") && m.kind == Macro::Kind::kFunction) {
      out.push_back(Stringize(args[ParamIndex(m, body[i + 1])], t.space_before));
      ++i;
      continue;
    }
    if (t.IsPunct("##")) {
      const Token& operand = body[++i];
      int p = ParamIndex(m, operand);
      std::vector<Token> rhs;
      if (p >= 0 && m.variadic && p + 1 == static_cast<int>(m.params.size()) && !out.empty() &&
          out.back().IsPunct(",")) {
        // GCC's `, ## __VA_ARGS__`: no variable arguments, no comma.
        if (args[p].empty()) {
          out.pop_back();
        } else {
          append(args[p], operand.space_before);
        }
        continue;
      }
      if (p >= 0) {
        rhs = args[p].empty() ? std::vector<Token>{Placemarker(operand.space_before)} : args[p];
      } else if (operand.IsPunct("#") && m.kind == Macro::Kind::kFunction) {
        rhs = {Stringize(args[ParamIndex(m, body[i + 1])], operand.space_before)};
        ++i;
      } else {
        rhs = {operand};
      }
      if (out.empty()) out.push_back(Placemarker(false));
      out.back() = Paste(out.back(), rhs.front(), name.line);
      out.insert(out.end(), rhs.begin() + 1, rhs.end());
      continue;
    }
    int p = ParamIndex(m, t);
    if (p < 0) {
      out.push_back(t);
      continue;
    }
    bool pasted = i + 1 < body.size() && body[i + 1].IsPunct("##");
    if (pasted) {
      if (args[p].empty()) {
        out.push_back(Placemarker(t.space_before));
      } else {
        append(args[p], t.space_before);
      }
      continue;
    }
    if (!expanded[p]) expanded[p] = ExpandList(args[p], false);
    append(*expanded[p], t.space_before);
  }
  std::erase_if(out, [](const Token& t) { return t.kind == TokKind::kPlacemarker; });
  return out;
}

Token MacroExpander::Paste(const Token& lhs, const Token& rhs, int line) {
  if (lhs.kind == TokKind::kPlacemarker) {
    Token t = rhs;
    t.space_before = lhs.space_before;
    return t;
  }
  if (rhs.kind == TokKind::kPlacemarker) return lhs;
  std::string joined = lhs.text + rhs.text;
  std::optional<Token> result;
  try {
    Lexer lexer(joined);
    Token t = lexer.Next();
    if (t.kind != TokKind::kEof && t.kind != TokKind::kNewline && !t.space_before &&
        t.text.size() == joined.size() && lexer.Next().kind == TokKind::kEof) {
      result = t;
    }
  } catch (const LocalError&) {
    // "/" ## "*" opens a comment: not a token either.
  }
  if (!result) {
    throw LocalError(line, "pasting \"" + lhs.text + "\" and \"" + rhs.text +
                               "\" does not give a valid preprocessing token");
  }
  result->space_before = lhs.space_before;
  result->hide = Intersect(lhs.hide, rhs.hide);
  result->line = lhs.line;
  return *result;
}

Token MacroExpander::Defined(const Token& op, TokenStream& in) {
  Token name = in.Next();
  bool parenthesized = name.IsPunct("(");
  if (parenthesized) name = in.Next();
  if (name.kind != TokKind::kIdent) {
    throw LocalError(op.line, "operator \"defined\" requires an identifier");
  }
  if (parenthesized && !in.Next().IsPunct(")")) {
    throw LocalError(op.line, "missing ')' after \"defined\"");
  }
  Token value;
  value.kind = TokKind::kNumber;
  value.text = macros_.Find(name.text) != nullptr ? "1" : "0";
  value.line = op.line;
  value.space_before = op.space_before;
  return value;
}

std::vector<Token> MacroExpander::ExpandList(std::vector<Token> tokens, bool in_if) {
  int line = tokens.empty() ? 0 : tokens.front().line;
  if (nesting_ >= limits_.max_nesting) {
    throw LocalError(line, "macro invocations nested more than " +
                               std::to_string(limits_.max_nesting) + " deep in arguments");
  }
  ++nesting_;
  struct Unnest {
    int& n;
    ~Unnest() { --n; }
  } unnest{nesting_};
  ListStream in(std::move(tokens));
  std::vector<Token> out;
  for (;;) {
    Token t = in.Next();
    if (t.kind == TokKind::kEof) break;
    if (in_if && t.IsIdent("defined")) {
      out.push_back(Defined(t, in));
      continue;
    }
    if (TryExpand(t, in)) continue;
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace dt::pp
