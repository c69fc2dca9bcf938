#include "runtime/kernel_variable_address.h"

#include "runtime/system_map.h"

namespace dt::runtime {

std::optional<uint64_t> KernelVariableAddress(const std::string& module, const std::string& name,
                                              const KernelSymbols& kallsyms,
                                              const std::string& system_map_path) {
  std::optional<KernelSymbolDef> def = kallsyms.Lookup(name, module);
  if (def && def->address >= kKernelAddressSpaceStart) return def->address;
  std::optional<uint64_t> stext = kallsyms.AddressOf("_stext");
  if (!module.empty() || !stext) return std::nullopt;
  return SystemMapAddress(name, system_map_path, *stext);
}

std::optional<uint64_t> RunningKernelVariableAddress(const std::string& module,
                                                     const std::string& name) {
  return KernelVariableAddress(module, name, KernelSymbols::Kernel(), DefaultSystemMapPath());
}

}  // namespace dt::runtime
