// The preprocessor's working state, shared by preprocessor.cc (files,
// output, the main loop, diagnostics) and pp_directives.cc (directives).
// Private to the preprocessor.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/pp_lexer.h"
#include "frontend/pp_macros.h"
#include "frontend/preprocessor.h"

namespace dt::pp {

// An #if, #ifdef or #ifndef whose #endif has not been seen.
struct Conditional {
  int line = 0;
  std::string directive;  // "#if", "#ifdef", "#ifndef": "unterminated #ifdef"
  bool taken = false;     // one of its groups was (or is being) processed
  bool seen_else = false;
};

struct OpenFile {
  std::string path;           // as opened: "x.d", "inc/defs.h"
  std::string dir;            // where #include "f" looks first
  std::string presumed;       // __FILE__ and messages; #line changes it
  int line_delta = 0;         // presumed line = physical line + line_delta
  std::string included_from;  // "x.d:3", where the parent included it
  int instance = 0;           // distinguishes two inclusions of one file
  std::unique_ptr<Lexer> lexer;
  std::vector<Conditional> conditionals;
};

// Writes D text, one line per source line that produced something, and
// records each output line's origin.
class OutputWriter {
 public:
  explicit OutputWriter(std::string main_path) : main_path_(std::move(main_path)) {}
  // Moves to the output line for physical line `line` of `file`.
  void Sync(const OpenFile& file, int line);
  void Write(const Token& t);
  // A whole line of its own (a #pragma), at physical line `line` of `file`.
  void WriteLine(const OpenFile& file, int line, const std::string& text);
  PreprocessedScript Finish();

 private:
  std::string main_path_;
  std::string text_;
  LineMap map_;
  int instance_ = -1;
  int line_ = 0;
  bool line_empty_ = true;
  Token prev_;
};

class Engine : public TokenStream {
 public:
  explicit Engine(const PreprocessorOptions& options);
  PreprocessedScript Run(const std::string& path, const std::string& text);

  Token Next() override;
  void PushFront(std::vector<Token> tokens) override;

 private:
  // preprocessor.cc
  void DefineStartupMacros();
  void PushFile(const std::string& path, std::string text, const std::string& included_from);
  void EndOfFile();
  void MainLoop();
  void UpdateBuiltins();
  std::string Diagnostic(const char* kind, int line, const std::string& message) const;
  [[noreturn]] void Fail(int line, const std::string& message) const;
  [[noreturn]] void Fatal(int line, const std::string& message) const;
  void Warn(int line, const std::string& message) const;
  std::optional<std::string> ReadFile(const std::string& path) const;
  OpenFile& current() { return *files_.back(); }

  // pp_directives.cc
  void Directive(const Token& hash);
  std::vector<Token> RestOfLine(int* newline_line = nullptr);
  void SkipRestOfLine() { RestOfLine(); }
  void ExtraTokens(const std::vector<Token>& rest, const std::string& directive);
  void DefineDirective(const std::vector<Token>& tokens, int line);
  void UndefDirective(const std::vector<Token>& tokens, int line);
  void IfDirective(const std::string& directive, int line);
  void ElseDirective(const std::string& directive, int line);
  bool Condition(const std::vector<Token>& tokens, const std::string& directive, int line);
  void SkipGroup();
  void IncludeDirective(int line);
  void LineDirective(std::vector<Token> tokens, int line, int newline_line);
  void PragmaDirective(const std::string& name, int line);

  const PreprocessorOptions& options_;
  MacroTable macros_;
  BuiltinValues builtins_;
  MacroExpander expander_;
  std::unique_ptr<OutputWriter> output_;
  std::vector<std::unique_ptr<OpenFile>> files_;
  std::deque<Token> pending_;
  std::set<std::string> once_;
  int instances_ = 0;
  size_t lexed_tokens_ = 0;
  bool on_command_line_ = false;  // -D/-U: messages name <command-line>
};

}  // namespace dt::pp
