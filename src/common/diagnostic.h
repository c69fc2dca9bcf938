// Compile-time diagnostics carrying DTrace's error tags.
//
// Every stage of the compiler reports a user error by throwing CompileError.
// The command line formats it the way dtrace(1) does, e.g.
//   dtrace: failed to compile script x.d: line 3: syntax error near "}"
// and, with -xerrtags, puts "[D_SYNTAX] " in front of the message.
#pragma once

#include <stdexcept>
#include <string>

namespace dt {

class CompileError : public std::runtime_error {
 public:
  // line <= 0 means the error has no useful source position.
  CompileError(std::string tag, int line, const std::string& message)
      : std::runtime_error(message), tag_(std::move(tag)), line_(line) {}

  const std::string& tag() const { return tag_; }
  int line() const { return line_; }

  // "line N: message", or just "message" when there is no line; the
  // errtags prefix is added when requested.
  std::string Format(bool with_tag) const;

 private:
  std::string tag_;
  int line_;
};

// A failure at run time set-up (loading, attaching, privileges): printed as
// "dtrace: <message>" with exit status 1.
class RuntimeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace dt
