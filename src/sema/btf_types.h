// Kernel types from BTF, imported into a TypeTable on demand.
//
// Parsing vmlinux BTF costs milliseconds, so nothing is read until a lookup
// actually needs a kernel type. Names follow C: "struct task_struct",
// "union u", "enum e" name tagged types; a bare name ("pid_t", "u64") is a
// typedef or base type. D's backquote scoping picks a module namespace:
// "struct vmlinux`task_struct", "vmlinux`pid_t", "struct mymod`foo". Without
// one, vmlinux is searched first, then module BTFs. The BTF itself comes
// from runtime::KernelBtf, which parses each object once for the process.
//
// Imports are cycle-safe and lazy: a struct named in a lookup comes back
// with its members filled in, but a struct only reached from it (a member's
// type, a pointer's target) gets its members on first need: FindMember and
// EnsureComplete (sema/types.h) fetch them. Sizes are always right at once.
// `types` must outlive this object; types it made stay valid afterwards,
// but structs never opened by then stay incomplete.
//
// Errors: a tagged or module-scoped name with no BTF to search throws
// CompileError (D_TYPE_ERR); an unknown name returns nullptr; bare names
// never throw (they may be user typos that the analyzer reports itself).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/kernel_btf.h"
#include "sema/types.h"

struct btf;

namespace dt {

class BtfTypeSource : private TypeCompleter {
 public:
  // `kernel` must outlive this object (tests give their own, to count
  // loads or to see the missing-BTF path).
  explicit BtfTypeSource(TypeTable& types,
                         runtime::KernelBtf& kernel = runtime::KernelBtf::Kernel());
  ~BtfTypeSource();
  BtfTypeSource(const BtfTypeSource&) = delete;
  BtfTypeSource& operator=(const BtfTypeSource&) = delete;

  // Makes `types.Lookup` fall back to this source, until this object is
  // destroyed (which removes the fallback again).
  void InstallAsFallback();

  // A type by its D spelling, optionally module-scoped; nullptr if unknown.
  const Type* LookupType(const std::string& name);
  // Same, in one namespace: `module` is "vmlinux" or a module name.
  const Type* LookupType(const std::string& module, const std::string& name);

  // The type of kernel global `name` (a BTF variable), nullptr if unknown.
  // "mod`name" scopes it as LookupType does. Never throws for missing BTF.
  const Type* LookupVariable(const std::string& name);

  // Byte offset of a member path such as "se.sum_exec_runtime" within
  // `type` ("struct task_struct"); nothing when a member is missing.
  std::optional<uint64_t> MemberOffset(const std::string& type, const std::string& path);

  // How many times vmlinux BTF has been read: 0 until the first lookup,
  // then 1 for good (a failure is remembered, not retried).
  int vmlinux_load_count() const { return kernel_.vmlinux_load_count(); }
  bool vmlinux_loaded() const { return kernel_.vmlinux_loaded(); }

 private:
  // One BTF object: vmlinux (index 0) or a module split on top of it.
  struct Unit {
    std::string module;
    const struct btf* btf = nullptr;
  };
  // Loads vmlinux if not done yet; false when it is absent.
  bool EnsureVmlinux();
  // Index of the unit for `module`, loaded on first use; -1 if it has no BTF.
  int ModuleUnit(const std::string& module);
  // Every module with BTF, loaded; used only when vmlinux lacks a name.
  void LoadAllModules();
  // keyword: 0 struct, 1 union, 2 enum, -1 a bare (typedef or base type) name.
  const Type* FindIn(int unit, int keyword, const std::string& name);
  const Type* FindVariableIn(int unit, const std::string& name);
  [[noreturn]] void NoBtf(const std::string& spelled) const;

  // Imports BTF type `id` of `unit`, its members filled in if it is a struct.
  const Type* ImportAll(int unit, uint32_t id);
  void Complete(const Type* su) override;
  const Type* Import(int unit, uint32_t id);
  const Type* ImportInt(int unit, uint32_t id);
  void FillStruct(int unit, uint32_t id, const Type* shell);
  // The unit that owns `id` (module BTF ids below vmlinux's count are vmlinux's).
  int OwnerOf(int unit, uint32_t id) const;

  TypeTable& types_;
  runtime::KernelBtf& kernel_;
  std::vector<Unit> units_;  // [0] is vmlinux once loaded
  bool all_modules_loaded_ = false;
  bool installed_ = false;
  uint32_t vmlinux_type_count_ = 0;
  std::map<std::pair<int, uint32_t>, const Type*> imported_;
  std::map<std::string, const Type*> by_name_;               // successful lookups by spelling
  std::map<const Type*, std::pair<int, uint32_t>> pending_;  // structs awaiting members
  const Type* bool_ = nullptr;
};

}  // namespace dt
