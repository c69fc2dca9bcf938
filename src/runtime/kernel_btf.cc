#include "runtime/kernel_btf.h"

#include <bpf/btf.h>
#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "common/diagnostic.h"

namespace dt::runtime {

namespace {

// Module names come from D programs ("struct mymod`foo"): never a path.
bool IsPlainFileName(const std::string& s) {
  return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos;
}

const char* KindName(int kind) {
  switch (kind) {
    case BTF_KIND_FUNC:
      return "function";
    case BTF_KIND_STRUCT:
      return "struct";
    case BTF_KIND_UNION:
      return "union";
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      return "enum";
    case BTF_KIND_TYPEDEF:
      return "typedef";
    case BTF_KIND_VAR:
      return "variable";
    default:
      return "type";
  }
}

// The first id of `b`'s own types: a split BTF's ids continue its base's.
uint32_t FirstOwnId(const struct btf* b) {
  const struct btf* base = btf__base_btf(b);
  return base ? btf__type_cnt(base) : 1;
}

// Like btf__find_by_name_kind, but only among `b`'s own types: a module's
// lookup must not answer with a vmlinux type of the same name.
int FindOwn(const struct btf* b, const std::string& name, int kind) {
  if (btf__base_btf(b) == nullptr) return btf__find_by_name_kind(b, name.c_str(), kind);
  for (uint32_t id = FirstOwnId(b); id < btf__type_cnt(b); ++id) {
    const btf_type* t = btf__type_by_id(b, id);
    if (btf_kind(t) == kind && name == btf__name_by_offset(b, t->name_off))
      return static_cast<int>(id);
  }
  return -1;
}

}  // namespace

KernelBtf& KernelBtf::Kernel() {
  static KernelBtf kernel;
  return kernel;
}

KernelBtf::KernelBtf(std::string dir) : dir_(std::move(dir)) {}

KernelBtf::~KernelBtf() {
  // Module BTFs are split on top of vmlinux's, so they go first.
  for (size_t i = units_.size(); i-- > 0;) btf__free(units_[i].btf);
}

struct btf* KernelBtf::VmlinuxLocked() {
  if (vmlinux_tried_) return units_[0].btf;
  vmlinux_tried_ = true;
  std::string path = dir_ + "/vmlinux";
  struct btf* b = btf__parse_raw(path.c_str());
  if (b == nullptr) vmlinux_error_ = path + ": " + std::strerror(errno);
  units_.push_back(Unit{"vmlinux", b});
  return b;
}

struct btf* KernelBtf::ModuleLocked(const std::string& module) {
  struct btf* vmlinux = VmlinuxLocked();
  if (module == "vmlinux") return vmlinux;
  for (const Unit& u : units_)
    if (u.module == module) return u.btf;
  if (vmlinux == nullptr || !IsPlainFileName(module)) return nullptr;
  std::string path = dir_ + "/" + module;
  struct btf* b = btf__parse_raw_split(path.c_str(), vmlinux);
  units_.push_back(Unit{module, b});  // a failure is remembered too
  return b;
}

const struct btf* KernelBtf::Vmlinux() {
  std::lock_guard lock(mutex_);
  return VmlinuxLocked();
}

const struct btf* KernelBtf::Module(const std::string& module) {
  std::lock_guard lock(mutex_);
  return ModuleLocked(module);
}

std::vector<std::string> KernelBtf::ModuleNames() const {
  std::vector<std::string> names;
  DIR* d = opendir(dir_.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name != "vmlinux" && IsPlainFileName(name)) names.push_back(name);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

const struct btf* KernelBtf::Require(const std::string& module) {
  const struct btf* b = Module(module);
  if (b != nullptr) return b;
  std::string why = vmlinux_error();
  if (why.empty()) why = dir_ + "/" + module + ": no BTF for this module";
  throw RuntimeError("kernel type information (BTF) is not available: " + why);
}

uint32_t KernelBtf::TypeId(const std::string& name, int kind, const std::string& module) {
  const struct btf* b = Require(module);
  int id = FindOwn(b, name, kind);
  if (id <= 0) {
    throw RuntimeError(std::string("the kernel's BTF has no ") + KindName(kind) + " named '" +
                       name + "'" + (module == "vmlinux" ? "" : " in module " + module));
  }
  return static_cast<uint32_t>(id);
}

BtfFunction KernelBtf::Function(const std::string& name, const std::string& module) {
  uint32_t id = TypeId(name, BTF_KIND_FUNC, module);
  return BtfFunction{name, module, id, btf__type_by_id(Module(module), id)->type};
}

std::vector<BtfFunction> KernelBtf::Functions(const std::string& module) {
  const struct btf* b = Require(module);
  std::vector<BtfFunction> out;
  for (uint32_t id = FirstOwnId(b); id < btf__type_cnt(b); ++id) {
    const btf_type* t = btf__type_by_id(b, id);
    if (!btf_is_func(t)) continue;
    out.push_back(BtfFunction{btf__name_by_offset(b, t->name_off), module, id, t->type});
  }
  return out;
}

int KernelBtf::vmlinux_load_count() const {
  std::lock_guard lock(mutex_);
  return vmlinux_tried_ ? 1 : 0;
}

bool KernelBtf::vmlinux_loaded() const {
  std::lock_guard lock(mutex_);
  return vmlinux_tried_ && units_[0].btf != nullptr;
}

std::string KernelBtf::vmlinux_error() const {
  std::lock_guard lock(mutex_);
  return vmlinux_error_;
}

}  // namespace dt::runtime
