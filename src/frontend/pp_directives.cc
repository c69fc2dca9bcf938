// The directives of the built-in preprocessor: #define, #undef, #include,
// the conditionals, #line, #error, #warning, #pragma, #ident and the null
// directive. Messages are worded as GCC's cpp words them.
#include <climits>

#include "frontend/pp_engine.h"
#include "frontend/pp_expr.h"

namespace dt::pp {
namespace {

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  return dir.back() == '/' ? dir + name : dir + "/" + name;
}

bool AllDigits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// The text between the quotes of a "..." string literal, escapes resolved.
std::string StringContents(const std::string& literal) {
  std::string out;
  for (size_t i = 1; i + 1 < literal.size(); ++i) {
    if (literal[i] == '\\' && i + 2 < literal.size()) ++i;
    out += literal[i];
  }
  return out;
}

}  // namespace

std::vector<Token> Engine::RestOfLine(int* newline_line) {
  std::vector<Token> tokens;
  for (;;) {
    Token t = Next();
    if (t.kind == TokKind::kNewline || t.kind == TokKind::kEof) {
      if (newline_line != nullptr) *newline_line = t.line;
      if (t.kind == TokKind::kEof) PushFront({t});
      return tokens;
    }
    tokens.push_back(std::move(t));
  }
}

void Engine::ExtraTokens(const std::vector<Token>& rest, const std::string& directive) {
  if (!rest.empty()) Warn(rest.front().line, "extra tokens at end of " + directive + " directive");
}

void Engine::Directive(const Token& hash) {
  int line = hash.line;
  Token name = Next();
  if (name.kind == TokKind::kNewline) return;  // the null directive
  if (name.kind == TokKind::kEof) {
    PushFront({name});
    return;
  }
  if (name.kind == TokKind::kNumber) {  // "# 12 "file"", as cpp writes line markers
    int newline_line = line;
    std::vector<Token> tokens = RestOfLine(&newline_line);
    tokens.insert(tokens.begin(), name);
    LineDirective(std::move(tokens), line, newline_line);
    return;
  }
  const std::string& d = name.text;
  if (name.kind != TokKind::kIdent) Fail(line, "invalid preprocessing directive #" + d);
  if (d == "define") {
    DefineDirective(RestOfLine(), line);
  } else if (d == "undef") {
    UndefDirective(RestOfLine(), line);
  } else if (d == "include") {
    IncludeDirective(line);
  } else if (d == "if" || d == "ifdef" || d == "ifndef") {
    IfDirective(d, line);
  } else if (d == "elif" || d == "else" || d == "endif") {
    ElseDirective(d, line);
  } else if (d == "line") {
    int newline_line = line;
    std::vector<Token> tokens = RestOfLine(&newline_line);
    LineDirective(expander_.ExpandList(std::move(tokens), false), line, newline_line);
  } else if (d == "error") {
    std::string text = Spell(RestOfLine());
    Fail(line, "#error" + (text.empty() ? "" : " " + text));
  } else if (d == "warning") {
    std::string text = Spell(RestOfLine());
    Warn(line, "#warning" + (text.empty() ? "" : " " + text));
  } else if (d == "pragma" || d == "ident" || d == "sccs") {
    PragmaDirective(d, line);
  } else {
    Fail(line, "invalid preprocessing directive #" + d);
  }
}

void Engine::DefineDirective(const std::vector<Token>& tokens, int line) {
  std::string warning = macros_.Define(tokens, line);
  if (!warning.empty()) Warn(line, warning);
}

void Engine::UndefDirective(const std::vector<Token>& tokens, int line) {
  if (tokens.empty()) Fail(line, "no macro name given in #undef directive");
  if (tokens[0].kind != TokKind::kIdent) Fail(line, "macro names must be identifiers");
  if (tokens[0].text == "defined") Fail(line, "\"defined\" cannot be used as a macro name");
  ExtraTokens({tokens.begin() + 1, tokens.end()}, "#undef");
  macros_.Undefine(tokens[0].text);
}

