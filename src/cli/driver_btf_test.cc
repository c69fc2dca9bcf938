// The driver reads the kernel's BTF only for a program that names a
// kernel type: parsing vmlinux BTF would cost every other program
// milliseconds.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli/driver.h"
#include "runtime/kernel_btf.h"

namespace dt {
namespace {

// Runs `dtrace -e -n program` in a child process (the shared KernelBtf of
// this one stays unread) and returns how many times the child read
// vmlinux BTF, or -1 when the compilation failed.
int VmlinuxLoadsToCompile(const std::string& program) {
  pid_t child = fork();
  if (child == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    std::vector<std::string> args = {"dtrace", "-q", "-e", "-n", program};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int status = RunDtrace(static_cast<int>(args.size()), argv.data());
    _exit(status == 0 ? runtime::KernelBtf::Kernel().vmlinux_load_count() : 100);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status)) return -2;
  return WEXITSTATUS(status) == 100 ? -1 : WEXITSTATUS(status);
}

TEST(DriverBtfTest, OnlyAProgramThatNamesAKernelTypeReadsBtf) {
  if (geteuid() != 0) GTEST_SKIP() << "dtrace needs root";
  if (access("/sys/kernel/btf/vmlinux", R_OK) != 0) GTEST_SKIP() << "no vmlinux BTF";
  if (runtime::KernelBtf::Kernel().vmlinux_load_count() != 0)
    GTEST_SKIP() << "another test of this process read BTF already";
  EXPECT_EQ(VmlinuxLoadsToCompile("BEGIN { x[pid] = timestamp; printf(\"%d\", x[pid]); }"), 0);
  EXPECT_EQ(VmlinuxLoadsToCompile("BEGIN { trace(sizeof(struct task_struct)); }"), 1);
}

}  // namespace
}  // namespace dt
