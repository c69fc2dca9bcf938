// Helpers shared by the elf stage's unit tests (header-only: nothing here
// goes into the library): paths of the test binaries CMake builds
// (src/elf/testdata), whole-file reads, running binutils as an independent
// oracle, and a test program started under ptrace and stopped.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef ELF_TESTDATA_DIR
#error "elf_tests are built with ELF_TESTDATA_DIR (src/elf/testdata/CMakeLists.txt)"
#endif

namespace dt::elf::testing {

inline std::string TestBinary(const std::string& name) {
  return std::string(ELF_TESTDATA_DIR) + "/" + name;
}

inline bool FileExists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

inline std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Output of a shell command (the oracle: readelf, nm from binutils).
inline std::string RunCommand(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// A test program started under ptrace and run until it stops itself (a
// SIGSTOP it raises or an int3); killed when this object goes away.
class StoppedProgram {
 public:
  StoppedProgram(const std::string& path, const std::string& mode) {
    pid_ = fork();
    if (pid_ == 0) {
      ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
      execl(path.c_str(), path.c_str(), mode.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    // The exec stop, then the program's own stop.
    if (pid_ < 0 || waitpid(pid_, &status, 0) != pid_ || !WIFSTOPPED(status)) return;
    if (ptrace(PTRACE_CONT, pid_, nullptr, nullptr) != 0) return;
    if (waitpid(pid_, &status, 0) != pid_ || !WIFSTOPPED(status)) return;
    stop_signal_ = WSTOPSIG(status);
    stopped_ = ptrace(PTRACE_GETREGS, pid_, nullptr, &regs_) == 0;
  }
  ~StoppedProgram() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  StoppedProgram(const StoppedProgram&) = delete;
  StoppedProgram& operator=(const StoppedProgram&) = delete;

  bool stopped() const { return stopped_; }
  pid_t pid() const { return pid_; }
  int stop_signal() const { return stop_signal_; }
  const user_regs_struct& regs() const { return regs_; }

 private:
  pid_t pid_ = -1;
  bool stopped_ = false;
  int stop_signal_ = 0;
  user_regs_struct regs_{};
};

}  // namespace dt::elf::testing
