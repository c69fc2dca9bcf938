// The progress line of a long start-up: when attaching the probes takes
// more than kDelay (thousands of pid or sdt probes), stderr shows
//   dtrace: attaching 1200/4000 probes
// rewritten in place (\r) at most every kInterval, and the line is blanked
// when attaching ends, so what follows starts on a clean line. Only when
// stderr is a terminal: a log or a pipe gets nothing.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace dt {

class AttachProgress {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  using Writer = std::function<void(const std::string&)>;
  static constexpr std::chrono::milliseconds kDelay{1000};
  static constexpr std::chrono::milliseconds kInterval{100};

  // enabled: whether to show anything (stderr is a terminal). The clock
  // starts now.
  AttachProgress(
      size_t total, bool enabled, Writer write,
      Clock clock = [] { return std::chrono::steady_clock::now(); });
  // Of the default: stderr, enabled when it is a terminal.
  static AttachProgress ForStderr(size_t total);

  // `done` of the total are attached.
  void Update(size_t done);
  // Attaching is over: blanks the line if one was shown.
  void Finish();

 private:
  size_t total_;
  bool enabled_;
  Writer write_;
  Clock clock_;
  std::chrono::steady_clock::time_point start_, last_shown_;
  size_t shown_width_ = 0;  // characters of the line on the terminal; 0: none
};

}  // namespace dt
