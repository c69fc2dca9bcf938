// freopen() and ftruncate(): what they do to the run's output file.
//
// The run prints through one FILE (stdout, or -o's file). freopen(path)
// sends what follows to `path` instead (opened for appending, created if
// absent), freopen("") sends it back where it went first, and ftruncate()
// empties whichever file output goes to now. Both work below the FILE, on
// its descriptor (the FILE is flushed first), so the output sink and
// system()'s children, which write to that descriptor, follow without
// knowing.
#pragma once

#include <cstdio>
#include <string>

namespace dt {

class OutputRedirect {
 public:
  explicit OutputRedirect(FILE* out) : out_(out) {}
  ~OutputRedirect();
  OutputRedirect(const OutputRedirect&) = delete;
  OutputRedirect& operator=(const OutputRedirect&) = delete;

  // "" when done, else why not (the output stays where it was).
  std::string Reopen(const std::string& path);
  // Output that is not a file (a pipe, a terminal) cannot be truncated:
  // that is ignored, as DTrace ignores it.
  void Truncate();

 private:
  FILE* out_;
  int original_ = -1;  // a copy of the first descriptor while redirected
};

}  // namespace dt
