// The abstract syntax tree of a D program.
//
// The parser builds it; semantic analysis annotates expressions in place
// (type, resolution) and the code generator walks it. Nodes are plain structs
// in the chibicc style: one struct per category, a kind tag, and only the
// fields that kind uses are set. Ownership is by unique_ptr from the root.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace dt {
struct Type;      // sema/types.h
struct Resolved;  // sema/resolved.h
}  // namespace dt

namespace dt::ast {

// A type as the user wrote it; sema resolves it. `base` is normalised to
// single spaces: "int", "unsigned long long", "char", "string",
// "struct task_struct", "union u", "enum e", "uint64_t", a typedef name.
struct TypeName {
  std::string base;
  int pointer_depth = 0;
  std::vector<uint64_t> array_dims;  // int x[4][2] -> {4, 2}
  bool is_const = false;
  bool is_volatile = false;
  int line = 0;
};

enum class ExprKind {
  kInteger,      // int_value; int literal flags below; char literals too
  kString,       // text = decoded value (escapes resolved)
  kIdentifier,   // text = name (builtin, global, inline, enum constant, ...)
  kSelfVar,      // self->text
  kThisVar,      // this->text
  kAggregation,  // @text as an argument (printa, clear, trunc...); "" is @
  kUnary,        // unary_op, lhs
  kBinary,       // binary_op, lhs, rhs
  kAssign,       // lhs op= rhs; compound_op set when op is not plain '='
  kTernary,      // cond ? lhs : rhs
  kCast,         // (type_name) lhs
  kCall,         // text(args...)
  kIndex,        // lhs[args...]: associative array, array, or pointer
  kMember,       // lhs.text or lhs->text (arrow)
  kSizeofType,   // sizeof (type_name)
  kSizeofExpr,   // sizeof lhs
  kOffsetof,     // offsetof(type_name, text)
  kStringof,     // stringof lhs
  kXlate,        // xlate<type_name>(lhs)
};

enum class UnaryOp {
  kNeg,
  kPlus,
  kLogicalNot,
  kBitNot,
  kDeref,
  kAddressOf,
  kPreInc,
  kPreDec,
  kPostInc,
  kPostDec,
};

enum class BinaryOp {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kShl,
  kShr,
  kLt,
  kGt,
  kLe,
  kGe,
  kEq,
  kNe,
  kBitAnd,
  kBitXor,
  kBitOr,
  kLogicalAnd,
  kLogicalXor,
  kLogicalOr,
  kComma,
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  ExprKind kind;
  int line = 0;

  // kInteger
  uint64_t int_value = 0;
  bool int_unsigned_suffix = false;  // 'u' or 'U'
  int int_long_suffix = 0;           // number of 'l'/'L': 0, 1 or 2
  bool int_decimal = true;           // false for octal/hex: C's promotion differs
  bool int_is_char = false;          // 'c' literal
  // sema: a name compared with an enum-typed left operand, read as that
  // enum's enumerator (kind became kInteger; text keeps the name).
  bool read_as_enumerator = false;

  // kString, kIdentifier, kSelfVar, kThisVar, kAggregation, kCall, kMember,
  // kOffsetof (member name)
  std::string text;
  bool arrow = false;  // kMember: '->' rather than '.'

  UnaryOp unary_op = UnaryOp::kNeg;
  BinaryOp binary_op = BinaryOp::kAdd;
  bool compound = false;  // kAssign: binary_op holds the operator of op=

  ExprPtr cond;  // kTernary
  ExprPtr lhs;   // the operand of unary ops, casts, member, index base, ...
  ExprPtr rhs;
  std::vector<ExprPtr> args;  // kCall arguments, kIndex keys
  std::unique_ptr<TypeName> type_name;

  // Filled in by semantic analysis: the type, and what the expression is
  // (sema/resolved.h), which the code generator switches on.
  const Type* type = nullptr;
  std::shared_ptr<Resolved> resolved;
};

enum class StmtKind {
  kExpr,       // expr;
  kAggregate,  // @agg_name[keys] = agg_func(args);
  kIf,         // if (expr) then_body else else_body  (Oracle D extension)
  kBlock,      // { body }
  kEmpty,      // ;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct Stmt {
  StmtKind kind;
  int line = 0;
  ExprPtr expr;  // kExpr, kIf condition

