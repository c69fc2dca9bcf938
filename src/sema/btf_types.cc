#include "sema/btf_types.h"

#include <bpf/btf.h>

#include <algorithm>
#include <cstring>

#include "common/diagnostic.h"

namespace dt {

namespace {

const char* const kKeywords[] = {"struct ", "union ", "enum "};

// "struct mod`tag", "mod`name", "struct tag", "name" split into parts.
struct ParsedName {
  int keyword = -1;  // index into kKeywords, -1 for a bare name
  std::string module;
  std::string name;

  std::string Spelled() const {
    std::string s = keyword >= 0 ? kKeywords[keyword] : "";
    if (!module.empty()) s += module + "`";
    return s + name;
  }
};

int StripKeyword(std::string& s) {
  for (int k = 0; k < 3; ++k) {
    size_t len = std::strlen(kKeywords[k]);
    if (s.compare(0, len, kKeywords[k]) == 0) {
      s.erase(0, len);
      return k;
    }
  }
  return -1;
}

ParsedName ParseName(const std::string& spelled) {
  ParsedName p;
  std::string rest = spelled;
  p.keyword = StripKeyword(rest);
  size_t tick = rest.find('`');
  if (tick != std::string::npos) {
    p.module = rest.substr(0, tick);
    rest.erase(0, tick + 1);
    if (p.keyword < 0) p.keyword = StripKeyword(rest);
  }
  p.name = rest;
  return p;
}

std::string BtfName(const struct btf* b, uint32_t name_off) {
  const char* s = btf__name_by_offset(b, name_off);
  return s ? s : "";
}

}  // namespace

BtfTypeSource::BtfTypeSource(TypeTable& types, runtime::KernelBtf& kernel)
    : types_(types), kernel_(kernel) {}

BtfTypeSource::~BtfTypeSource() {
  // Structs never opened stay incomplete rather than call back into a dead
  // object; the table owns them (and outlives us), so writing is sound.
  for (auto& [shell, key] : pending_) const_cast<Type*>(shell)->completer = nullptr;
  if (installed_) types_.set_external_lookup(nullptr);
}

void BtfTypeSource::InstallAsFallback() {
  types_.set_external_lookup([this](const std::string& name) { return LookupType(name); });
  installed_ = true;
}

bool BtfTypeSource::EnsureVmlinux() {
  if (!units_.empty()) return units_[0].btf != nullptr;
  const struct btf* b = kernel_.Vmlinux();
  units_.push_back(Unit{"vmlinux", b});
  if (b != nullptr) vmlinux_type_count_ = btf__type_cnt(b);
  return b != nullptr;
}

int BtfTypeSource::ModuleUnit(const std::string& module) {
  if (module == "vmlinux") return 0;
  for (size_t i = 1; i < units_.size(); ++i)
    if (units_[i].module == module) return static_cast<int>(i);
  const struct btf* b = kernel_.Module(module);
  if (b == nullptr) return -1;
  units_.push_back(Unit{module, b});
  return static_cast<int>(units_.size() - 1);
}

void BtfTypeSource::LoadAllModules() {
  if (all_modules_loaded_) return;
  all_modules_loaded_ = true;
  for (const std::string& name : kernel_.ModuleNames()) ModuleUnit(name);
}

void BtfTypeSource::NoBtf(const std::string& spelled) const {
  throw CompileError(
      "D_TYPE_ERR", 0,
      "failed to resolve type " + spelled +
          ": kernel type information (BTF) is not available: " + kernel_.vmlinux_error());
}

const Type* BtfTypeSource::LookupType(const std::string& name) {
  ParsedName p = ParseName(name);
  if (!p.module.empty()) return LookupType(p.module, p.Spelled());
  auto cached = by_name_.find(name);
  if (cached != by_name_.end()) return cached->second;
  if (!EnsureVmlinux()) {
    if (p.keyword >= 0) NoBtf(p.Spelled());
    return nullptr;
  }
  const Type* t = FindIn(0, p.keyword, p.name);
  if (t == nullptr) {
    LoadAllModules();
    for (size_t i = 1; i < units_.size() && t == nullptr; ++i)
      t = FindIn(static_cast<int>(i), p.keyword, p.name);
  }
  if (t != nullptr) by_name_[name] = t;
  return t;
}

const Type* BtfTypeSource::LookupType(const std::string& module, const std::string& name) {
  ParsedName p = ParseName(name);
  p.module = module;
  if (!EnsureVmlinux()) NoBtf(p.Spelled());
  int unit = ModuleUnit(module);
  if (unit < 0) {
    throw CompileError("D_TYPE_ERR", 0,
                       "failed to resolve type " + p.Spelled() + ": Unknown module name");
  }
  std::string key = p.Spelled();
  auto cached = by_name_.find(key);
  if (cached != by_name_.end()) return cached->second;
  const Type* t = FindIn(unit, p.keyword, p.name);
  if (t != nullptr) by_name_[key] = t;
  return t;
}

std::optional<uint64_t> BtfTypeSource::MemberOffset(const std::string& type,
                                                    const std::string& path) {
  const Type* t = LookupType(type);
  uint64_t offset = 0;
  for (size_t start = 0; t != nullptr && start <= path.size();) {
    size_t dot = std::min(path.find('.', start), path.size());
    std::optional<MemberLocation> m = FindMember(t, path.substr(start, dot - start));
    if (!m) return std::nullopt;
    offset += m->byte_offset();
    t = StripTypedefs(m->type);
    start = dot + 1;
  }
  if (t == nullptr) return std::nullopt;
  return offset;
}

const Type* BtfTypeSource::LookupVariable(const std::string& spelled) {
  ParsedName p = ParseName(spelled);
  if (p.keyword >= 0 || !EnsureVmlinux()) return nullptr;
  if (!p.module.empty()) {
    int unit = ModuleUnit(p.module);
    return unit < 0 ? nullptr : FindVariableIn(unit, p.name);
  }
  const Type* t = FindVariableIn(0, p.name);
  if (t == nullptr) {
    LoadAllModules();
    for (size_t i = 1; i < units_.size() && t == nullptr; ++i)
      t = FindVariableIn(static_cast<int>(i), p.name);
  }
  return t;
}

const Type* BtfTypeSource::FindIn(int unit, int keyword, const std::string& name) {
  const struct btf* b = units_[unit].btf;
  std::vector<int> kinds;
  switch (keyword) {
    case 0:
      kinds = {BTF_KIND_STRUCT};
      break;
    case 1:
      kinds = {BTF_KIND_UNION};
      break;
    case 2:
      kinds = {BTF_KIND_ENUM, BTF_KIND_ENUM64};
      break;
    default:
      kinds = {BTF_KIND_TYPEDEF, BTF_KIND_INT, BTF_KIND_FLOAT};
  }
  for (int kind : kinds) {
    int id = btf__find_by_name_kind(b, name.c_str(), kind);
    if (id > 0) return ImportAll(unit, static_cast<uint32_t>(id));
  }
  return nullptr;
}

const Type* BtfTypeSource::FindVariableIn(int unit, const std::string& name) {
  const struct btf* b = units_[unit].btf;
  int id = btf__find_by_name_kind(b, name.c_str(), BTF_KIND_VAR);
  if (id <= 0) return nullptr;
  return ImportAll(unit, btf__type_by_id(b, id)->type);
}

int BtfTypeSource::OwnerOf(int unit, uint32_t id) const {
  return unit != 0 && id < vmlinux_type_count_ ? 0 : unit;
}

const Type* BtfTypeSource::ImportAll(int unit, uint32_t id) {
  return EnsureComplete(Import(unit, id));
}

void BtfTypeSource::Complete(const Type* su) {
  auto it = pending_.find(su);
  if (it == pending_.end()) return;
  auto [unit, id] = it->second;
  pending_.erase(it);
  FillStruct(unit, id, su);
}

const Type* BtfTypeSource::Import(int unit, uint32_t id) {
  if (id == 0) return types_.Void();
  unit = OwnerOf(unit, id);
  auto key = std::make_pair(unit, id);
  auto found = imported_.find(key);
  if (found != imported_.end()) return found->second;

  const struct btf* b = units_[unit].btf;
  const btf_type* t = btf__type_by_id(b, id);
  if (t == nullptr) return types_.Void();
  const Type* result = nullptr;
  switch (btf_kind(t)) {
    case BTF_KIND_INT:
      result = ImportInt(unit, id);
      break;
    case BTF_KIND_PTR:
      result = types_.Pointer(Import(unit, t->type));
      break;
    case BTF_KIND_ARRAY: {
      const struct btf_array* a = btf_array(t);
      result = types_.Array(Import(unit, a->type), a->nelems);
      break;
    }
    case BTF_KIND_STRUCT:
    case BTF_KIND_UNION:
      result = types_.Struct(BtfName(b, t->name_off), btf_is_union(t), t->size, this);
      pending_[result] = key;
      break;
    case BTF_KIND_FWD: {
      std::string name = BtfName(b, t->name_off);
      int kind = btf_kflag(t) ? BTF_KIND_UNION : BTF_KIND_STRUCT;
      int full = btf__find_by_name_kind(b, name.c_str(), kind);
      result =
          full > 0 ? Import(unit, static_cast<uint32_t>(full)) : types_.Struct(name, btf_kflag(t));
      break;
    }
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64: {
      std::vector<std::pair<std::string, int64_t>> values;
      bool is_signed = btf_kflag(t);
      for (int i = 0; i < btf_vlen(t); ++i) {
        if (btf_is_enum(t)) {
          const struct btf_enum* e = btf_enum(t) + i;
          int64_t v = is_signed ? static_cast<int64_t>(static_cast<int32_t>(e->val))
                                : static_cast<int64_t>(static_cast<uint32_t>(e->val));
          values.emplace_back(BtfName(b, e->name_off), v);
        } else {
          const struct btf_enum64* e = btf_enum64(t) + i;
          values.emplace_back(BtfName(b, e->name_off), static_cast<int64_t>(btf_enum64_value(e)));
        }
      }
      result = types_.Enum(BtfName(b, t->name_off), t->size, is_signed, std::move(values));
      break;
    }
    case BTF_KIND_TYPEDEF:
      result = types_.Typedef(BtfName(b, t->name_off), Import(unit, t->type));
      break;
    case BTF_KIND_CONST:
    case BTF_KIND_VOLATILE:
    case BTF_KIND_RESTRICT:
    case BTF_KIND_TYPE_TAG:
    case BTF_KIND_FUNC:
      result = Import(unit, t->type);
      break;
    case BTF_KIND_FUNC_PROTO: {
      std::vector<const Type*> params;
      bool variadic = false;
      const btf_param* p = btf_params(t);
      for (int i = 0; i < btf_vlen(t); ++i, ++p) {
        // A final nameless parameter of type 0 stands for "...".
        if (p->type == 0 && i == btf_vlen(t) - 1) {
          variadic = true;
        } else {
          params.push_back(Import(unit, p->type));
        }
      }
      result = types_.Function(Import(unit, t->type), std::move(params), variadic);
      break;
    }
    case BTF_KIND_FLOAT:
      result = types_.Float(BtfName(b, t->name_off), t->size);
      break;
    default:  // VAR, DATASEC, DECL_TAG: not types a D program can name
      return nullptr;
  }
  imported_[key] = result;
  return result;
}

const Type* BtfTypeSource::ImportInt(int unit, uint32_t id) {
  const struct btf* b = units_[unit].btf;
  const btf_type* t = btf__type_by_id(b, id);
  std::string name = BtfName(b, t->name_off);
  uint8_t encoding = btf_int_encoding(t);
  if (encoding & BTF_INT_BOOL) {
    if (bool_ == nullptr) bool_ = types_.Typedef("_Bool", types_.Int(1, false));
    return bool_;
  }
  // Plain char stays D's char whatever -funsigned-char made of it, so kernel
  // strings read as "char [16]" the way DTrace users expect.
  if (name == "char") return types_.Char();
  switch (t->size) {
    case 1:
    case 2:
    case 4:
    case 8:
      return types_.Int(static_cast<int>(t->size), (encoding & BTF_INT_SIGNED) != 0);
    default:  // __int128 and friends: opaque bytes D cannot compute with
      return types_.Typedef(name, types_.Array(types_.Int(1, false), t->size));
  }
}

void BtfTypeSource::FillStruct(int unit, uint32_t id, const Type* shell) {
  const struct btf* b = units_[unit].btf;
  const btf_type* t = btf__type_by_id(b, id);
  std::vector<Member> members;
  const btf_member* m = btf_members(t);
  for (int i = 0; i < btf_vlen(t); ++i, ++m) {
    Member member;
    member.name = BtfName(b, m->name_off);
    member.type = Import(unit, m->type);
    if (member.type == nullptr) member.type = types_.Void();
    member.bit_offset = btf_member_bit_offset(t, i);
    uint32_t width = btf_member_bitfield_size(t, i);
    member.bit_width = width == 0 ? -1 : static_cast<int>(width);
    members.push_back(std::move(member));
  }
  types_.CompleteStruct(shell, t->size, std::move(members));
}

}  // namespace dt
