// The kernel functions a tracer can attach to (the fbt provider's probes):
// every function the kernel's BTF describes (vmlinux and each module in
// /sys/kernel/btf), kept only if ftrace can trace it when the kernel says
// which it can (tracefs available_filter_functions; unreadable in some
// sandboxes, and then every BTF function is listed), with its prototype
// rendered as C type names for args[].
//
// Reading the list costs the BTF parse (tens of milliseconds for vmlinux)
// and one read of available_filter_functions; callers ask only when a
// probe description could name an fbt probe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

struct btf;

namespace dt::runtime {

// One parameter or return type of a kernel function, from BTF.
struct KernelFunctionType {
  std::string name;  // C spelling: "struct file *", "size_t", "const char *"
  uint32_t size = 8;
  bool is_signed = false;
  // Passed in registers as an integer or pointer (not a struct by value,
  // not a float): what fentry trampolines and argN can carry.
  bool scalar = true;
};

struct KernelFunction {
  std::string name;
  std::string module;   // "vmlinux" or the module's name
  uint32_t btf_id = 0;  // the FUNC in the module's BTF
};

// The functions ftrace can trace, from tracefs available_filter_functions
// ("name" or "name [module]" lines). known is false when the file cannot be
// read: then nothing is known to be untraceable.
class TraceableFunctions {
 public:
  static TraceableFunctions Read();
  static TraceableFunctions Parse(std::string_view text);
  bool known() const { return known_; }
  bool Contains(const std::string& module, const std::string& name) const;

 private:
  bool known_ = false;
  std::unordered_set<std::string> keys_;  // module + '\0' + name
};

// Every traceable function the kernel's BTF describes: vmlinux's first,
// then each module's (by module name); within one, sorted by name, each
// name once. Empty when the kernel has no BTF.
std::vector<KernelFunction> ListKernelFunctions();

// One function of vmlinux by name, without listing them all (providers
// defined over a few kernel functions); nullopt when its BTF lacks it.
// Whether ftrace can trace it is not asked: attaching says.
std::optional<KernelFunction> FindVmlinuxFunction(const std::string& name);

// The parameters and return type of `f` (from the kernel's BTF). `returns`
// is empty for a void function.
struct KernelPrototype {
  std::vector<KernelFunctionType> params;
  std::optional<KernelFunctionType> returns;
};
KernelPrototype KernelFunctionPrototype(const KernelFunction& f);

// The C spelling of BTF type `id` in `b` (tests use this directly).
KernelFunctionType DescribeBtfType(const struct btf* b, uint32_t id);

}  // namespace dt::runtime