  // kAggregate
  std::string agg_name;  // "" for the anonymous @
  std::vector<ExprPtr> keys;
  std::string agg_func;
  std::vector<ExprPtr> agg_args;
  int binding = -1;  // sema: aggregation id

  std::vector<StmtPtr> body;       // kBlock, kIf then-branch
  std::vector<StmtPtr> else_body;  // kIf
};

// One probe description as written, e.g. "syscall::read*:entry" or "BEGIN".
struct ProbeSpec {
  std::string text;
  int line = 0;
};

struct Clause {
  std::vector<ProbeSpec> probes;
  ExprPtr predicate;  // may be null
  std::vector<StmtPtr> body;
  int line = 0;
  // The line of the closing '}' (of the last description when there is no
  // body): where DTrace's parser creates the clause, so where it reports
  // what it finds about the clause as a whole.
  int end_line = 0;
};

enum class VarScope { kGlobal, kSelf, kThis };

// `int x;`, `self string s;`, `this int t;`, `int a[string, int];`
struct VarDecl {
  VarScope scope = VarScope::kGlobal;
  TypeName type;
  std::string name;
  bool is_assoc = false;
  std::vector<TypeName> key_types;  // for associative arrays
  int line = 0;
  bool is_extern = false;  // `extern int x;`: a kernel symbol's type, not a D variable
};

// `inline int MAX = 10;`
struct InlineDecl {
  TypeName type;
  std::string name;
  ExprPtr value;
  int line = 0;
};

// `#pragma D option name=value` (value empty when absent).
struct PragmaOption {
  std::string name;
  std::string value;
  int line = 0;
};

struct StructMember {
  TypeName type;
  std::string name;
  int bit_width = -1;  // -1: not a bitfield
};

// `struct s { ... };` or `union u { ... };`
struct StructDecl {
  bool is_union = false;
  std::string name;
  std::vector<StructMember> members;
  int line = 0;
};

struct EnumDecl {
  std::string name;
  std::vector<std::pair<std::string, ExprPtr>> values;  // null: previous + 1
  int line = 0;
};

// `typedef <type> name;`
struct TypedefDecl {
  TypeName type;
  std::string name;
  int line = 0;
};

// translator out_type < in_type in_name > { member = expr; ... };
struct TranslatorDecl {
  TypeName output;
  TypeName input;
  std::string input_name;
  std::vector<std::pair<std::string, ExprPtr>> members;
  int line = 0;
};

using TopLevel = std::variant<Clause, VarDecl, InlineDecl, PragmaOption, StructDecl, EnumDecl,
                              TypedefDecl, TranslatorDecl>;

// provider p { probe name(int, char *) : (int); ... }; a USDT provider
// definition, used only by -h/-G (cli/usdt_*), so it is kept beside the
// items rather than among them: nothing else in the pipeline reads it.
struct ProbeDecl {
  std::string name;             // as written: "query__receive"
  std::vector<TypeName> args;   // the native (input) argument types; () and (void) are none
  std::vector<TypeName> xargs;  // after ':', the translated types; empty when absent
  // The parameters' names, "" where unnamed: a translated argument named
  // as a native one is that argument translated (`(int a, int b) : (int b)`).
  std::vector<std::string> arg_names;
  std::vector<std::string> xarg_names;
  int line = 0;
};
struct ProviderDecl {
  std::string name;
  std::vector<ProbeDecl> probes;
  int line = 0;
};

struct Program {
  std::vector<TopLevel> items;  // in source order: declarations precede use
  std::vector<ProviderDecl> providers;
};

// A copy of an expression as written: its syntax, not what sema found
// (type and resolution are left empty, for the copy to be checked anew).
ExprPtr CloneExpr(const Expr& e);
// Replaces each identifier `name` in the tree at `node` by a copy of
// `replacement`, and gives every other node `line`: how a parameterised
// expansion (fds[], the lock subroutines) is put in the place of a call.
void SubstituteIdentifier(ExprPtr& node, const std::string& name, const Expr& replacement,
                          int line);

// Readable names, used by -S dumps, error messages and tests.
const char* BinaryOpSpelling(BinaryOp op);  // "+", "<<", "&&", ...
const char* UnaryOpSpelling(UnaryOp op);

}  // namespace dt::ast