bool Engine::Condition(const std::vector<Token>& tokens, const std::string& directive, int line) {
  return EvaluateExpression(expander_.ExpandList(tokens, true), directive, line).bits != 0;
}

void Engine::IfDirective(const std::string& directive, int line) {
  std::vector<Token> tokens = RestOfLine();
  bool value;
  if (directive == "if") {
    value = Condition(tokens, "#if", line);
  } else {
    if (tokens.empty()) Fail(line, "no macro name given in #" + directive + " directive");
    if (tokens[0].kind != TokKind::kIdent) Fail(line, "macro names must be identifiers");
    ExtraTokens({tokens.begin() + 1, tokens.end()}, "#" + directive);
    value = (macros_.Find(tokens[0].text) != nullptr) == (directive == "ifdef");
  }
  current().conditionals.push_back(Conditional{line, "#" + directive, value, false});
  if (!value) SkipGroup();
}

// #elif, #else or #endif met while processing a group: the group ends, and
// so does its conditional unless this is #endif.
void Engine::ElseDirective(const std::string& directive, int line) {
  std::vector<Token> rest = RestOfLine();
  std::vector<Conditional>& open = current().conditionals;
  if (open.empty()) Fail(line, "#" + directive + " without #if");
  if (directive == "endif") {
    ExtraTokens(rest, "#endif");
    open.pop_back();
    return;
  }
  if (open.back().seen_else) Fail(line, "#" + directive + " after #else");
  if (directive == "else") {
    ExtraTokens(rest, "#else");
    open.back().seen_else = true;
  }
  SkipGroup();  // a group was taken: an #elif's expression is not even evaluated
}

// Skips the lines of a group whose condition is false, up to the #elif or
// #else that starts a group to process or the #endif that ends it all.
void Engine::SkipGroup() {
  int depth = 0;
  for (;;) {
    Token t = Next();
    if (t.kind == TokKind::kEof) {
      PushFront({t});
      return;
    }
    if (t.kind == TokKind::kNewline) continue;
    if (!t.at_line_start || !t.IsPunct("#")) {
      SkipRestOfLine();
      continue;
    }
    Token name = Next();
    if (name.kind == TokKind::kNewline) continue;
    if (name.kind == TokKind::kEof) {
      PushFront({name});
      return;
    }
    const std::string& d = name.kind == TokKind::kIdent ? name.text : std::string();
    std::vector<Token> rest = RestOfLine();
    if (d == "if" || d == "ifdef" || d == "ifndef") {
      ++depth;
      continue;
    }
    if (depth > 0) {
      if (d == "endif") --depth;
      continue;
    }
    Conditional& c = current().conditionals.back();
    if (d == "elif") {
      if (c.seen_else) Fail(name.line, "#elif after #else");
      if (!c.taken && Condition(rest, "#elif", name.line)) {
        c.taken = true;
        return;
      }
    } else if (d == "else") {
      if (c.seen_else) Fail(name.line, "#else after #else");
      ExtraTokens(rest, "#else");
      c.seen_else = true;
      if (!c.taken) {
        c.taken = true;
        return;
      }
    } else if (d == "endif") {
      ExtraTokens(rest, "#endif");
      current().conditionals.pop_back();
      return;
    }
  }
}

