#include "cli/target_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <utility>
#include <vector>

#include "common/diagnostic.h"

namespace dt {
namespace {

// What the child reports through the close-on-exec pipe when it cannot
// become the program; a successful exec closes the pipe without a word.
struct ChildFailure {
  enum Stage : int { kTrace, kExec } stage;
  int error;
};

int OpenPidfd(int pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  errno = ENOSYS;
  return -1;
#endif
}

void WriteFully(int fd, const void* data, size_t size) {
  while (write(fd, data, size) < 0 && errno == EINTR) {
  }
}

int WaitFor(int pid, int* status) {
  int r;
  while ((r = waitpid(pid, status, 0)) < 0 && errno == EINTR) {
  }
  return r;
}

}  // namespace

TargetProcess::TargetProcess(int pid, bool created) : pid_(pid), created_(created) {
  exit_fd_.Reset(OpenPidfd(pid));
}

TargetProcess::TargetProcess(TargetProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      created_(other.created_),
      stopped_(other.stopped_),
      at_entry_(other.at_entry_),
      reaped_(other.reaped_),
      exit_fd_(std::move(other.exit_fd_)) {}

TargetProcess::~TargetProcess() {
  if (pid_ <= 0 || !created_ || reaped_) return;
  kill(pid_, SIGKILL);
  int status;
  WaitFor(pid_, &status);
}

TargetProcess TargetProcess::Launch(const std::string& command) {
  // Split on white space and exec'd directly, as dtrace(1) does: a shell in
  // between would be the process stopped at its exec.
  std::vector<std::string> words;
  std::istringstream in(command);
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) throw RuntimeError("failed to execute : empty command");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0)
    throw RuntimeError(std::string("failed to create pipe: ") + strerror(errno));
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    int error = errno;
    close(report[0]);
    close(report[1]);
    throw RuntimeError(std::string("failed to fork: ") + strerror(error));
  }
  if (pid == 0) {
    close(report[0]);
    // Die with dtrace, even when it is killed with SIGKILL. If dtrace died
    // before the prctl, the child has already been reparented: give up.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
    ChildFailure failure{ChildFailure::kTrace, 0};
    if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) == 0) {
      execvp(argv[0], argv.data());
      failure.stage = ChildFailure::kExec;
    }
    failure.error = errno;
    WriteFully(report[1], &failure, sizeof(failure));
    _exit(127);
  }
  close(report[1]);
  ChildFailure failure{};
  ssize_t n;
  while ((n = read(report[0], &failure, sizeof(failure))) < 0 && errno == EINTR) {
  }
  close(report[0]);

  TargetProcess target(pid, true);
  std::string what = "failed to execute " + words[0] + ": ";
  if (n == static_cast<ssize_t>(sizeof(failure))) {
    int status;
    WaitFor(pid, &status);
    target.reaped_ = true;
    if (failure.stage == ChildFailure::kExec) throw RuntimeError(what + strerror(failure.error));
    throw RuntimeError(what + "cannot hold it at its exec (ptrace: " + strerror(failure.error) +
                       ")");
  }
  // The exec succeeded: wait for the stop the kernel makes right after it.
  // A signal that arrived before it (a Ctrl-C) stops the child too; pass it
  // on and keep waiting.
  for (;;) {
    int status = 0;
    if (WaitFor(pid, &status) != pid) throw RuntimeError(what + strerror(errno));
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      target.reaped_ = true;
      throw RuntimeError(what + "it ended before it could be traced");
    }
    if (WIFSTOPPED(status) && WSTOPSIG(status) == SIGTRAP) break;
    if (WIFSTOPPED(status)) ptrace(PTRACE_CONT, pid, nullptr, WSTOPSIG(status));
  }
  target.stopped_ = true;
  return target;
}

TargetProcess TargetProcess::Grab(int pid) {
  if (kill(pid, 0) != 0)
    throw RuntimeError("failed to grab pid " + std::to_string(pid) + ": " + strerror(errno));
  return TargetProcess(pid, false);
}

namespace {

constexpr uint64_t kAuxEntry = 9;  // AT_ENTRY: the executable's entry point

uint64_t EntryPoint(int pid) {
  std::string path = "/proc/" + std::to_string(pid) + "/auxv";
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  uint64_t pair[2];
  uint64_t entry = 0;
  while (read(fd, pair, sizeof(pair)) == static_cast<ssize_t>(sizeof(pair)) && pair[0] != 0)
    if (pair[0] == kAuxEntry) entry = pair[1];
  close(fd);
  return entry;
}

}  // namespace

void TargetProcess::RunToEntry() {
  if (!stopped_ || at_entry_) return;
  std::string what = "failed to run pid " + std::to_string(pid_) + " to its entry point: ";
  uint64_t entry = EntryPoint(pid_);
  if (entry == 0) throw RuntimeError(what + "no AT_ENTRY in its auxiliary vector");
  void* at = reinterpret_cast<void*>(entry);
  errno = 0;
  long original = ptrace(PTRACE_PEEKTEXT, pid_, at, nullptr);
  if (errno != 0) throw RuntimeError(what + strerror(errno));
  constexpr long kInt3 = 0xcc;
  if (ptrace(PTRACE_POKETEXT, pid_, at, reinterpret_cast<void*>((original & ~0xffL) | kInt3)) != 0)
    throw RuntimeError(what + strerror(errno));
  ptrace(PTRACE_CONT, pid_, nullptr, nullptr);
  for (;;) {
    int status = 0;
    if (WaitFor(pid_, &status) != pid_) throw RuntimeError(what + strerror(errno));
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      reaped_ = true;
      stopped_ = false;
      throw RuntimeError(what + "it ended before it got there");
    }
    if (WIFSTOPPED(status) && WSTOPSIG(status) == SIGTRAP) break;
    if (WIFSTOPPED(status)) ptrace(PTRACE_CONT, pid_, nullptr, WSTOPSIG(status));
  }
  // Put the instruction back and run it from its start.
  ptrace(PTRACE_POKETEXT, pid_, at, reinterpret_cast<void*>(original));
  user_regs_struct regs{};
  if (ptrace(PTRACE_GETREGS, pid_, nullptr, &regs) != 0) throw RuntimeError(what + strerror(errno));
  regs.rip = entry;
  ptrace(PTRACE_SETREGS, pid_, nullptr, &regs);
  at_entry_ = true;
}

void TargetProcess::Resume() {
  if (!stopped_) return;
  stopped_ = false;
  // Detaching resumes it without the SIGTRAP of the exec stop. If it was
  // killed meanwhile (ESRCH), Exited() says so.
  ptrace(PTRACE_DETACH, pid_, nullptr, nullptr);
}

bool TargetProcess::Exited() {
  if (pid_ <= 0 || reaped_) return true;
  if (created_) {
    int status;
    if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
    reaped_ = true;
    return true;
  }
  if (exit_fd_) {
    pollfd p{exit_fd_.get(), POLLIN, 0};
    return poll(&p, 1, 0) == 1;
  }
  return kill(pid_, 0) != 0 && errno == ESRCH;
}

}  // namespace dt
