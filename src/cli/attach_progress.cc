#include "cli/attach_progress.h"

#include <unistd.h>

#include <cstdio>

namespace dt {

AttachProgress::AttachProgress(size_t total, bool enabled, Writer write, Clock clock)
    : total_(total),
      enabled_(enabled),
      write_(std::move(write)),
      clock_(std::move(clock)),
      start_(clock_()) {}

AttachProgress AttachProgress::ForStderr(size_t total) {
  return AttachProgress(total, isatty(STDERR_FILENO) == 1, [](const std::string& s) {
    fwrite(s.data(), 1, s.size(), stderr);
    fflush(stderr);
  });
}

void AttachProgress::Update(size_t done) {
  if (!enabled_) return;
  auto now = clock_();
  if (now - start_ < kDelay) return;
  if (shown_width_ != 0 && now - last_shown_ < kInterval) return;
  last_shown_ = now;
  std::string line =
      "dtrace: attaching " + std::to_string(done) + "/" + std::to_string(total_) + " probes";
  // A shorter line than the last (never, as counts only grow) would leave
  // its tail: pad to the width shown.
  if (line.size() < shown_width_) line.append(shown_width_ - line.size(), ' ');
  shown_width_ = line.size();
  write_("\r" + line);
}

void AttachProgress::Finish() {
  if (shown_width_ == 0) return;
  write_("\r" + std::string(shown_width_, ' ') + "\r");
  shown_width_ = 0;
}

}  // namespace dt
