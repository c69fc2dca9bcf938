#include "cli/stop_signals.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace dt {
namespace {

bool Blocked(int sig) {
  sigset_t now;
  sigprocmask(SIG_SETMASK, nullptr, &now);
  return sigismember(&now, sig) == 1;
}

TEST(StopSignals, SignalsQueueInsteadOfKilling) {
  ASSERT_FALSE(Blocked(SIGINT));
  {
    StopSignals stop;
    EXPECT_TRUE(Blocked(SIGINT));
    EXPECT_TRUE(Blocked(SIGTERM));
    EXPECT_EQ(stop.Poll(), 0);
    kill(getpid(), SIGINT);
    pollfd p{stop.fd(), POLLIN, 0};
    EXPECT_EQ(poll(&p, 1, 1000), 1);
    EXPECT_EQ(stop.Poll(), 1);
    kill(getpid(), SIGTERM);
    EXPECT_EQ(stop.Poll(), 2);
    EXPECT_EQ(stop.received(), 2);
    EXPECT_EQ(stop.Poll(), 2);  // nothing new
    // A signal left unread when it goes away must not kill the process.
    kill(getpid(), SIGINT);
  }
  EXPECT_FALSE(Blocked(SIGINT));
  EXPECT_FALSE(Blocked(SIGTERM));
}

TEST(StopSignals, ChildrenGetTheOriginalMask) {
  StopSignals stop;
  pid_t child = fork();
  if (child == 0) {
    stop.RestoreInChild();
    sigset_t now;
    sigprocmask(SIG_SETMASK, nullptr, &now);
    _exit(sigismember(&now, SIGINT) == 1 ? 1 : 0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace dt
