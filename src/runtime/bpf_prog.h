// Loading BPF programs, and running one synchronously.
//
// The code generator hands over raw instructions; LoadProgram loads them with
// license "GPL" (many tracing helpers are GPL-only). On rejection it loads
// again with the verifier log on (log level 1; the buffer starts at 1 MiB and
// grows on ENOSPC) and throws VerifierError carrying the verifier's reason and
// its full log. The driver words the final message, e.g.
//   dtrace: failed to enable probes: the BPF verifier rejected the program
//   for syscall::read:entry: <reason()>
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostic.h"
#include "runtime/unique_fd.h"

namespace dt::runtime {

class Program {
 public:
  Program() = default;
  Program(UniqueFd fd, uint32_t type, std::string name)
      : fd_(std::move(fd)), type_(type), name_(std::move(name)) {}

  int fd() const { return fd_.get(); }
  uint32_t type() const { return type_; }
  const std::string& name() const { return name_; }
  bool valid() const { return fd_.valid(); }

 private:
  UniqueFd fd_;
  uint32_t type_ = 0;
  std::string name_;
};

// The program failed to load. what() is
//   "the BPF verifier rejected the program for <name>: <reason>"
// reason() is the verifier's last meaningful line(s) (or the errno text when
// the kernel gave no log, e.g. "Operation not permitted"); log() is the full
// verifier log (may be empty); error() is the errno of the failed load.
class VerifierError : public dt::RuntimeError {
 public:
  VerifierError(std::string program_name, std::string reason, std::string log, int error);

  const std::string& program_name() const { return program_name_; }
  const std::string& reason() const { return reason_; }
  const std::string& log() const { return log_; }
  int error() const { return error_; }

 private:
  std::string program_name_;
  std::string reason_;
  std::string log_;
  int error_;
};

// prog_type: BPF_PROG_TYPE_RAW_TRACEPOINT, _TRACEPOINT, _PERF_EVENT...
// `name` is the probe description used in messages ("syscall::read:entry");
// the kernel gets a sanitised 15-character version of it.
// expected_attach_type: BPF_TRACE_* for programs whose attach needs one.
// attach_btf_id, attach_btf_obj_fd: the kernel function a
// BPF_PROG_TYPE_TRACING program is for (its BTF id, and the module's BTF
// object fd, 0 for vmlinux).
Program LoadProgram(uint32_t prog_type, const std::vector<bpf_insn>& insns, const std::string& name,
                    uint32_t expected_attach_type = 0, uint32_t attach_btf_id = 0,
                    int attach_btf_obj_fd = 0);

// Whether the verifier refused the program for its complexity (the 1M
// instructions it explores at most, or too many pending branches), rather
// than for something the program does wrong.
bool IsComplexityError(const VerifierError& e);

// Loads the program only to measure it and unloads it again: the number of
// instructions the verifier explored (bpf_prog_info.verified_insns), or
// nothing when the kernel refused it, with the errno in *error.
std::optional<uint32_t> VerifiedInstructions(uint32_t prog_type, const std::vector<bpf_insn>& insns,
                                             int* error, uint32_t expected_attach_type = 0,
                                             uint32_t attach_btf_id = 0, int attach_btf_obj_fd = 0);

// Extracts the reason from a verifier log: the last non-empty lines that are
// not statistics ("processed N insns ...", "verification time ...").
std::string VerifierReason(const std::string& log);

// Runs a BPF_PROG_TYPE_RAW_TRACEPOINT program once via BPF_PROG_TEST_RUN, in
// this process's context on the current CPU (used for BEGIN and END:
// bpf_get_current_pid_tgid() etc. see the dtrace process). `ctx_args` is the
// raw tracepoint argument array (u64 args[], at most 12); empty means twelve
// zeros, so the program may read any argument. Returns the program's return
// value (r0). Throws RuntimeError on failure (e.g. too many arguments).
uint32_t RunProgramOnce(int prog_fd, const std::vector<uint64_t>& ctx_args = {});

}  // namespace dt::runtime
