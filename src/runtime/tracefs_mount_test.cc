// TracefsRoot() when tracefs is not mounted, checked in a child process with
// its own mount namespace so the machine's real mount is never touched.
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <string>

#include "common/diagnostic.h"
#include "runtime/test_insns.h"
#include "runtime/tracefs.h"

namespace dt::runtime {
namespace {

// Runs `body` in a forked child and returns the text it produced.
std::string InChild(const std::function<std::string()>& body) {
  int fds[2];
  if (pipe(fds) != 0) return "pipe failed";
  pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    std::string text = body();
    ssize_t ignored = write(fds[1], text.data(), text.size());
    (void)ignored;
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buffer[512];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  close(fds[0]);
  waitpid(child, nullptr, 0);
  return text;
}

// In a private mount namespace, with every tracefs mount point gone.
std::string UnmountTracefsPrivately() {
  if (unshare(CLONE_NEWNS) != 0) return "unshare failed";
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return "mount failed";
  umount2("/sys/kernel/tracing", MNT_DETACH);
  umount2("/sys/kernel/debug/tracing", MNT_DETACH);
  umount2("/sys/kernel/debug", MNT_DETACH);
  if (access("/sys/kernel/tracing/events", F_OK) == 0) return "tracefs still mounted";
  return {};
}

void DropCapSysAdmin() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
  syscall(SYS_capget, &header, data);
  data[CAP_SYS_ADMIN / 32].effective &= ~(1u << (CAP_SYS_ADMIN % 32));
  syscall(SYS_capset, &header, data);
}

TEST(TracefsMountTest, MountsTracefsWhenAbsent) {
  DT_REQUIRE_ROOT();
  std::string result = InChild([] {
    std::string failure = UnmountTracefsPrivately();
    if (!failure.empty()) return failure;
    try {
      std::string root = TracefsRoot();
      return root + (TracepointExists("syscalls", "sys_enter_read") ? " ok" : " empty");
    } catch (const RuntimeError& e) {
      return std::string(e.what());
    }
  });
  EXPECT_EQ(result, "/sys/kernel/tracing ok");
}

TEST(TracefsMountTest, ExplainsWhyItCannotMount) {
  DT_REQUIRE_ROOT();
  std::string result = InChild([] {
    std::string failure = UnmountTracefsPrivately();
    if (!failure.empty()) return failure;
    DropCapSysAdmin();
    try {
      return "unexpectedly found " + TracefsRoot();
    } catch (const RuntimeError& e) {
      return std::string(e.what());
    }
  });
  EXPECT_EQ(result, "cannot mount tracefs at /sys/kernel/tracing: Operation not permitted");
}

}  // namespace
}  // namespace dt::runtime
