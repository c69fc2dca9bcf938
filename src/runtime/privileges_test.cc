#include "runtime/privileges.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

TEST(PrivilegesTest, RootPassesThePreflightAndGetsTheLargestMemlock) {
  DT_REQUIRE_ROOT();
  EXPECT_NO_THROW(CheckBpfAvailable());
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_MEMLOCK, &limit), 0);
  // Infinity needs CAP_SYS_RESOURCE; without it the soft limit is raised to the hard one.
  EXPECT_EQ(limit.rlim_cur, limit.rlim_max);
}

TEST(PrivilegesTest, ErrorUsesDTraceWordingPlusTheLinuxReason) {
  PrivilegeError error("not running as root and missing CAP_BPF");
  EXPECT_STREQ(error.what(),
               "failed to initialize dtrace: DTrace requires additional privileges "
               "(not running as root and missing CAP_BPF)");
  EXPECT_EQ(error.reason(), "not running as root and missing CAP_BPF");
}

// Drops to an unprivileged uid in a child (setresuid clears the capability
// sets) and returns what CheckBpfAvailable() threw there ("" if nothing).
std::string PreflightMessageWithoutPrivileges() {
  int fds[2];
  if (pipe(fds) != 0) return "pipe failed";
  pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    std::string message;
    if (geteuid() == 0 && setresuid(65534, 65534, 65534) != 0) message = "setresuid failed";
    try {
      CheckBpfAvailable();
    } catch (const PrivilegeError& e) {
      message = e.what();
    }
    ssize_t ignored = write(fds[1], message.data(), message.size());
    (void)ignored;
    _exit(0);
  }
  close(fds[1]);
  std::string message;
  char buffer[512];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) message.append(buffer, n);
  close(fds[0]);
  waitpid(child, nullptr, 0);
  return message;
}

TEST(PrivilegesTest, UnprivilegedUserIsRefusedWithTheReason) {
  EXPECT_EQ(PreflightMessageWithoutPrivileges(),
            "failed to initialize dtrace: DTrace requires additional privileges "
            "(not running as root and missing CAP_BPF, CAP_PERFMON)");
}

}  // namespace
}  // namespace dt::runtime
