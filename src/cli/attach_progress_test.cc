#include "cli/attach_progress.h"

#include <gtest/gtest.h>

namespace dt {
namespace {

using std::chrono::milliseconds;

struct Fake {
  std::chrono::steady_clock::time_point now{};
  std::string written;
  AttachProgress Make(size_t total, bool enabled = true) {
    return AttachProgress(
        total, enabled, [this](const std::string& s) { written += s; }, [this] { return now; });
  }
};

TEST(AttachProgress, NothingWithinTheFirstSecond) {
  Fake f;
  AttachProgress p = f.Make(4000);
  for (size_t i = 1; i <= 4000; ++i) {
    f.now += std::chrono::microseconds(200);  // 0.8 s in all
    p.Update(i);
  }
  p.Finish();
  EXPECT_EQ(f.written, "");
}

TEST(AttachProgress, ShowsAfterASecondRewritesInPlaceAndClears) {
  Fake f;
  AttachProgress p = f.Make(4000);
  f.now += milliseconds(1000);
  p.Update(1200);
  EXPECT_EQ(f.written, "\rdtrace: attaching 1200/4000 probes");
  f.now += milliseconds(50);
  p.Update(1300);  // within the interval: not rewritten
  EXPECT_EQ(f.written, "\rdtrace: attaching 1200/4000 probes");
  f.now += milliseconds(50);
  p.Update(1400);
  EXPECT_EQ(f.written, "\rdtrace: attaching 1200/4000 probes\rdtrace: attaching 1400/4000 probes");
  f.written.clear();
  p.Finish();
  const std::string shown = "dtrace: attaching 1400/4000 probes";
  EXPECT_EQ(f.written, "\r" + std::string(shown.size(), ' ') + "\r");
  f.written.clear();
  p.Finish();
  EXPECT_EQ(f.written, "") << "cleared once";
}

TEST(AttachProgress, NotATerminalMeansNothing) {
  Fake f;
  AttachProgress p = f.Make(4000, /*enabled=*/false);
  f.now += milliseconds(5000);
  p.Update(10);
  p.Finish();
  EXPECT_EQ(f.written, "");
}

}  // namespace
}  // namespace dt
