#include "sema/types.h"

#include "common/diagnostic.h"

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

std::string Declarator(const Type* t, const std::string& inner);

// A pointer to `to`, itself inside declarator `inner`: "*inner", or
// "(*inner)" when `to` binds tighter (arrays, functions).
std::string PointerDeclarator(const Type* to, const std::string& inner) {
  bool needs_parens = to != nullptr && to->typedef_of == nullptr &&
                      (to->kind == Type::Kind::kArray || to->kind == Type::Kind::kFunction);
  return Declarator(to, needs_parens ? "(*" + inner + ")" : "*" + inner);
}

// C declarator spelling, with CTF's spacing: the base type, one space, then
// the declarator built inside-out ("*[16]", "(*)()", "[4][2]").
std::string Declarator(const Type* t, const std::string& inner) {
  if (t == nullptr) return "?";
  bool is_base = t->typedef_of != nullptr ||
                 (t->kind != Type::Kind::kPointer && t->kind != Type::Kind::kArray &&
                  t->kind != Type::Kind::kFunction);
  if (is_base) return inner.empty() ? t->name : t->name + " " + inner;
  switch (t->kind) {
    case Type::Kind::kPointer:
      return PointerDeclarator(t->target, inner);
    case Type::Kind::kArray:
      return Declarator(t->target, inner + "[" + std::to_string(t->array_len) + "]");
    default:  // kFunction
      return Declarator(t->target, inner + "()");
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
  // C's other spellings of the integer types are the types themselves; the
  // D library's *_t names are typedefs, so messages name them as DTrace does
  // ("pid_t", not "int").
  auto add = [&](const char* name, int size, bool is_signed) {
    std::string spelling = name;
    bool is_typedef = spelling.size() > 2 && spelling.compare(spelling.size() - 2, 2, "_t") == 0;
    names_[name] = is_typedef ? Typedef(spelling, Int(size, is_signed)) : Int(size, is_signed);
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

const Type* TypeTable::Stack(uint64_t frames) {
  auto it = stacks_.find(frames);
  if (it != stacks_.end()) return it->second;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kStack;
  t->name = "stack";
  t->array_len = frames;
  t->size = (frames + kStackTracingFrames) * 8;
  return stacks_[frames] = Intern(std::move(t));
}

const Type* TypeTable::UserStack(uint64_t frames) {
  auto it = user_stacks_.find(frames);
  if (it != user_stacks_.end()) return it->second;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kStack;
  t->name = "stack";
  t->array_len = frames;
  t->addr_space = AddrSpace::kUser;
  t->size = (frames + 1) * 8;
  return user_stacks_[frames] = Intern(std::move(t));
}

const Type* TypeTable::UserSymbolAddress(Type::Symbolic kind) {
  const Type*& slot = user_symbol_addrs_[kind];
  if (slot != nullptr) return slot;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kStack;
  t->name = "_usymaddr";
  t->array_len = 1;
  t->addr_space = AddrSpace::kUser;
  t->symbolic = kind;
  t->size = 16;
  return slot = Intern(std::move(t));
}

const Type* TypeTable::SymbolAddress(Type::Symbolic kind) {
  const Type*& slot = symbol_addrs_[kind == Type::Symbolic::kModule ? 1 : 0];
  if (slot != nullptr) return slot;
  auto t = std::make_unique<Type>(*Uint64());
  t->name = "_symaddr";
  t->symbolic = kind;
  return slot = Intern(std::move(t));
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
  t->name = PointerDeclarator(target, "");
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
  t->name = Declarator(element, "[" + std::to_string(length) + "]");
  return arrays_[key] = Intern(std::move(t));
}

const Type* TypeTable::Struct(const std::string& tag, bool is_union, uint64_t size,
                              TypeCompleter* completer) {
  auto t = std::make_unique<Type>();
  t->kind = is_union ? Type::Kind::kUnion : Type::Kind::kStruct;
  t->name = (is_union ? "union " : "struct ") + tag;
  t->size = size;
  t->incomplete = true;
  t->completer = completer;
  return Intern(std::move(t));
}

void TypeTable::CompleteStruct(const Type* su, uint64_t size, std::vector<Member> members) {
  // The table owns every type it hands out, so writing through it is sound.
  Type* t = const_cast<Type*>(su);
  t->size = size;
  t->members = std::move(members);
  t->incomplete = false;
  t->completer = nullptr;
  auto [begin, end] = typedef_copies_.equal_range(su);
  for (auto it = begin; it != end; ++it) {
    it->second->size = t->size;
    it->second->members = t->members;
    it->second->incomplete = false;
  }
}

const Type* TypeTable::Enum(const std::string& tag, uint64_t size, bool is_signed,
                            std::vector<std::pair<std::string, int64_t>> enumerators) {
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kEnum;
  t->name = "enum " + tag;
  t->size = size;
  t->is_signed = is_signed;
  t->enumerators = std::move(enumerators);
  return Intern(std::move(t));
}

const Type* TypeTable::Function(const Type* ret, std::vector<const Type*> params, bool variadic) {
  auto key = std::make_tuple(ret, params, variadic);
  auto it = functions_.find(key);
  if (it != functions_.end()) return it->second;
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kFunction;
  t->target = ret;
  t->params = std::move(params);
  t->variadic = variadic;
  t->name = Declarator(ret, "()");
  return functions_[key] = Intern(std::move(t));
}

const Type* TypeTable::Typedef(const std::string& name, const Type* target) {
  auto t = std::make_unique<Type>(*target);
  t->name = name;
  t->typedef_of = target;
  t->completer = nullptr;  // EnsureComplete goes to the struct itself
  Type* copy = t.get();
  const Type* underlying = StripTypedefs(target);
  if (underlying->IsStructOrUnion()) typedef_copies_.emplace(underlying, copy);
  return Intern(std::move(t));
}

const Type* TypeTable::Float(const std::string& name, uint64_t size) {
  auto t = std::make_unique<Type>();
  t->kind = Type::Kind::kFloat;
  t->name = name;
  t->size = size;
  t->is_signed = true;
  return Intern(std::move(t));
}

const Type* TypeTable::Lookup(const std::string& name) const {
  if (name == "string") return strings_.count(strsize_) ? strings_.at(strsize_) : nullptr;
  auto it = names_.find(name);
  if (it != names_.end()) return it->second;
  return external_lookup_ ? external_lookup_(name) : nullptr;
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
  // DTrace spells types into DT_TYPE_NAMELEN (128-byte) buffers.
  return Excerpt(t->name, 128);
}

const Type* EnsureComplete(const Type* t) {
  const Type* su = StripTypedefs(t);
  if (su != nullptr && su->completer != nullptr) su->completer->Complete(su);
  return t;
}

const Type* StripTypedefs(const Type* t) {
  while (t != nullptr && t->typedef_of != nullptr) t = t->typedef_of;
  return t;
}

bool SameType(const Type* a, const Type* b) {
  a = StripTypedefs(a);
  b = StripTypedefs(b);
  if (a == b) return true;
  if (a == nullptr || b == nullptr || a->kind != b->kind) return false;
  switch (a->kind) {
    case Type::Kind::kPointer:
      return a->addr_space == b->addr_space && SameType(a->target, b->target);
    case Type::Kind::kArray:
      return a->array_len == b->array_len && SameType(a->target, b->target);
    case Type::Kind::kFunction:
      if (a->variadic != b->variadic || a->params.size() != b->params.size()) return false;
      for (size_t i = 0; i < a->params.size(); ++i)
        if (!SameType(a->params[i], b->params[i])) return false;
      return SameType(a->target, b->target);
    case Type::Kind::kInteger:
    case Type::Kind::kFloat:
      return a->size == b->size && a->is_signed == b->is_signed;
    case Type::Kind::kString:
      return true;
    case Type::Kind::kStack:
      return a->array_len == b->array_len && a->addr_space == b->addr_space &&
             a->symbolic == b->symbolic;
    default:  // structs, unions and enums are distinct types even when alike
      return false;
  }
}

namespace {
std::optional<MemberLocation> FindMemberFrom(const Type* su, const std::string& name,
                                             uint64_t base_bits) {
  EnsureComplete(su);
  for (const Member& m : su->members) {
    if (m.name == name) return MemberLocation{m.type, base_bits + m.bit_offset, m.bit_width};
    const Type* mt = StripTypedefs(m.type);
    if (m.name.empty() && mt != nullptr && mt->IsStructOrUnion()) {
      auto found = FindMemberFrom(mt, name, base_bits + m.bit_offset);
      if (found) return found;
    }
  }
  return std::nullopt;
}
}  // namespace

std::optional<MemberLocation> FindMember(const Type* su, const std::string& name) {
  su = StripTypedefs(su);
  if (su == nullptr || !su->IsStructOrUnion() || name.empty()) return std::nullopt;
  return FindMemberFrom(su, name, 0);
}

bool IsObjectType(const Type* t) {
  const Type* s = StripTypedefs(t);
  return s->IsStructOrUnion() || s->kind == Type::Kind::kArray;
}

bool SameObjectType(const Type* a, const Type* b) {
  a = StripTypedefs(a);
  b = StripTypedefs(b);
  if (a == b) return true;
  if (a->kind != Type::Kind::kArray || b->kind != Type::Kind::kArray) return false;
  return a->array_len == b->array_len && a->target->size == b->target->size &&
         (SameObjectType(a->target, b->target) ||
          (StripTypedefs(a->target) == StripTypedefs(b->target)));
}

}  // namespace dt
