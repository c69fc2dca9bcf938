// The D type system.
//
// Types are interned in a TypeTable and compared by pointer. D's own types
// (integers of every width, string, pointers, arrays) live here; kernel
// types from BTF (sema/btf_types.h) become kStruct/kUnion/kEnum/kFunction
// entries of the same table.
//
// A typedef made with TypeTable::Typedef is a copy of its target that keeps
// the typedef's name for messages ("pid_t") and points back through
// `typedef_of`; everything else (kind, size, members) behaves as the target.
// Compare types with SameType, which looks through typedefs. const and
// volatile are not represented: they are stripped on the way in.
//
// Strings carry a byte size: every D string is stored zero-padded in a
// buffer of that many bytes. `string` is strsize bytes (default 256), but
// an expression whose content is known to be shorter (execname: 16) gets a
// smaller size, which keeps map keys and records small.
//
// Kernel stacks and symbols (stack(), func()/sym(), mod()) have types of
// their own so that the consumer prints them symbolically: a stack is a
// kStack blob of u64 PCs (spelled "stack", like DTrace's), and func()/sym()
// and mod() return 8-byte unsigned integers marked `symbolic` (spelled
// "_symaddr"), which compute as uintptr_t does.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace dt {

struct Type;

// Fills in a struct/union whose members are read on first need (kernel
// types: see BtfTypeSource). Complete must end in TypeTable::CompleteStruct.
class TypeCompleter {
 public:
  virtual void Complete(const Type* su) = 0;

 protected:
  ~TypeCompleter() = default;
};

struct Member {
  std::string name;
  const Type* type = nullptr;
  uint64_t bit_offset = 0;
  int bit_width = -1;  // -1: not a bitfield
};

// Where a pointer points, which decides how it may be dereferenced.
enum class AddrSpace { kKernel, kUser, kScratch };

struct Type {
  enum class Kind {
    kVoid,
    kInteger,
    kPointer,
    kArray,
    kString,
    kStruct,
    kUnion,
    kEnum,
    kFunction,
    kFloat,  // kernel float/double members; D cannot compute with them
    kStack,  // stack(n): array_len = n frames; size = stored bytes (see TypeTable::Stack)
  };
  // How the consumer prints an integer that holds a kernel address.
  enum class Symbolic { kNone, kSymbol, kModule, kAddress };
  Kind kind = Kind::kVoid;
  std::string name;   // spelling for messages: "int", "char *", "string", "struct foo"
  uint64_t size = 0;  // bytes
  bool is_signed = false;
  const Type* target = nullptr;  // pointee / element / function return type
  uint64_t array_len = 0;
  AddrSpace addr_space = AddrSpace::kKernel;
  std::vector<Member> members;  // struct/union
  std::vector<std::pair<std::string, int64_t>> enumerators;
  std::vector<const Type*> params;  // function parameters
  bool variadic = false;            // function taking "..."
  // A struct/union whose members are not known (yet). With a completer the
  // members are fetched on first need: call EnsureComplete (FindMember does)
  // before reading `members` or `incomplete` of a struct reached through
  // another type. Sizes are always right, even before completion.
  bool incomplete = false;
  TypeCompleter* completer = nullptr;
  const Type* typedef_of = nullptr;     // set on a typedef: the type it names
  Symbolic symbolic = Symbolic::kNone;  // func()/sym(): kSymbol, mod(): kModule

  bool IsInteger() const { return kind == Kind::kInteger || kind == Kind::kEnum; }
  bool IsPointer() const { return kind == Kind::kPointer; }
  bool IsString() const { return kind == Kind::kString; }
  bool IsScalar() const { return IsInteger() || IsPointer(); }
  bool IsVoid() const { return kind == Kind::kVoid; }
  bool IsStructOrUnion() const { return kind == Kind::kStruct || kind == Kind::kUnion; }
  bool IsFunction() const { return kind == Kind::kFunction; }
  bool IsStack() const { return kind == Kind::kStack; }
  // ustack(), or usym()/ufunc()/umod()/uaddr(): a user-space value that
  // carries the process it belongs to (format/user_stack_layout.h).
  bool IsUserStackValue() const { return IsStack() && addr_space == AddrSpace::kUser; }
  // Stored as a zero-padded byte buffer of `size` bytes (records, keys).
  bool IsBlob() const { return IsString() || IsStack(); }
};

