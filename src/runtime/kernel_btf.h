// The kernel's BTF (/sys/kernel/btf): vmlinux and the split BTF of each
// module, each parsed at most once, on first use.
//
// This is the one place that reads BTF. Sema imports kernel types through
// the `struct btf` objects it hands out (sema/btf_types.h); a provider can
// list the kernel's functions, and the runtime can name a function or type
// by its BTF id (what fentry/fexit programs attach by) without going
// through sema's type table.
//
// Parsing vmlinux BTF costs milliseconds and megabytes, so constructing a
// KernelBtf reads nothing: a program that names no kernel type never reads
// BTF. A module's BTF is split on top of vmlinux's: its type ids continue
// vmlinux's, and ids below vmlinux's count are vmlinux's types.
//
// Errors: the accessors that return `struct btf*` give nullptr when there
// is no BTF to read (vmlinux_error() says why; the failure is remembered,
// not retried); the lookups by name throw RuntimeError.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

struct btf;

namespace dt::runtime {

// A function the kernel's BTF describes (a FUNC entry).
struct BtfFunction {
  std::string name;
  std::string module;     // "vmlinux" or the module's name
  uint32_t id = 0;        // the FUNC's id
  uint32_t proto_id = 0;  // its FUNC_PROTO: return type and parameters
};

class KernelBtf {
 public:
  static constexpr const char* kDefaultDir = "/sys/kernel/btf";

  // The running kernel's, shared by the whole process. Thread-safe.
  static KernelBtf& Kernel();

  // `dir` holds "vmlinux" and one file per module (tests point it
  // elsewhere).
  explicit KernelBtf(std::string dir = kDefaultDir);
  ~KernelBtf();
  KernelBtf(const KernelBtf&) = delete;
  KernelBtf& operator=(const KernelBtf&) = delete;

  // vmlinux's BTF, parsed on the first call; nullptr when there is none.
  const struct btf* Vmlinux();
  // A module's BTF, parsed on the first call; "vmlinux" is Vmlinux().
  // nullptr when vmlinux or the module has no BTF, or `module` is not a
  // plain file name.
  const struct btf* Module(const std::string& module);
  // The modules that have BTF, sorted by name ("vmlinux" not among them).
  std::vector<std::string> ModuleNames() const;

  // The id of the type of `kind` (BTF_KIND_*) named `name` in `module`.
  // Throws RuntimeError when there is no such type or no BTF.
  uint32_t TypeId(const std::string& name, int kind, const std::string& module = "vmlinux");
  // The function named `name` in `module`; throws RuntimeError as TypeId.
  BtfFunction Function(const std::string& name, const std::string& module = "vmlinux");
  // Every function of `module` in id order (a module's own, not vmlinux's);
  // throws RuntimeError when the module has no BTF.
  std::vector<BtfFunction> Functions(const std::string& module = "vmlinux");

  // How many times vmlinux has been parsed: 0 until the first use, then 1.
  int vmlinux_load_count() const;
  bool vmlinux_loaded() const;
  // Why vmlinux has no BTF ("" while it has not been tried or was read).
  std::string vmlinux_error() const;
  const std::string& dir() const { return dir_; }

 private:
  struct Unit {
    std::string module;
    struct btf* btf = nullptr;
  };
  struct btf* VmlinuxLocked();
  struct btf* ModuleLocked(const std::string& module);
  // The BTF of `module` or a RuntimeError saying why there is none.
  const struct btf* Require(const std::string& module);

  const std::string dir_;
  mutable std::mutex mutex_;
  bool vmlinux_tried_ = false;
  std::string vmlinux_error_;
  std::vector<Unit> units_;  // [0] is vmlinux once it has been read
};

}  // namespace dt::runtime
