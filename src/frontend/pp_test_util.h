// Helpers for the preprocessor's unit tests: run it on text with an
// in-memory file system, and compare output token by token.
#pragma once

#include <map>
#include <string>

#include "frontend/pp_lexer.h"
#include "frontend/preprocessor.h"

namespace dt::pp_test {

struct Run {
  std::string text;  // the preprocessed text
  LineMap line_map;
  std::string diagnostics;  // what went to stderr: -H lines, warnings
  std::string error;        // the PreprocessError's text, empty on success
};

// Preprocesses `source` as the script "x.d"; `files` are the other files
// that exist, by path.
inline Run Preprocess(const std::string& source, PreprocessorOptions options = {},
                      const std::map<std::string, std::string>& files = {}) {
  Run run;
  options.read_file = [&files](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
  options.diagnostic = [&run](const std::string& text) { run.diagnostics += text; };
  if (options.now == 0) options.now = 86400 * (365 + 180);  // mid-1971 in every time zone
  try {
    PreprocessedScript out = dt::Preprocess("x.d", source, options);
    run.text = out.text;
    run.line_map = out.line_map;
  } catch (const PreprocessError& e) {
    run.error = e.what();
  }
  return run;
}

// The tokens of `text` separated by single spaces, newlines as " / ", so
// that expansions compare independently of spacing.
inline std::string Tokens(const std::string& text) {
  pp::Lexer lexer(text);
  std::string out;
  bool line_has_tokens = false;
  for (pp::Token t = lexer.Next(); t.kind != pp::TokKind::kEof; t = lexer.Next()) {
    if (t.kind == pp::TokKind::kNewline) {
      if (line_has_tokens) out += " /";
      line_has_tokens = false;
      continue;
    }
    if (!out.empty()) out += ' ';
    out += t.text;
    line_has_tokens = true;
  }
  if (out.size() >= 2 && out.substr(out.size() - 2) == " /") out.resize(out.size() - 2);
  return out;
}

// The preprocessed tokens of `source`, or "ERROR: ..." with the message.
inline std::string Expand(const std::string& source, PreprocessorOptions options = {},
                          const std::map<std::string, std::string>& files = {}) {
  Run run = Preprocess(source, std::move(options), files);
  if (!run.error.empty()) return "ERROR: " + run.error;
  return Tokens(run.text);
}

}  // namespace dt::pp_test
