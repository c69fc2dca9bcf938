#include "runtime/bpf_prog.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <fcntl.h>
#include <sched.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>

#include "runtime/kernel_name.h"

namespace dt::runtime {
namespace {

constexpr size_t kInitialLogSize = 1 << 20;
// A longer log would only add instructions; since Linux 6.4 a full buffer
// keeps the log's tail, which is where the reason is.
constexpr size_t kMaxLogSize = 64u << 20;

// Where the program's functions start (0 for the main one, then every
// callback a BPF_PSEUDO_FUNC ld_imm64 names and every BPF_PSEUDO_CALL
// target), in order.
std::vector<uint32_t> FunctionStarts(const std::vector<bpf_insn>& insns) {
  std::set<uint32_t> starts{0};
  for (size_t i = 0; i < insns.size(); ++i) {
    const bpf_insn& insn = insns[i];
    bool func_addr = insn.code == (BPF_LD | BPF_IMM | BPF_DW) && insn.src_reg == BPF_PSEUDO_FUNC;
    bool call = insn.code == (BPF_JMP | BPF_CALL) && insn.src_reg == BPF_PSEUDO_CALL;
    if (func_addr || call)
      starts.insert(static_cast<uint32_t>(static_cast<long>(i) + insn.imm + 1));
    if (insn.code == (BPF_LD | BPF_IMM | BPF_DW)) ++i;
  }
  return {starts.begin(), starts.end()};
}

// The kernel takes a callback's address only in a program whose functions
// BTF describes: one `int f(void)` type, kMaxFunctions static functions of
// it (type ids 3, 4, ...; 1 is int, 2 the prototype), loaded once.
constexpr size_t kMaxFunctions = 8;

int FunctionBtfFd() {
  static int fd = [] {
    struct btf* btf = btf__new_empty();
    if (btf == nullptr) return -1;
    int int_type = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
    int proto = btf__add_func_proto(btf, int_type);
    for (size_t i = 0; i < kMaxFunctions; ++i)
      btf__add_func(btf, ("f" + std::to_string(i)).c_str(), BTF_FUNC_STATIC, proto);
    // The kernel's object is kept for the process' life through a copy of
    // its fd; libbpf's in-memory BTF (and its own fd) goes.
    int kept = btf__load_into_kernel(btf) < 0 ? -1 : fcntl(btf__fd(btf), F_DUPFD_CLOEXEC, 0);
    btf__free(btf);
    return kept;
  }();
  return fd;
}

int TryLoad(uint32_t prog_type, const std::vector<bpf_insn>& insns, const std::string& name,
            std::string* log, uint32_t expected_attach_type, uint32_t attach_btf_id,
            int attach_btf_obj_fd) {
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  std::vector<bpf_func_info> func_info;
  std::vector<uint32_t> starts = FunctionStarts(insns);
  if (starts.size() > 1 && starts.size() <= kMaxFunctions) {
    int btf_fd = FunctionBtfFd();
    if (btf_fd >= 0) {
      // The FUNC types are ids 3, 4, ... (1: int, 2: the prototype).
      for (size_t i = 0; i < starts.size(); ++i)
        func_info.push_back({starts[i], static_cast<uint32_t>(3 + i)});
      opts.prog_btf_fd = static_cast<uint32_t>(btf_fd);
      opts.func_info = func_info.data();
      opts.func_info_cnt = static_cast<uint32_t>(func_info.size());
      opts.func_info_rec_size = sizeof(bpf_func_info);
    }
  }
  opts.expected_attach_type = static_cast<bpf_attach_type>(expected_attach_type);
  opts.attach_btf_id = attach_btf_id;
  opts.attach_btf_obj_fd = static_cast<uint32_t>(attach_btf_obj_fd);
  if (log != nullptr) {
    opts.log_level = 1;
    opts.log_buf = log->data();
    opts.log_size = static_cast<uint32_t>(log->size());
  }
  std::string kernel_name = KernelObjectName(name);
  return bpf_prog_load(static_cast<bpf_prog_type>(prog_type), kernel_name.c_str(), "GPL",
                       insns.data(), insns.size(), &opts);
}

bool IsStatisticsLine(const std::string& line) {
  for (const char* prefix : {"processed ", "verification time", "stack depth", "-- ", "mark_read",
                             "max_states_per_insn"}) {
    if (line.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

}  // namespace

VerifierError::VerifierError(std::string program_name, std::string reason, std::string log,
                             int error)
    : dt::RuntimeError("the BPF verifier rejected the program for " + program_name + ": " + reason),
      program_name_(std::move(program_name)),
      reason_(std::move(reason)),
      log_(std::move(log)),
      error_(error) {}

std::string VerifierReason(const std::string& log) {
  std::istringstream lines(log);
  std::string line, last;
  while (std::getline(lines, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || IsStatisticsLine(line)) continue;
    last = line;
  }
  return last;
}

Program LoadProgram(uint32_t prog_type, const std::vector<bpf_insn>& insns, const std::string& name,
                    uint32_t expected_attach_type, uint32_t attach_btf_id, int attach_btf_obj_fd) {
  if (insns.empty()) throw VerifierError(name, "the program is empty", "", EINVAL);
  int fd = TryLoad(prog_type, insns, name, nullptr, expected_attach_type, attach_btf_id,
                   attach_btf_obj_fd);
  if (fd >= 0) return Program(UniqueFd(fd), prog_type, name);
  int first_error = errno;

  // Load again only to learn why; the verifier is deterministic.
  std::string log;
  int error = first_error;
  for (size_t size = kInitialLogSize; size <= kMaxLogSize; size *= 2) {
    log.assign(size, '\0');
    fd = TryLoad(prog_type, insns, name, &log, expected_attach_type, attach_btf_id,
                 attach_btf_obj_fd);
    error = errno;
    if (fd >= 0 || error != ENOSPC) break;
  }
  if (fd >= 0) {
    // Loading with the log on succeeded where the plain load failed; keep it.
    return Program(UniqueFd(fd), prog_type, name);
  }
  if (error == ENOSPC) error = first_error;  // the log overflowed, not the program
  log.resize(strnlen(log.data(), log.size()));
  std::string reason = VerifierReason(log);
  if (reason.empty()) {
    reason = (error == EPERM) ? "insufficient privileges (need root or CAP_BPF+CAP_PERFMON)"
                              : std::strerror(error);
  }
  throw VerifierError(name, reason, log, error);
}

bool IsComplexityError(const VerifierError& e) {
  return e.error() == E2BIG || e.reason().find("too complex") != std::string::npos ||
         e.reason().find("too large") != std::string::npos;
}

std::optional<uint32_t> VerifiedInstructions(uint32_t prog_type, const std::vector<bpf_insn>& insns,
                                             int* error, uint32_t expected_attach_type,
                                             uint32_t attach_btf_id, int attach_btf_obj_fd) {
  int fd = TryLoad(prog_type, insns, "dtrace_cost", nullptr, expected_attach_type, attach_btf_id,
                   attach_btf_obj_fd);
  if (fd < 0) {
    *error = errno;
    return std::nullopt;
  }
  UniqueFd owned(fd);
  bpf_prog_info info{};
  uint32_t len = sizeof(info);
  if (bpf_obj_get_info_by_fd(fd, &info, &len) != 0) {
    *error = errno;
    return std::nullopt;
  }
  *error = 0;
  return info.verified_insns;
}

uint32_t RunProgramOnce(int prog_fd, const std::vector<uint64_t>& ctx_args) {
  // The kernel refuses a context shorter than the furthest argument the
  // program reads, so "no arguments" means the maximum number of zeros.
  constexpr size_t kMaxRawTracepointArgs = 12;  // MAX_BPF_FUNC_ARGS
  std::vector<uint64_t> args = ctx_args;
  if (args.empty()) args.assign(kMaxRawTracepointArgs, 0);
  LIBBPF_OPTS(bpf_test_run_opts, opts);
  opts.ctx_in = args.data();
  opts.ctx_size_in = static_cast<uint32_t>(args.size() * sizeof(uint64_t));
  // Without BPF_F_TEST_RUN_ON_CPU the kernel runs a raw tracepoint program
  // right here, on whatever CPU this thread is on, which is what BEGIN and
  // END need.
  if (bpf_prog_test_run_opts(prog_fd, &opts) != 0) {
    throw RuntimeError(std::string("cannot run BPF program: ") + std::strerror(errno));
  }
  return opts.retval;
}

}  // namespace dt::runtime
