#include "cli/target_process.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "common/diagnostic.h"

namespace dt {
namespace {

// The state letter of /proc/<pid>/stat ("R", "S", "t" for a traced stop...),
// or "" once the process is gone.
std::string State(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return "";
  size_t paren = line.rfind(')');
  return paren == std::string::npos || paren + 2 >= line.size() ? "" : line.substr(paren + 2, 1);
}

std::string Exe(int pid) {
  char buf[4096];
  ssize_t n = readlink(("/proc/" + std::to_string(pid) + "/exe").c_str(), buf, sizeof(buf));
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : "";
}

bool WaitForExit(TargetProcess& t) {
  for (int i = 0; i < 500; ++i) {
    if (t.Exited()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::string LaunchError(const std::string& command) {
  try {
    TargetProcess::Launch(command);
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "";
}

TEST(TargetProcess, AFailedExecIsReportedBeforeAnythingRuns) {
  EXPECT_EQ(LaunchError("/no/such/prog arg"),
            "failed to execute /no/such/prog: No such file or directory");
  EXPECT_EQ(LaunchError("no-such-command-in-path-dtrace"),
            "failed to execute no-such-command-in-path-dtrace: No such file or directory");
  char plain[] = "/tmp/target_process_test.XXXXXX";  // no execute permission at all
  int fd = mkstemp(plain);
  ASSERT_GE(fd, 0);
  close(fd);
  EXPECT_EQ(LaunchError(plain), std::string("failed to execute ") + plain + ": Permission denied");
  unlink(plain);
  EXPECT_EQ(LaunchError("   "), "failed to execute : empty command");
}

TEST(TargetProcess, HeldAtItsExecUntilResumed) {
  TargetProcess t = TargetProcess::Launch("/bin/sleep 0.01");
  ASSERT_GT(t.pid(), 0);
  EXPECT_TRUE(t.created());
  // Stopped under ptrace, already the new program.
  EXPECT_EQ(State(t.pid()), "t");
  EXPECT_EQ(Exe(t.pid()), "/usr/bin/sleep");
  EXPECT_FALSE(t.Exited());
  t.Resume();
  EXPECT_TRUE(WaitForExit(t));
}

TEST(TargetProcess, ExitFdBecomesReadableAtExit) {
  TargetProcess t = TargetProcess::Launch("/bin/true");
  if (t.exit_fd() < 0) GTEST_SKIP() << "no pidfd_open on this kernel";
  pollfd p{t.exit_fd(), POLLIN, 0};
  EXPECT_EQ(poll(&p, 1, 0), 0);
  t.Resume();
  EXPECT_EQ(poll(&p, 1, 5000), 1);
  EXPECT_TRUE(t.Exited());
}

TEST(TargetProcess, DestroyingKillsACreatedProcess) {
  int pid;
  {
    TargetProcess t = TargetProcess::Launch("/bin/sleep 30");
    pid = t.pid();
    t.Resume();
    EXPECT_EQ(Exe(pid), "/usr/bin/sleep");
  }
  EXPECT_EQ(State(pid), "");  // killed and reaped
}

TEST(TargetProcess, DestroyingKillsAProcessStillHeld) {
  int pid;
  {
    TargetProcess t = TargetProcess::Launch("/bin/sleep 30");
    pid = t.pid();
  }
  EXPECT_EQ(State(pid), "");
}

TEST(TargetProcess, GrabWatchesWithoutStopping) {
  EXPECT_THROW(TargetProcess::Grab(0x3fffffff), RuntimeError);
  TargetProcess child = TargetProcess::Launch("/bin/sleep 0.05");
  child.Resume();
  TargetProcess grabbed = TargetProcess::Grab(child.pid());
  EXPECT_FALSE(grabbed.created());
  grabbed.Resume();  // nothing to do
  EXPECT_FALSE(grabbed.Exited());
  EXPECT_TRUE(WaitForExit(child));
  EXPECT_TRUE(grabbed.Exited());
}

}  // namespace
}  // namespace dt
