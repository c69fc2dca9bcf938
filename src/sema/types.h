// The D type system.
//
// Types are interned in a TypeTable and compared by pointer. D's own types
// (integers of every width, string, pointers, arrays) live here now; kernel
// types from BTF become kStruct/kUnion/kEnum entries of the same table.
//
// Strings carry a byte size: every D string is stored zero-padded in a
// buffer of that many bytes. `string` is strsize bytes (default 256), but
// an expression whose content is known to be shorter (execname: 16) gets a
// smaller size, which keeps map keys and records small.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dt {

struct Type;

struct Member {
  std::string name;
  const Type* type = nullptr;
  uint64_t bit_offset = 0;
  int bit_width = -1;  // -1: not a bitfield
};

// Where a pointer points, which decides how it may be dereferenced.
enum class AddrSpace { kKernel, kUser, kScratch };

struct Type {
  enum class Kind { kVoid, kInteger, kPointer, kArray, kString, kStruct, kUnion, kEnum, kFunction };
  Kind kind = Kind::kVoid;
  std::string name;   // spelling for messages: "int", "char *", "string", "struct foo"
  uint64_t size = 0;  // bytes
  bool is_signed = false;
  const Type* target = nullptr;  // pointee / element
  uint64_t array_len = 0;
  AddrSpace addr_space = AddrSpace::kKernel;
  std::vector<Member> members;  // struct/union
  std::vector<std::pair<std::string, int64_t>> enumerators;

  bool IsInteger() const { return kind == Kind::kInteger || kind == Kind::kEnum; }
  bool IsPointer() const { return kind == Kind::kPointer; }
  bool IsString() const { return kind == Kind::kString; }
  bool IsScalar() const { return IsInteger() || IsPointer(); }
  bool IsVoid() const { return kind == Kind::kVoid; }
};

class TypeTable {
 public:
  explicit TypeTable(uint64_t strsize = 256);

  const Type* Void() const { return void_; }
  const Type* Int(int size, bool is_signed) const;  // size 1,2,4,8
  const Type* Char() const { return Int(1, true); }
  const Type* Int32() const { return Int(4, true); }
  const Type* Int64() const { return Int(8, true); }
  const Type* Uint64() const { return Int(8, false); }
  const Type* String() { return String(strsize_); }
  const Type* String(uint64_t size);
  const Type* Pointer(const Type* target, AddrSpace space = AddrSpace::kKernel);
  const Type* Array(const Type* element, uint64_t length);

  // A type by its D spelling ("unsigned long", "uint32_t", "string",
  // a D typedef); nullptr when unknown.
  const Type* Lookup(const std::string& name) const;
  void AddTypedef(const std::string& name, const Type* type);

  uint64_t strsize() const { return strsize_; }
  void set_strsize(uint64_t size) { strsize_ = size; }

  // C's usual arithmetic conversions of two integer types (after promotion).
  const Type* ArithmeticResult(const Type* a, const Type* b) const;
  // C's integer promotion: anything narrower than int becomes int.
  const Type* Promote(const Type* t) const;

 private:
  const Type* Intern(std::unique_ptr<Type> t);

  uint64_t strsize_;
  std::vector<std::unique_ptr<Type>> owned_;
  const Type* void_;
  const Type* ints_[2][4];  // [signed][log2 size]
  std::map<uint64_t, const Type*> strings_;
  std::map<std::pair<const Type*, int>, const Type*> pointers_;
  std::map<std::pair<const Type*, uint64_t>, const Type*> arrays_;
  std::map<std::string, const Type*> names_;
};

// Type name for messages, as DTrace spells it.
std::string TypeSpelling(const Type* t);

}  // namespace dt
