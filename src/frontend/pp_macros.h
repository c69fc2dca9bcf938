// Macro definitions and their expansion, as ISO C99 6.10.3 defines them.
//
// Expansion follows the hide-set formulation of the standard's rules (Dave
// Prosser's algorithm): every token carries the set of macros whose
// expansion produced it, and an identifier naming a macro in its own hide
// set is never expanded again, wherever it goes later ("painted blue").
// Arguments are fully expanded before substitution except next to # and
// ##; the result is rescanned together with the rest of the input, so a
// function-like macro name at the end of an expansion can take its
// arguments from the text that follows. GCC's `, ## __VA_ARGS__` (the comma
// disappears when there are no variable arguments) is supported.
//
// Expansion is bounded: the tokens and bytes it produces over a whole run,
// and how deeply invocations nest in arguments, so a macro bomb ends in an
// error rather than exhausting memory or the stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/pp_lexer.h"

namespace dt::pp {

struct Macro {
  enum class Kind { kObject, kFunction, kFile, kLine, kDate, kTime };
  Kind kind = Kind::kObject;
  std::vector<std::string> params;  // function-like; a variadic macro's last one is __VA_ARGS__
  bool variadic = false;
  std::vector<Token> body;  // the replacement list; its first token has no space before it

  // The same definition in the standard's sense (a benign redefinition).
  bool SameAs(const Macro& other) const;
};

class MacroTable {
 public:
  const Macro* Find(const std::string& name) const;

  // #define with the directive's tokens after "define". Throws LocalError at
  // `line` for a malformed definition; returns the warning to give (a
  // different redefinition), or "".
  std::string Define(const std::vector<Token>& tokens, int line);
  void DefineBuiltin(const std::string& name, Macro::Kind kind);
  void Undefine(const std::string& name) { macros_.erase(name); }

 private:
  std::unordered_map<std::string, Macro> macros_;
};

// Where the expander reads a macro invocation from and pushes its
// replacement back to, to be rescanned with what follows.
class TokenStream {
 public:
  virtual ~TokenStream() = default;
  virtual Token Next() = 0;  // kEof at the end
  virtual void PushFront(std::vector<Token> tokens) = 0;
};

// What the predefined __FILE__ and __LINE__ mean where they are used, and
// the fixed __DATE__ and __TIME__ (all already spelled as C tokens).
struct BuiltinValues {
  std::string file = "\"\"";
  int line_delta = 0;  // __LINE__ is the token's physical line plus this
  std::string date = "\"\"";
  std::string time = "\"\"";
};

struct ExpansionLimits {
  size_t max_tokens = size_t{1} << 22;  // produced by all expansions of a run
  size_t max_bytes = size_t{64} << 20;
  int max_nesting = 200;  // invocations nested inside arguments
};

class MacroExpander {
 public:
  MacroExpander(const MacroTable& macros, const BuiltinValues& builtins, ExpansionLimits limits)
      : macros_(macros), builtins_(builtins), limits_(limits) {}

  // If `name`, just read from `in`, is a macro that expands here, reads the
  // rest of its invocation from `in`, pushes the replacement back onto `in`
  // and returns true. Throws LocalError for a bad invocation.
  bool TryExpand(const Token& name, TokenStream& in);

  // Every macro in `tokens` expanded, as an argument is before substitution.
  // With `in_if`, `defined X` and `defined(X)` become 1 or 0 first (the
  // controlling expression of #if and #elif).
  std::vector<Token> ExpandList(std::vector<Token> tokens, bool in_if);

 private:
  std::vector<std::vector<Token>> CollectArguments(const Token& name, const Macro& m,
                                                   TokenStream& in, Token* rparen);
  std::vector<Token> Substitute(const Token& name, const Macro& m,
                                const std::vector<std::vector<Token>>& args);
  Token Paste(const Token& lhs, const Token& rhs, int line);
  Token Defined(const Token& op, TokenStream& in);
  Token BuiltinToken(const Token& name, Macro::Kind kind) const;
  void Charge(const std::vector<Token>& produced, const Token& name);

  // Hide sets, interned: 0 is the empty set.
  int NameId(const std::string& name);
  int Intern(std::vector<int> set);
  int Union(int a, int b);
  int Intersect(int a, int b);
  int With(int set, int name_id) { return Union(set, Intern({name_id})); }
  bool Contains(int set, int name_id) const;

  const MacroTable& macros_;
  const BuiltinValues& builtins_;
  ExpansionLimits limits_;
  size_t produced_tokens_ = 0;
  size_t produced_bytes_ = 0;
  int nesting_ = 0;

  std::unordered_map<std::string, int> name_ids_;
  std::vector<std::vector<int>> sets_{{}};
  std::map<std::vector<int>, int> set_ids_{{{}, 0}};
  std::unordered_map<uint64_t, int> union_cache_;
};

}  // namespace dt::pp