void Engine::IncludeDirective(int line) {
  std::string name;
  bool quoted = false;
  std::optional<std::string> header =
      pending_.empty() ? current().lexer->HeaderName() : std::nullopt;
  std::vector<Token> rest = RestOfLine();
  if (header) {
    name = *header;
    ExtraTokens(rest, "#include");
  } else {
    // #include "f", or a macro that expands to "f" or <f>.
    std::vector<Token> tokens = rest;
    if (!tokens.empty() && tokens[0].kind != TokKind::kString) {
      tokens = expander_.ExpandList(std::move(tokens), false);
    }
    if (!tokens.empty() && tokens[0].kind == TokKind::kString && tokens[0].text[0] == '"') {
      name = tokens[0].text.substr(1, tokens[0].text.size() - 2);
      quoted = true;
      ExtraTokens({tokens.begin() + 1, tokens.end()}, "#include");
    } else if (!tokens.empty() && tokens[0].IsPunct("<")) {
      size_t close = 1;
      while (close < tokens.size() && !tokens[close].IsPunct(">")) ++close;
      if (close == tokens.size()) Fail(line, "missing terminating > character");
      name = Spell({tokens.begin() + 1, tokens.begin() + static_cast<std::ptrdiff_t>(close)});
    } else {
      Fail(line, "#include expects \"FILENAME\" or <FILENAME>");
    }
  }
  if (name.empty()) Fail(line, "empty filename in #include");

  std::vector<std::string> candidates;
  if (name[0] == '/') {
    candidates.push_back(name);
  } else {
    if (quoted) candidates.push_back(JoinPath(current().dir, name));
    for (const std::string& dir : options_.include_dirs) candidates.push_back(JoinPath(dir, name));
    for (const std::string& dir : options_.system_dirs) candidates.push_back(JoinPath(dir, name));
  }
  for (const std::string& path : candidates) {
    if (once_.count(path) != 0) return;
    std::optional<std::string> text = ReadFile(path);
    if (!text) continue;
    int depth = static_cast<int>(files_.size());
    if (depth > options_.max_include_depth) {
      Fail(line, "#include nested depth " + std::to_string(depth) + " exceeds maximum of " +
                     std::to_string(options_.max_include_depth));
    }
    if (options_.print_includes && options_.diagnostic) {
      options_.diagnostic(std::string(static_cast<size_t>(depth), '.') + " " + path + "\n");
    }
    PushFile(path, std::move(*text),
             current().presumed + ":" + std::to_string(line + current().line_delta));
    return;
  }
  Fatal(line, name + ": No such file or directory");
}

void Engine::LineDirective(std::vector<Token> tokens, int line, int newline_line) {
  if (tokens.empty()) Fail(line, "unexpected end of file after #line");
  if (tokens[0].kind != TokKind::kNumber || !AllDigits(tokens[0].text)) {
    Fail(line, "\"" + tokens[0].text + "\" after #line is not a positive integer");
  }
  long long number = 0;
  for (char c : tokens[0].text) {
    number = number * 10 + (c - '0');
    if (number > INT_MAX) Fail(line, "line number out of range");
  }
  size_t used = 1;
  if (tokens.size() > 1) {
    if (tokens[1].kind != TokKind::kString || tokens[1].text[0] != '"') {
      Fail(line, "invalid filename \"" + tokens[1].text + "\"");
    }
    current().presumed = StringContents(tokens[1].text);
    ++used;
  }
  // Line markers from cpp may carry flags (1 to 4) after the file name.
  while (used < tokens.size() && tokens[used].kind == TokKind::kNumber) ++used;
  ExtraTokens({tokens.begin() + static_cast<std::ptrdiff_t>(used), tokens.end()}, "#line");
  current().line_delta = static_cast<int>(number) - (newline_line + 1);
  UpdateBuiltins();
}

void Engine::PragmaDirective(const std::string& name, int line) {
  std::vector<Token> tokens = RestOfLine();
  if (name == "pragma" && !tokens.empty() && tokens[0].IsIdent("once")) {
    once_.insert(current().path);
    return;
  }
  // The D compiler acts on #pragma D ... and ignores other pragmas, as a C
  // compiler does; #sccs is #ident's other name.
  std::string text = "#" + std::string(name == "sccs" ? "ident" : name);
  if (!tokens.empty()) text += " " + Spell(tokens);
  output_->WriteLine(current(), line, text);
}

}  // namespace dt::pp
