#include "runtime/kernel_functions.h"

#include <bpf/btf.h>

#include <algorithm>

#include "common/diagnostic.h"
#include "runtime/kernel_btf.h"
#include "runtime/tracefs.h"

namespace dt::runtime {

namespace {

std::string Key(std::string_view module, std::string_view name) {
  std::string key(module);
  key += '\0';
  key += name;
  return key;
}

// Skips typedefs and qualifiers to the type that gives the size.
const btf_type* Resolved(const struct btf* b, uint32_t id, uint32_t* resolved_id) {
  const btf_type* t = btf__type_by_id(b, id);
  for (int depth = 0; t != nullptr && depth < 32; ++depth) {
    if (!btf_is_typedef(t) && !btf_is_mod(t) && !btf_is_type_tag(t)) break;
    id = t->type;
    t = btf__type_by_id(b, id);
  }
  if (resolved_id) *resolved_id = id;
  return t;
}

std::string Spell(const struct btf* b, uint32_t id, int depth) {
  if (id == 0) return "void";
  const btf_type* t = btf__type_by_id(b, id);
  if (t == nullptr || depth > 32) return "void";
  std::string name = btf__name_by_offset(b, t->name_off);
  switch (btf_kind(t)) {
    case BTF_KIND_INT:
    case BTF_KIND_FLOAT:
    case BTF_KIND_TYPEDEF:
      return name;
    case BTF_KIND_STRUCT:
      return "struct " + (name.empty() ? std::string("<anon>") : name);
    case BTF_KIND_UNION:
      return "union " + (name.empty() ? std::string("<anon>") : name);
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      return name.empty() ? std::string("int") : "enum " + name;
    case BTF_KIND_FWD:
      return (btf_kflag(t) ? "union " : "struct ") + name;
    case BTF_KIND_PTR: {
      const btf_type* to = Resolved(b, t->type, nullptr);
      if (to != nullptr && btf_is_func_proto(to)) return "void (*)()";
      std::string inner = Spell(b, t->type, depth + 1);
      return inner + (inner.back() == '*' ? "*" : " *");
    }
    case BTF_KIND_CONST:
    case BTF_KIND_VOLATILE: {
      std::string inner = Spell(b, t->type, depth + 1);
      // "char *const" reads as the pointer it qualifies.
      if (!inner.empty() && inner.back() == '*') return inner;
      return (btf_kind(t) == BTF_KIND_CONST ? "const " : "volatile ") + inner;
    }
    case BTF_KIND_RESTRICT:
    case BTF_KIND_TYPE_TAG:
      return Spell(b, t->type, depth + 1);
    case BTF_KIND_ARRAY:
      return Spell(b, btf_array(t)->type, depth + 1) + " *";
    default:
      return "void";
  }
}

}  // namespace

TraceableFunctions TraceableFunctions::Parse(std::string_view text) {
  TraceableFunctions out;
  out.known_ = true;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    size_t space = line.find(' ');
    std::string_view name = line.substr(0, space);
    std::string_view module = "vmlinux";
    if (space != std::string_view::npos) {
      std::string_view rest = line.substr(space + 1);
      if (rest.size() >= 2 && rest.front() == '[' && rest.back() == ']')
        module = rest.substr(1, rest.size() - 2);
    }
    if (!name.empty()) out.keys_.insert(Key(module, name));
  }
  return out;
}

TraceableFunctions TraceableFunctions::Read() {
  std::optional<std::string> text = ReadTracefsFile("available_filter_functions");
  return text ? Parse(*text) : TraceableFunctions();
}

bool TraceableFunctions::Contains(const std::string& module, const std::string& name) const {
  return !known_ || keys_.count(Key(module, name)) != 0;
}

KernelFunctionType DescribeBtfType(const struct btf* b, uint32_t id) {
  KernelFunctionType out;
  out.name = Spell(b, id, 0);
  const btf_type* t = Resolved(b, id, nullptr);
  if (t == nullptr || id == 0) return out;
  switch (btf_kind(t)) {
    case BTF_KIND_INT:
      out.size = t->size;
      out.is_signed = (btf_int_encoding(t) & BTF_INT_SIGNED) != 0;
      out.scalar = t->size <= 8;
      break;
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      out.size = t->size;
      break;
    case BTF_KIND_PTR:
      out.size = 8;
      break;
    default:
      out.size = btf_is_composite(t) || btf_is_float(t) ? t->size : 8;
      out.scalar = false;
      break;
  }
  return out;
}

std::vector<KernelFunction> ListKernelFunctions() {
  KernelBtf& kernel = KernelBtf::Kernel();
  std::vector<KernelFunction> out;
  if (kernel.Vmlinux() == nullptr) return out;
  TraceableFunctions traceable = TraceableFunctions::Read();
  std::vector<std::string> modules = {"vmlinux"};
  for (const std::string& m : kernel.ModuleNames()) modules.push_back(m);
  for (const std::string& module : modules) {
    std::vector<BtfFunction> functions;
    try {
      functions = kernel.Functions(module);
    } catch (const RuntimeError&) {
      continue;  // a module without BTF
    }
    size_t first = out.size();
    for (BtfFunction& f : functions) {
      if (!traceable.Contains(module, f.name)) continue;
      out.push_back(KernelFunction{std::move(f.name), module, f.id});
    }
    auto by_name = [](const KernelFunction& a, const KernelFunction& b) { return a.name < b.name; };
    auto same_name = [](const KernelFunction& a, const KernelFunction& b) {
      return a.name == b.name;
    };
    std::stable_sort(out.begin() + static_cast<long>(first), out.end(), by_name);
    out.erase(std::unique(out.begin() + static_cast<long>(first), out.end(), same_name), out.end());
  }
  return out;
}

std::optional<KernelFunction> FindVmlinuxFunction(const std::string& name) {
  const struct btf* b = KernelBtf::Kernel().Vmlinux();
  if (b == nullptr) return std::nullopt;
  int32_t id = btf__find_by_name_kind(b, name.c_str(), BTF_KIND_FUNC);
  if (id <= 0) return std::nullopt;
  return KernelFunction{name, "vmlinux", static_cast<uint32_t>(id)};
}

KernelPrototype KernelFunctionPrototype(const KernelFunction& f) {
  KernelPrototype out;
  const struct btf* b = KernelBtf::Kernel().Module(f.module);
  if (b == nullptr) return out;
  const btf_type* func = btf__type_by_id(b, f.btf_id);
  if (func == nullptr || !btf_is_func(func)) return out;
  const btf_type* proto = btf__type_by_id(b, func->type);
  if (proto == nullptr || !btf_is_func_proto(proto)) return out;
  const btf_param* params = btf_params(proto);
  for (uint16_t i = 0; i < btf_vlen(proto); ++i) {
    if (params[i].type == 0) break;  // "...": a variadic function's unnamed rest
    out.params.push_back(DescribeBtfType(b, params[i].type));
  }
  if (proto->type != 0) out.returns = DescribeBtfType(b, proto->type);
  return out;
}

}  // namespace dt::runtime