// Words a stack(n) value stores beyond its n frames: bpf_get_stack() in a
// raw tracepoint program first returns the tracing machinery's own frames
// (the BPF program, bpf_trace_run*, __bpf_trace_*), which the consumer
// drops (consumer/stack_format.h) before keeping n frames.
constexpr uint64_t kStackTracingFrames = 4;
// Largest stack() depth: the kernel's default perf_event_max_stack is 127.
constexpr uint64_t kMaxStackFrames = 100;

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

  // A new struct or union named `tag` ("" when anonymous), spelled
  // "struct tag". Every call makes a distinct type: tags live in per-module
  // namespaces, so the caller keeps its own tag -> type map. It starts
  // incomplete (members unknown) with the given byte size; CompleteStruct
  // fills it in, which lets a struct refer to itself through pointers. A
  // `completer` is asked to do that when the members are first needed.
  const Type* Struct(const std::string& tag, bool is_union, uint64_t size = 0,
                     TypeCompleter* completer = nullptr);
  void CompleteStruct(const Type* su, uint64_t size, std::vector<Member> members);
  // A new enum "enum tag" of `size` bytes with its named values.
  const Type* Enum(const std::string& tag, uint64_t size, bool is_signed,
                   std::vector<std::pair<std::string, int64_t>> enumerators);
  // A function type (interned); only meaningful behind a pointer.
  const Type* Function(const Type* ret, std::vector<const Type*> params, bool variadic);
  // A typedef spelled `name` that behaves as `target` (see file comment).
  // This only builds the type; AddTypedef makes a name resolve to a type.
  const Type* Typedef(const std::string& name, const Type* target);
  // A floating-point type of `size` bytes spelled `name` ("double").
  const Type* Float(const std::string& name, uint64_t size);
  // stack(frames): (frames + kStackTracingFrames) u64 words, innermost PC
  // first, zero-filled; interned per depth.
  const Type* Stack(uint64_t frames);
  // The result of func()/sym() (kSymbol) or mod() (kModule).
  const Type* SymbolAddress(Type::Symbolic kind);
  // ustack(frames)/jstack(): the tgid and `frames` PCs, spelled "stack".
  const Type* UserStack(uint64_t frames);
  // usym()/ufunc() (kSymbol), umod() (kModule), uaddr() (kAddress): the
  // tgid and the address, spelled "_usymaddr".
  const Type* UserSymbolAddress(Type::Symbolic kind);

  // A type by its D spelling ("unsigned long", "uint32_t", "string",
  // a D typedef); names this table does not know go to the external lookup
  // (kernel types, see BtfTypeSource) when one is set; nullptr when unknown.
  // The external lookup may throw CompileError (e.g. no kernel BTF).
  const Type* Lookup(const std::string& name) const;
  void AddTypedef(const std::string& name, const Type* type);
  // Whether the table itself defines `name`, without asking the external lookup.
  bool Defines(const std::string& name) const { return names_.count(name) != 0; }
  void set_external_lookup(std::function<const Type*(const std::string&)> lookup) {
    external_lookup_ = std::move(lookup);
  }

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
  std::map<uint64_t, const Type*> stacks_;
  std::map<uint64_t, const Type*> user_stacks_;
  std::map<Type::Symbolic, const Type*> user_symbol_addrs_;
  const Type* symbol_addrs_[2] = {nullptr, nullptr};
  std::map<std::pair<const Type*, int>, const Type*> pointers_;
  std::map<std::pair<const Type*, uint64_t>, const Type*> arrays_;
  std::map<std::string, const Type*> names_;
  std::map<std::tuple<const Type*, std::vector<const Type*>, bool>, const Type*> functions_;
  // Typedef copies of each struct/union, refreshed when it is completed.
  std::multimap<const Type*, Type*> typedef_copies_;
  std::function<const Type*(const std::string&)> external_lookup_;
};

// Type name for messages, as DTrace spells it: "struct task_struct *",
// "char [16]", "char *[4]", "int (*)()" (DTrace never spells parameters).
std::string TypeSpelling(const Type* t);

// Makes sure a lazily filled struct/union (or a typedef of one) has its
// members; returns `t`. Harmless on any other type.
const Type* EnsureComplete(const Type* t);

// `t` with any typedefs peeled off.
const Type* StripTypedefs(const Type* t);
// Whether a and b are the same type once typedefs are looked through (at
// every level: "pid_t *" and "int *" are the same).
bool SameType(const Type* a, const Type* b);

// Where a struct/union member lives. bit_offset counts from the start of
// the outermost struct searched, through any anonymous members on the way.
struct MemberLocation {
  const Type* type = nullptr;
  uint64_t bit_offset = 0;
  int bit_width = -1;  // -1: not a bitfield
  uint64_t byte_offset() const { return bit_offset / 8; }
  bool is_bitfield() const { return bit_width >= 0; }
};

// Finds member `name` of struct/union `su` (or a typedef of one), looking
// inside anonymous struct/union members as C does; nullopt when absent or
// when `su` is not a struct/union.
std::optional<MemberLocation> FindMember(const Type* su, const std::string& name);

// A struct, union or array (typedefs stripped): a D variable of such a type
// holds the object's bytes, and its value is where they are.
bool IsObjectType(const Type* t);
// The same struct, union or array type: whole-object assignment needs it.
bool SameObjectType(const Type* a, const Type* b);

}  // namespace dt
