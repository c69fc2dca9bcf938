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

#include <cerrno>
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

// A test program run under ptrace: started stopped at its exec, resumed
// until its next stop (a SIGSTOP it raises, an int3), killed when this
// object goes away.
class TracedProgram {
 public:
  TracedProgram(const std::string& path, const std::string& arg) {
    pid_ = fork();
    if (pid_ == 0) {
      ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
      execl(path.c_str(), path.c_str(), arg.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    at_exec_ = pid_ > 0 && waitpid(pid_, &status, 0) == pid_ && WIFSTOPPED(status) &&
               WSTOPSIG(status) == SIGTRAP;
  }
  ~TracedProgram() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  TracedProgram(const TracedProgram&) = delete;
  TracedProgram& operator=(const TracedProgram&) = delete;

  pid_t pid() const { return pid_; }
  bool at_exec() const { return at_exec_; }

  // Resumes (without delivering the signal that stopped it) and waits for
  // the next stop: true and its signal and registers, or false when the
  // program ended.
  bool ContinueToStop() {
    int status = 0;
    if (ptrace(PTRACE_CONT, pid_, nullptr, nullptr) != 0) return false;
    if (waitpid(pid_, &status, 0) != pid_ || !WIFSTOPPED(status)) return false;
    stop_signal_ = WSTOPSIG(status);
    return ptrace(PTRACE_GETREGS, pid_, nullptr, &regs_) == 0;
  }
  // Writes one byte of the program's text (a breakpoint).
  bool PokeByte(uint64_t addr, uint8_t byte) {
    uint64_t aligned = addr & ~uint64_t(7);
    errno = 0;
    long word = ptrace(PTRACE_PEEKTEXT, pid_, reinterpret_cast<void*>(aligned), nullptr);
    if (errno != 0) return false;
    unsigned shift = (addr - aligned) * 8;
    uint64_t w = (uint64_t(word) & ~(uint64_t(0xff) << shift)) | (uint64_t(byte) << shift);
    return ptrace(PTRACE_POKETEXT, pid_, reinterpret_cast<void*>(aligned),
                  reinterpret_cast<void*>(w)) == 0;
  }
  int stop_signal() const { return stop_signal_; }
  const user_regs_struct& regs() const { return regs_; }

 private:
  pid_t pid_ = -1;
  bool at_exec_ = false;
  int stop_signal_ = 0;
  user_regs_struct regs_{};
};

// A test program run until it stops itself the first time.
class StoppedProgram : public TracedProgram {
 public:
  StoppedProgram(const std::string& path, const std::string& mode) : TracedProgram(path, mode) {
    stopped_ = at_exec() && ContinueToStop();
  }
  bool stopped() const { return stopped_; }

 private:
  bool stopped_ = false;
};

// Hand-assembled call-frame records for the CFI parser tests.
inline std::string Uleb(uint64_t v) {
  std::string out;
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    out += char(v ? b | 0x80 : b);
  } while (v);
  return out;
}
inline std::string Sleb(int64_t v) {
  std::string out;
  for (;;) {
    uint8_t b = v & 0x7f;
    v >>= 7;
    bool done = (v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40));
    out += char(done ? b : b | 0x80);
    if (done) return out;
  }
}
inline std::string U32(uint32_t v) { return std::string(reinterpret_cast<char*>(&v), 4); }

// An .eh_frame CIE "zR" with FDE pointers pcrel|sdata4, return address
// column 16, data alignment -8, and the given initial instructions.
inline std::string EhCie(const std::string& initial) {
  std::string body = U32(0) + char(1) + std::string("zR", 3) + Uleb(1) + Sleb(-8) + char(16) +
                     Uleb(1) + char(0x1b) + initial;
  return U32(uint32_t(body.size())) + body;
}
// An .eh_frame FDE placed at section offset `at`, for the CIE at offset
// cie_at, covering [pc, pc + range) given the section's vaddr.
inline std::string EhFde(size_t at, size_t cie_at, uint64_t section_vaddr, uint64_t pc,
                         uint32_t range, const std::string& instructions) {
  uint32_t cie_pointer = uint32_t(at + 4 - cie_at);
  uint64_t field = section_vaddr + at + 8;
  std::string body =
      U32(cie_pointer) + U32(uint32_t(pc - field)) + U32(range) + Uleb(0) + instructions;
  return U32(uint32_t(body.size())) + body;
}

}  // namespace dt::elf::testing
