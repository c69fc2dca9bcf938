// Where each line of preprocessed D text came from.
//
// The preprocessor writes plain D text, one output line per source line
// that produced something, and records here the file and line each output
// line stands for. The D lexer counts lines in that text as usual; when a
// compile error names output line N, the map turns it back into the
// script's own line ("line 12: ...") or, for a line from an included file,
// DTrace's form for errors outside the main script ("\"defs.h\", line 3: ...").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "common/diagnostic.h"

namespace dt {

class LineMap {
 public:
  // The origin of the next output line; an empty `file` is the script itself.
  void Add(const std::string& file, int line);

  bool empty() const { return lines_.empty(); }
  size_t size() const { return lines_.size(); }

  // The file ("" for the script) and line that output line `output_line`
  // (1-based) came from. Lines past the end continue the last one; an empty
  // map is the identity.
  std::pair<std::string, int> Origin(int output_line) const;

  // `error` as dtrace prints it after "failed to compile script x.d: ":
  // "[TAG] " with errtags, then "line N: " or "\"file\", line N: ", then the
  // message. Errors without a line are unchanged.
  std::string Format(const CompileError& error, bool with_tag) const;

 private:
  std::vector<std::string> files_;
  std::vector<std::pair<int, int>> lines_;  // (index in files_, line)
};

}  // namespace dt
