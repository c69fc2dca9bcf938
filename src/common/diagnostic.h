// Compile-time diagnostics carrying DTrace's error tags.
//
// Every stage of the compiler reports a user error by throwing CompileError.
// The command line formats it the way dtrace(1) does, e.g.
//   dtrace: failed to compile script x.d: line 3: syntax error near "}"
// and, with -xerrtags, puts "[D_SYNTAX] " in front of the message.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

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

// User text (a token, a name, a probe description) as it may appear in a
// message: control characters shown as C escapes (\0, \t, \x01), and the
// result, when longer than `max_bytes`, cut to at most max_bytes - 3 bytes
// and "...", so that a megabyte-long token cannot make a megabyte-long
// error line. Cuts never split an escape or a UTF-8 sequence.
constexpr size_t kMaxQuotedToken = 64;
// Probe descriptions may be long by right (DTrace allows 64-byte provider,
// module and name fields and 128-byte function names).
constexpr size_t kMaxQuotedProbeDesc = 330;
std::string Excerpt(std::string_view text, size_t max_bytes = kMaxQuotedToken);

// A failure at run time set-up (loading, attaching, privileges): printed as
// "dtrace: <message>" with exit status 1.
class RuntimeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace dt
