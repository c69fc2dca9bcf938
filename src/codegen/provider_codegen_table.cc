// Each provider's part in code generation, one line each.
#include <stdexcept>

#include "codegen/probe_context.h"
#include "providers/dtrace_provider.h"
#include "providers/fbt_provider.h"
#include "providers/lockstat_provider.h"
#include "providers/net_providers.h"
#include "providers/pid_provider.h"
#include "providers/profile_provider.h"
#include "providers/sdt_provider.h"
#include "providers/stable_providers.h"
#include "providers/syscall_provider.h"
#include "providers/usdt_provider.h"

namespace dt {

const ProviderCodegen& DtraceCodegen();   // dtrace_context.cc
const ProviderCodegen& ProfileCodegen();  // profile_context.cc
const ProviderCodegen& SyscallCodegen();  // syscall_context.cc
const ProviderCodegen& SdtCodegen();      // sdt_context.cc
const ProviderCodegen& StableCodegen();   // stable_context.cc
const ProviderCodegen& PidCodegen();      // pid_context.cc
const ProviderCodegen& UsdtCodegen();     // usdt_context.cc
const ProviderCodegen& FbtCodegen();      // fbt_context.cc

const ProviderCodegen& CodegenOf(const Provider& provider) {
  struct Entry {
    const Provider& provider;
    const ProviderCodegen& codegen;
  };
  static const Entry kTable[] = {
      {DtraceProvider(), DtraceCodegen()},   {ProfileProvider(), ProfileCodegen()},
      {SyscallProvider(), SyscallCodegen()}, {SdtProvider(), SdtCodegen()},
      {StableProvider(), StableCodegen()},   {NetProvider(), StableCodegen()},
      {LockstatProvider(), StableCodegen()}, {PidProvider(), PidCodegen()},
      {UsdtProvider(), UsdtCodegen()},       {FbtProvider(), FbtCodegen()},
  };
  for (const Entry& e : kTable)
    if (&e.provider == &provider) return e.codegen;
  throw std::logic_error("a provider without code generation");
}

}  // namespace dt
