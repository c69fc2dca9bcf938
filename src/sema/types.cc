#include "sema/types.h"

namespace dt {

namespace {
int Log2Size(int size) {
  switch (size) {
    case 1:
      return 0;
    case 2:
      return 1;
    case 4:
      return 2;
    default:
      return 3;
  }
}
}  // namespace

TypeTable::TypeTable(uint64_t strsize) : strsize_(strsize) {
  auto v = std::make_unique<Type>();
  v->kind = Type::Kind::kVoid;
  v->name = "void";
  void_ = Intern(std::move(v));
  static const char* kSigned[] = {"char", "short", "int", "long"};
  static const char* kUnsigned[] = {"unsigned char", "unsigned short", "unsigned int",
                                    "unsigned long"};
  for (int s = 0; s < 2; ++s) {
    for (int i = 0; i < 4; ++i) {
      auto t = std::make_unique<Type>();
      t->kind = Type::Kind::kInteger;
      t->size = 1u << i;
      t->is_signed = s == 1;
      t->name = s ? kSigned[i] : kUnsigned[i];
      ints_[s][i] = Intern(std::move(t));
    }
  }
  auto add = [&](const char* name, int size, bool is_signed) {
    names_[name] = Int(size, is_signed);
  };
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < 4; ++i) names_[ints_[s][i]->name] = ints_[s][i];
  add("signed char", 1, true);
  add("signed short", 2, true);
  add("short int", 2, true);
  add("unsigned short int", 2, false);
  add("signed int", 4, true);
  add("signed", 4, true);
  add("unsigned", 4, false);
  add("long int", 8, true);
  add("unsigned long int", 8, false);
  add("long long", 8, true);
  add("long long int", 8, true);
  add("signed long long", 8, true);
  add("unsigned long long", 8, false);
  add("unsigned long long int", 8, false);
  add("int8_t", 1, true);
  add("int16_t", 2, true);
  add("int32_t", 4, true);
  add("int64_t", 8, true);
  add("uint8_t", 1, false);
  add("uint16_t", 2, false);
  add("uint32_t", 4, false);
  add("uint64_t", 8, false);
  add("uchar_t", 1, false);
  add("ushort_t", 2, false);
  add("uint_t", 4, false);
  add("ulong_t", 8, false);
  add("u_longlong_t", 8, false);
  add("longlong_t", 8, true);
  add("intptr_t", 8, true);
  add("uintptr_t", 8, false);
  add("size_t", 8, false);
  add("ssize_t", 8, true);
  add("off_t", 8, true);
  add("pid_t", 4, true);
  add("uid_t", 4, false);
  add("gid_t", 4, false);
  add("id_t", 4, true);
  add("processorid_t", 4, true);
  add("hrtime_t", 8, true);
  add("boolean_t", 4, true);
  add("_Bool", 1, false);
  names_["void"] = void_;
  names_["caddr_t"] = Pointer(Char());
}

const Type* TypeTable::Intern(std::unique_ptr<Type> t) {
  owned_.push_back(std::move(t));
  return owned_.back().get();
}

const Type* TypeTable::Int(int size, bool is_signed) const {
  return ints_[is_signed ? 1 : 0][Log2Size(size)];
}

const Type* TypeTable::String(uint64_t size) {
  auto it = strings_.find(size);
  if (it != strings_.end()) return it->second;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kString;
  t->name = "string";
  t->size = size;
  return strings_[size] = Intern(std::move(t));
}

const Type* TypeTable::Pointer(const Type* target, AddrSpace space) {
  auto key = std::make_pair(target, static_cast<int>(space));
  auto it = pointers_.find(key);
  if (it != pointers_.end()) return it->second;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kPointer;
  t->size = 8;
  t->target = target;
  t->addr_space = space;
  t->name = TypeSpelling(target) + " *";
  return pointers_[key] = Intern(std::move(t));
}

const Type* TypeTable::Array(const Type* element, uint64_t length) {
  auto key = std::make_pair(element, length);
  auto it = arrays_.find(key);
  if (it != arrays_.end()) return it->second;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kArray;
  t->size = element->size * length;
  t->target = element;
  t->array_len = length;
  t->name = TypeSpelling(element) + " [" + std::to_string(length) + "]";
  return arrays_[key] = Intern(std::move(t));
}

const Type* TypeTable::Lookup(const std::string& name) const {
  if (name == "string") return strings_.count(strsize_) ? strings_.at(strsize_) : nullptr;
  auto it = names_.find(name);
  return it == names_.end() ? nullptr : it->second;
}

void TypeTable::AddTypedef(const std::string& name, const Type* type) { names_[name] = type; }

const Type* TypeTable::Promote(const Type* t) const {
  if (t->kind == Type::Kind::kEnum) return Int32();
  if (t->IsInteger() && t->size < 4) return Int32();
  return t;
}

const Type* TypeTable::ArithmeticResult(const Type* a, const Type* b) const {
  a = Promote(a);
  b = Promote(b);
  if (a->IsPointer()) return Uint64();
  if (b->IsPointer()) return Uint64();
  if (a->size != b->size) return a->size > b->size ? a : b;
  if (a->is_signed == b->is_signed) return a;
  return Int(static_cast<int>(a->size), false);
}

std::string TypeSpelling(const Type* t) {
  if (t == nullptr) return "?";
  return t->name;
}

}  // namespace dt
