// What semantic analysis decided an expression is. Every expression the
// code generator may generate carries one (ast::Expr::resolved): the
// generator switches on Resolved::kind once and finds beside it the data
// that kind needs, instead of working the meaning out again from the
// syntax, flags and name lookups.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "sema/program_info.h"
#include "sema/types.h"

namespace dt {

// Subroutines that compute a value in BPF.
enum class Subroutine {
  kStrlen,
  kCopyinstr,
  kCopyin,
  kByteOrder,  // htons, ntohs, htonl, ntohl, htonll, ntohll
  kBasename,
  kDirname,
  kStrjoin,
  kLltostr,
  kToupper,
  kTolower,
  kSubstr,
  kPath,               // __path(dentry, vfsmount): the D library's cwd and root
  kUserArgs,           // __user_args(start, end): psinfo_t's pr_psargs
  kStack,              // stack([n])
  kSymbolAddress,      // func(), sym(), mod(): the address, printed symbolically
  kUserStack,          // ustack(), jstack()
  kUserSymbolAddress,  // usym(), ufunc(), umod(), uaddr(): the tgid and the address
  kSpeculation,        // speculation(): a free speculation's id, or 0
  // string_search_gen.cc: index() and rindex() give a position or -1;
  // strchr(), strrchr() and strstr() the rest of the string from the match.
  kIndex,
  kRindex,
  kStrchr,
  kStrrchr,
  kStrstr,
  kStrtoll,
  kRand,
  kGetmajor,  // of Linux's kernel dev_t
  kGetminor,
  kProgenyof,
  // inet_gen.cc and cleanpath_gen.cc
  kInetNtoa,
  kInetNtoa6,
  kInetNtop,
  kCleanpath,
  kJson,    // json_gen.cc
  kStrtok,  // `id`: its state, a hidden this-> string (string_search_gen.cc)
  // scratch_gen.cc: the clause's scratch memory
  kAlloca,
  kBcopy,
  kCopyinto,
};

// The subroutine a call names; nullopt for actions and unknown names.
std::optional<Subroutine> SubroutineNamed(const std::string& name);

// Where an object in kernel memory lies.
enum class AddressKind {
  kFixed,        // a kernel variable, at `offset`
  kMember,       // base + offset
  kElement,      // base + index (args[0]) * element_size
  kDeref,        // base
  kRecordField,  // args[N] of a tracepoint: in its record, at ctx + offset
  kDataLoc,      // a __data_loc string: ctx + the low 16 bits of the u32 at ctx + offset
  kRelLoc,       // a __rel_loc string: as __data_loc, counted from the end of the u32
};

// How the value at that address is read.
enum class ReadKind {
  kScalar,    // an integer or pointer of up to 8 bytes
  kBitField,  // bit_width bits, bit_offset bits into the bytes at the address
  kString,    // a char array read as a D string, string_limit bytes at most
  kObject,    // a struct, union or array: only its address or members can be used
};

struct KernelAccess {
  AddressKind address = AddressKind::kFixed;
  uint64_t offset = 0;
  // kMember, kElement, kDeref: the base is the operand's address (an
  // object in memory: `s.m`, `a[i]` of an array) rather than its value.
  bool base_is_object = false;
  uint64_t element_size = 1;
  ReadKind read = ReadKind::kScalar;
  int bit_offset = 0;
  int bit_width = 0;
  uint32_t string_limit = 0;
  const Type* object_type = nullptr;  // kString: the char array itself, for when it is wanted
};

struct Resolved {
  enum class Kind {
    kIntegerConstant,     // `value`, as a 64-bit register holds it
    kStringConstant,      // the node's text
    kGlobalVariable,      // `id` in ProgramInfo::globals
    kThreadVariable,      // self->: `id` in thread_vars
    kClauseVariable,      // this->: `id` in clause_vars
    kAssocElement,        // `id` in globals; the keys are the node's args
    kThreadAssocElement,  // self->name[keys]: `id` in thread_vars; the keys are the node's args
    kAggregation,         // `id` in aggregations: an action's operand, not a value
    kBuiltin,             // `builtin`
    kInline,              // `expansion`: the inline's value, generated where used
    kProbeArg,            // args[N] the provider reads: N is `id`
    kProbeArgInD,         // args[N] the provider defines in D: `expansion`
    kKernelMemory,        // `memory`
    kTranslatedMember,    // `expansion`, with `input` as the translator's input
    kTranslatorInput,     // the input of the translator being expanded
    kXlate,               // xlate<T>(x): `id` is the translator; used only through members
    kSubroutine,          // `subroutine`
    kAction,              // trace(), printf(), ...: statements, never values
    kOperator,            // unary, binary, assignment, ternary, cast, stringof: by the node's kind
    // A member or element of the struct, union or array a D variable holds
    // (analyzer_aggregate_vars.cc): `memory` says where in the object whose
    // bytes lhs gives (kMember: offset; kElement: args[0] * element_size,
    // args[0] checked against `elements` when the clause runs) and how it is
    // read (kScalar, kBitField, kString, or kObject: used only through parts).
    kVariablePart,
  };
  Kind kind = Kind::kOperator;
  int id = -1;
  Builtin builtin = Builtin::kArg0;
  uint64_t value = 0;
  const ast::Expr* expansion = nullptr;
  const ast::Expr* input = nullptr;
  Subroutine subroutine = Subroutine::kStrlen;
  KernelAccess memory;
  std::vector<uint32_t> path_offsets;  // kPath: dentry and mount offsets it walks
  uint64_t elements = 0;               // kVariablePart element: the array's length
};

// The resolution sema recorded for `e` (std::logic_error if none).
const Resolved& ResolutionOf(const ast::Expr& e);

}  // namespace dt
