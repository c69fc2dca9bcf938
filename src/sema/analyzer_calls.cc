// Semantic checks of subroutine calls (strlen, copyin, ...) and of the
// actions that may only stand as statements (trace, printf, printa, ...).
#include <algorithm>
#include <climits>
#include <utility>
#include <vector>

#include "common/diagnostic.h"
#include "format/printf_parse.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"
#include "sema/destructive_actions.h"
#include "sema/resolved.h"
#include "sema/speculation_rules.h"

namespace dt {

namespace {

using ast::Expr;
using ast::ExprKind;

// Actions and subroutines that are statements: name, min and max args.
struct ActionSpec {
  const char* name;
  int min_args, max_args;  // -1: variadic
};

constexpr ActionSpec kActions[] = {
    {"trace", 1, 1},     {"printf", 1, -1}, {"printa", 1, -1},   {"exit", 1, 1},
    {"clear", 1, 1},     {"trunc", 1, 2},   {"setopt", 1, 2},    {"system", 1, -1},
    {"raise", 1, 1},     {"stop", 0, 0},    {"print", 1, 1},     {"speculate", 1, 1},
    {"commit", 1, 1},    {"discard", 1, 1}, {"normalize", 2, 2}, {"denormalize", 1, 1},
    {"tracemem", 2, -1}, {"printm", 2, 2},
};

// The destructive actions added to those above (sema/destructive_actions.h),
// and ftruncate().
constexpr ActionSpec kMoreActions[] = {
    {"chill", 1, 1},     {"copyout", 3, 3},    {"copyoutstr", 3, 3}, {"freopen", 1, -1},
    {"ftruncate", 0, 0}, {"breakpoint", 0, 0}, {"panic", 0, 0},
};

const ActionSpec* FindAction(const std::string& f) {
  for (const ActionSpec& a : kActions)
    if (f == a.name) return &a;
  for (const ActionSpec& a : kMoreActions)
    if (f == a.name) return &a;
  return nullptr;
}

// Subroutines that compute a value from strings and integers, with
// DTrace's prototypes. A `const char *` parameter takes a D string and is
// spelled "string" in messages, as strlen()'s is.
struct ParamSpec {
  bool is_string;
  const char* spelling;  // an integer parameter's type, as messages name it
};

struct SubroutineSpec {
  const char* name;
  const char* result;  // "string" (of strsize bytes) or an integer type's name
  int min_args;
  int max_args;
  ParamSpec params[3];
};

constexpr ParamSpec kStringParam{true, "string"};

constexpr SubroutineSpec kSubroutines[] = {
    {"htons", "uint16_t", 1, 1, {{false, "uint16_t"}}},
    {"ntohs", "uint16_t", 1, 1, {{false, "uint16_t"}}},
    {"htonl", "uint32_t", 1, 1, {{false, "uint32_t"}}},
    {"ntohl", "uint32_t", 1, 1, {{false, "uint32_t"}}},
    {"htonll", "uint64_t", 1, 1, {{false, "uint64_t"}}},
    {"ntohll", "uint64_t", 1, 1, {{false, "uint64_t"}}},
    {"basename", "string", 1, 1, {kStringParam}},
    {"dirname", "string", 1, 1, {kStringParam}},
    {"cleanpath", "string", 1, 1, {kStringParam}},
    {"strjoin", "string", 2, 2, {kStringParam, kStringParam}},
    {"lltostr", "string", 1, 2, {{false, "int64_t"}, {false, "int"}}},
    {"substr", "string", 2, 3, {kStringParam, {false, "int"}, {false, "int"}}},
    {"toupper", "string", 1, 1, {kStringParam}},
    {"tolower", "string", 1, 1, {kStringParam}},
    {"index", "int", 2, 3, {kStringParam, kStringParam, {false, "int"}}},
    {"rindex", "int", 2, 3, {kStringParam, kStringParam, {false, "int"}}},
    {"strchr", "string", 2, 2, {kStringParam, {false, "char"}}},
    {"strrchr", "string", 2, 2, {kStringParam, {false, "char"}}},
    {"strstr", "string", 2, 2, {kStringParam, kStringParam}},
    {"strtoll", "int64_t", 1, 2, {kStringParam, {false, "int"}}},
    {"json", "string", 2, 2, {kStringParam, kStringParam}},
    {"rand", "int", 0, 0, {}},
    {"getmajor", "uint32_t", 1, 1, {{false, "dev_t"}}},
    {"getminor", "uint32_t", 1, 1, {{false, "dev_t"}}},
    {"progenyof", "int", 1, 1, {{false, "pid_t"}}},
};

// A tracepoint's __data_loc or __rel_loc string: not a char array in place.
bool IsRecordString(const KernelAccess& m) {
  return m.address == AddressKind::kDataLoc || m.address == AddressKind::kRelLoc;
}

// What the printf checker needs to know of an argument's D type.
ArgClass PrintfArgClass(const Type* t) {
  if (t->IsString()) return ArgClass::String();
  if (t->IsStack()) {
    ArgClass c;
    c.kind = ArgClass::Kind::kStack;
    c.type_name = TypeSpelling(t);
    return c;
  }
  if (t->IsPointer()) return ArgClass::Pointer(TypeSpelling(t));
  return ArgClass::Int(static_cast<int>(t->size), t->is_signed, TypeSpelling(t));
}

// An action's value used in an expression (DTrace's D_CG_EXPR).
std::string CalledFromExpression(const std::string& f) {
  return "tracing function " + f +
         "( ) may not be called from a D expression (D program context required)";
}

}  // namespace

bool IsTranslatedObject(const Expr& e, const ProgramInfo& info) {
  const Expr* p = &e;
  if (p->kind == ExprKind::kUnary && p->unary_op == ast::UnaryOp::kDeref) p = p->lhs.get();
  for (int hops = 0; hops < 16 && p->kind == ExprKind::kIdentifier &&
                     ResolutionOf(*p).kind != Resolved::Kind::kTranslatorInput;
       ++hops) {
    auto it = info.inlines.find(p->text);
    if (it == info.inlines.end()) break;
    p = it->second->value.get();
  }
  Resolved::Kind kind = ResolutionOf(*p).kind;
  return kind == Resolved::Kind::kXlate || kind == Resolved::Kind::kTranslatedMember ||
         kind == Resolved::Kind::kProbeArgInD;
}

const Type* Analyzer::CheckCall(Expr& e) {
  const std::string& f = e.text;
  size_t n = e.args.size();
  {
    if (IsAggregatingFunction(f)) {
      throw CompileError("D_AGG_FUNC", e.line,
                         Excerpt(f) + "( ) may only be used as the value of an aggregation");
    }
  }
  if (const ActionSpec* action = FindAction(f)) {
    const ActionSpec& a = *action;
    if (n < static_cast<size_t>(a.min_args) ||
        (a.max_args >= 0 && n > static_cast<size_t>(a.max_args)))
      ProtoLenError(e.line, f, n, a.min_args, a.max_args);
    if (!in_statement_call_) {
      throw CompileError("D_CG_EXPR", e.line, CalledFromExpression(f));
    }
    in_statement_call_ = false;
    AnalyzeActionCall(e);
    return types_.Void();
  }
  if (f == "stack" || f == "func" || f == "sym" || f == "mod") return CheckKernelAddressCall(e);
  if (f == "ustack" || f == "jstack") return CheckUserStackCall(e);
  if (f == "usym" || f == "ufunc" || f == "umod" || f == "uaddr") return CheckUserAddressCall(e);
  if (f == "alloca" || f == "bcopy" || f == "copyinto") return CheckScratchCall(e);
  auto check_args = [&](int min_args, int max_args) {
    if (n < static_cast<size_t>(min_args) || n > static_cast<size_t>(max_args))
      ProtoLenError(e.line, f, n, min_args, max_args);
    for (auto& a : e.args) Check(*a);
  };
  auto require_int_arg = [&](size_t i, const char* proto) {
    if (!e.args[i]->type->IsScalar()) {
      throw CompileError("D_PROTO_ARG", e.args[i]->line,
                         f + "( ) argument #" + std::to_string(i + 1) +
                             " is incompatible with prototype:\n\tprototype: " + proto +
                             "\n\t argument: " + TypeSpelling(e.args[i]->type));
    }
  };
  if (f == "speculation") {
    check_args(0, 0);
    info_.uses_speculations = true;
    return types_.Int32();
  }
  if (f == "strlen") {
    check_args(1, 1);
    if (!e.args[0]->type->IsString()) {
      throw CompileError("D_PROTO_ARG", e.args[0]->line,
                         "strlen( ) argument #1 is incompatible with prototype:\n\tprototype: "
                         "string\n\t argument: " +
                             TypeSpelling(e.args[0]->type));
    }
    return types_.Lookup("size_t");
  }
  for (const SubroutineSpec& spec : kSubroutines) {
    if (f != spec.name) continue;
    check_args(spec.min_args, spec.max_args);
    for (size_t i = 0; i < n; ++i) {
      const ParamSpec& p = spec.params[i];
      const Type* t = e.args[i]->type;
      if (p.is_string ? t->IsString() : t->IsInteger()) continue;
      throw CompileError("D_PROTO_ARG", e.args[i]->line,
                         f + "( ) argument #" + std::to_string(i + 1) +
                             " is incompatible with prototype:\n\tprototype: " + p.spelling +
                             "\n\t argument: " + TypeSpelling(t));
    }
    if (f == "progenyof") ResolveTaskOffsets(e.line, "progenyof( )");
    return std::string(spec.result) == "string" ? types_.String() : types_.Lookup(spec.result);
  }
  if (f == "strtok") return CheckStrtok(e);
  if (IsLockSubroutine(f)) return CheckLockCall(e);
  if (f == "__path") {
    // The D library's cwd and root: the path from a dentry and its mount.
    check_args(2, 2);
    require_int_arg(0, "struct dentry *");
    require_int_arg(1, "struct vfsmount *");
    e.resolved->path_offsets = PathOffsets(e);
    return types_.String();
  }
  if (f == "__user_args") {
    // The D library's way to read a process's arguments (psinfo_t's
    // pr_psargs): the current task's argument area, NULs as spaces.
    check_args(2, 2);
    require_int_arg(0, "uintptr_t");
    require_int_arg(1, "uintptr_t");
    return types_.String(kPsargsSize);
  }
  if (f == "d_path") {
    // Oracle Linux DTrace's d_path(struct path *): the walk of cwd and
    // root (__path), from the path's dentry and mount.
    check_args(1, 1);
    require_int_arg(0, "struct path *");
    std::vector<uint32_t> offsets = PathOffsets(e);
    const Type* path = StripTypedefs(KernelType(e, "struct path"));
    for (const char* member : {"dentry", "mnt"}) {
      std::optional<MemberLocation> m = FindMember(path, member);
      if (!m) {
        throw CompileError("D_MEMBER_NAME", e.line,
                           std::string(member) + " is not a member of struct path");
      }
      offsets.push_back(static_cast<uint32_t>(m->byte_offset()));
    }
    e.resolved->path_offsets = std::move(offsets);
    return types_.String();
  }
  if (f == "inet_ntoa" || f == "inet_ntoa6") {
    check_args(1, 1);
    require_int_arg(0, f == "inet_ntoa" ? "ipaddr_t *" : "in6_addr_t *");
    return types_.String();
  }
  if (f == "inet_ntop") {
    check_args(2, 2);
    require_int_arg(0, "int");
    require_int_arg(1, "void *");
    return types_.String();
  }
  if (f == "copyinstr") {
    check_args(1, 2);
    require_int_arg(0, "uintptr_t");
    if (n == 2) require_int_arg(1, "size_t");
    return types_.String();
  }
  if (f == "copyin") {
    check_args(2, 2);
    require_int_arg(0, "uintptr_t");
    require_int_arg(1, "size_t");
    return types_.Pointer(types_.Void(), AddrSpace::kScratch);
  }
  // As DTrace, which looks the name up when it parses the call: a name it
  // knows then (a built-in variable, an inline, an enumerator) is of the
  // wrong kind; any other, a variable assigned later included, is undefined.
  std::string kind;
  if (LookupBuiltin(f) >= 0) kind = f == "args" || f == "uregs" ? "associative array" : "scalar";
  if (kind.empty() && IsInline(f)) kind = "scalar";
  if (kind.empty() && enum_constants_.count(f)) kind = "enumerator";
  if (!kind.empty()) {
    throw CompileError("D_FUNC_IDKIND", e.line,
                       kind + " '" + Excerpt(f) + "' may not be referenced as a function");
  }
  throw CompileError("D_FUNC_UNDEF", e.line, "undefined function name: " + Excerpt(f));
}

// strtok(s, delim) starts on s; strtok(NULL, delim) goes on where the last
// call of the firing stopped (illumos keeps that place for the probe
// firing, across its clauses). The place and the string live in a hidden
// this-> variable (a name D cannot spell), zeroed when a firing starts.
const Type* Analyzer::CheckStrtok(Expr& e) {
  if (e.args.size() != 2) ProtoLenError(e.line, "strtok", e.args.size(), 2, 2);
  for (auto& a : e.args) Check(*a);
  for (size_t i = 0; i < 2; ++i) {
    const Type* t = e.args[i]->type;
    if (t->IsString() || (i == 0 && t->IsScalar())) continue;
    throw CompileError("D_PROTO_ARG", e.args[i]->line,
                       "strtok( ) argument #" + std::to_string(i + 1) +
                           " is incompatible with prototype:\n\tprototype: string\n\t argument: " +
                           TypeSpelling(t));
  }
  const std::string kState = "%strtok";
  Variable* state = nullptr;
  for (Variable& v : info_.clause_vars)
    if (v.name == kState) state = &v;
  if (state == nullptr) {
    // The place (a word), then the string.
    state = &DefineVar(info_.clause_vars, kState, ast::VarScope::kThis,
                       types_.String(types_.strsize() + 8));
    state->type = types_.String(types_.strsize() + 8);  // DefineVar gives strsize
    state->read_before_assigned = true;
  }
  e.resolved->id = state->id;
  return types_.String();
}

const Type* Analyzer::CheckAllowingStack(Expr& e) {
  stack_allowed_ =
      e.kind == ExprKind::kCall && (e.text == "stack" || e.text == "ustack" || e.text == "jstack");
  const Type* t = Check(e);
  stack_allowed_ = false;
  return t;
}

// stack([n]), func(pc)/sym(pc), mod(pc): DTrace's prototypes "stack(...)"
// and "_symaddr(uintptr_t)". A stack may only be recorded (a statement, or
// trace()'s argument) or be an aggregation key; the others are integers
// that print symbolically wherever they are recorded.
const Type* Analyzer::CheckKernelAddressCall(Expr& e) {
  const std::string& f = e.text;
  bool allowed = in_statement_call_ || stack_allowed_;
  in_statement_call_ = false;
  stack_allowed_ = false;
  if (f != "stack") {
    CheckAddressArgument(e);
    return types_.SymbolAddress(f == "mod" ? Type::Symbolic::kModule : Type::Symbolic::kSymbol);
  }
  if (!allowed) {
    throw CompileError("D_CG_EXPR", e.line, CalledFromExpression("stack"));
  }
  uint64_t frames = stack_frames_;
  if (!e.args.empty()) {
    Expr& n = *e.args[0];
    Check(n);
    if (n.kind != ExprKind::kInteger || n.int_value == 0 ||
        n.int_value > static_cast<uint64_t>(INT32_MAX)) {
      throw CompileError("D_STACK_SIZE", n.line,
                         "stack( ) size must be a non-zero positive integral constant "
                         "expression");
    }
    if (e.args.size() > 1) {
      throw CompileError("D_STACK_PROTO", e.line,
                         "stack( ) prototype mismatch: too many arguments");
    }
    frames = n.int_value;
  }
  return types_.Stack(std::min({frames, max_frames_, kMaxStackFrames}));
}

// ustack([frames[, strsize]]) and jstack(): DTrace's prototype
// "stack(...)". strsize is the room for a language runtime's frame names
// (a ustack helper); Linux has none, so it is checked and not used.
const Type* Analyzer::CheckUserStackCall(Expr& e) {
  const std::string& f = e.text;
  bool allowed = in_statement_call_ || stack_allowed_;
  in_statement_call_ = false;
  stack_allowed_ = false;
  if (!allowed) {
    throw CompileError("D_CG_EXPR", e.line, CalledFromExpression(f));
  }
  if (e.args.size() > 2) {
    throw CompileError("D_USTACK_PROTO", e.line, f + "( ) prototype mismatch: too many arguments");
  }
  for (auto& a : e.args) Check(*a);
  uint64_t frames = f == "jstack" ? jstack_frames_ : ustack_frames_;
  if (!e.args.empty()) {
    const Expr& n = *e.args[0];
    if (n.kind != ExprKind::kInteger || n.int_value == 0 ||
        n.int_value > static_cast<uint64_t>(INT32_MAX)) {
      throw CompileError("D_USTACK_FRAMES", n.line,
                         f + "( ) argument #1 must be a non-zero positive integer constant");
    }
    frames = n.int_value;
  }
  if (e.args.size() == 2) {
    const Expr& size = *e.args[1];
    if (size.kind != ExprKind::kInteger || size.int_value > static_cast<uint64_t>(INT32_MAX)) {
      throw CompileError("D_USTACK_STRSIZE", size.line,
                         f + "( ) argument #2 must be a positive integer constant");
    }
  }
  return types_.UserStack(std::min({frames, max_frames_, kMaxStackFrames}));
}

// The one uintptr_t argument of func(), mod(), usym() and the like.
void Analyzer::CheckAddressArgument(Expr& e) {
  if (e.args.size() != 1) ProtoLenError(e.line, e.text, e.args.size(), 1, 1);
  const Type* t = Check(*e.args[0]);
  if (!t->IsScalar()) {
    throw CompileError("D_PROTO_ARG", e.args[0]->line,
                       e.text +
                           "( ) argument #1 is incompatible with prototype:\n\tprototype: "
                           "uintptr_t\n\t argument: " +
                           TypeSpelling(t));
  }
}

// usym(), ufunc(), umod(), uaddr(): DTrace's "_usymaddr(uintptr_t)". The
// value keeps the process with the address, so that it can be named later.
const Type* Analyzer::CheckUserAddressCall(Expr& e) {
  const std::string& f = e.text;
  in_statement_call_ = false;
  stack_allowed_ = false;
  CheckAddressArgument(e);
  Type::Symbolic kind = f == "umod"    ? Type::Symbolic::kModule
                        : f == "uaddr" ? Type::Symbolic::kAddress
                                       : Type::Symbolic::kSymbol;
  return types_.UserSymbolAddress(kind);
}

void Analyzer::AnalyzeActionCall(Expr& e) {
  const std::string& f = e.text;
  aggregation_action_ = f;
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (f == "trace" && i == 0)
      CheckAllowingStack(*e.args[i]);
    else
      Check(*e.args[i]);
  }
  aggregation_action_.clear();
  auto is_agg = [&](size_t i) { return e.args[i]->kind == ExprKind::kAggregation; };
  if (IsDestructiveAction(f)) info_.destructive = true;
  if (f == "trace") {
    if (is_agg(0)) {
      throw CompileError("D_TRACE_AGG", e.line, "trace( ) may not be applied to an aggregation");
    }
    if (e.args[0]->type->IsVoid()) {
      throw CompileError("D_TRACE_VOID", e.line,
                         "trace( ) may not be applied to a void expression");
    }
    CheckTraceObject(e);
  } else if (f == "tracemem") {
    CheckTracemem(e);
  } else if (f == "printm") {
    CheckPrintm(e);
  } else if (f == "print") {
    Expr& arg = *e.args[0];
    if (is_agg(0)) {
      throw CompileError("D_PRINT_AGG", e.line,
                         "print( ) may not be applied to an aggregation -- did you mean printa()?");
    }
    if (arg.type->IsVoid()) {
      throw CompileError("D_PRINT_VOID", e.line,
                         "print( ) may not be applied to a void expression");
    }
    // print() shows a kernel char array as the array it is, not as the
    // D string it would otherwise be read into.
    if (IsKernelLvalue(arg) && !IsRecordString(arg.resolved->memory)) AsKernelObject(arg);
    const Type* shown = StripTypedefs(arg.type);
    bool object = shown->IsStructOrUnion() || shown->kind == Type::Kind::kArray;
    if (object && !IsVariableObject(arg) &&
        (!IsKernelLvalue(arg) || IsTranslatedObject(arg, info_))) {
      throw CompileError("D_PRINT_DYN", e.line,
                         "print( ) may not be applied to a dynamic expression");
    }
  } else if (f == "printf" || f == "system" || f == "freopen") {
    if (e.args[0]->kind != ExprKind::kString) {
      throw CompileError("D_PRINTF_ARG_FMT", e.line,
                         f +
                             "( ) argument #1 is incompatible with prototype:\n\tprototype: string "
                             "constant\n\t argument: " +
                             TypeSpelling(e.args[0]->type));
    }
    // DTrace's own marker for "restore the output" may not be named.
    if (f == "freopen" && e.args[0]->text == ".") {
      throw CompileError("D_FREOPEN_INVALID", e.line, "freopen( ) argument #1 cannot be \".\"");
    }
    for (size_t i = 1; i < e.args.size(); ++i) {
      if (is_agg(i)) {
        throw CompileError(
            "D_PRINTF_AGG", e.line,
            f + "( ) argument #" + std::to_string(i + 1) + " is an aggregation; use printa( )");
      }
    }
    // freopen("") restores the output: a path, not a format to check.
    bool restores = f == "freopen" && e.args[0]->text.empty() && e.args.size() == 1;
    if (!inferring_ && !restores) {
      PendingFormat pending{e.args[0]->text, e.line, {}, -1};
      for (size_t i = 1; i < e.args.size(); ++i) pending.arg_types.push_back(e.args[i]->type);
      pending_formats_.push_back(std::move(pending));
    }
  } else if (f == "printa") {
    size_t first = 0;
    if (e.args[0]->kind == ExprKind::kString) first = 1;
    if (first == e.args.size()) {
      // DTrace's count: "1 args passed, 2 expected" (always "args").
      throw CompileError("D_PRINTA_PROTO", e.line,
                         "printa( ) prototype mismatch: " + std::to_string(e.args.size()) +
                             " args passed, " + std::to_string(first + 1) + " expected");
    }
    for (size_t i = first; i < e.args.size(); ++i) {
      if (!is_agg(i)) {
        throw CompileError("D_PRINTA_AGGARG", e.line,
                           "printa( ) argument #" + std::to_string(i + 1) +
                               " is incompatible with prototype:\n\tprototype: "
                               "aggregation\n\t argument: " +
                               TypeSpelling(e.args[i]->type));
      }
    }
    CheckPrintaKeys(e, first);
    if (first == 1 && !inferring_)
      pending_formats_.push_back({e.args[0]->text, e.line, {}, ResolutionOf(*e.args[1]).id});
  } else if (f == "copyout" || f == "copyoutstr") {
    CheckCopyoutArgs(e);
  } else if (f == "exit" || f == "raise" || f == "chill" || IsSpeculationAction(f)) {
    if (IsSpeculationAction(f)) info_.uses_speculations = true;
    if (!e.args[0]->type->IsInteger()) {
      throw CompileError(
          "D_PROTO_ARG", e.line,
          f +
              "( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t "
              "argument: " +
              TypeSpelling(e.args[0]->type));
    }
  } else if (f == "clear" || f == "trunc" || f == "normalize" || f == "denormalize") {
    if (!is_agg(0)) {
      std::string tag = f == "clear" ? "CLEAR" : f == "trunc" ? "TRUNC" : "NORMALIZE";
      throw CompileError("D_" + tag + "_AGGARG", e.line,
                         f +
                             "( ) argument #1 is incompatible with prototype:\n\tprototype: "
                             "aggregation\n\t argument: " +
                             TypeSpelling(e.args[0]->type));
    }
  }
  if (f == "trunc" && e.args.size() == 2) {
    if (!e.args[1]->type->IsScalar()) {
      throw CompileError("D_TRUNC_SCALAR", e.line, "trunc( ) argument #2 must be of scalar type");
    }
    ConstantValue(*e.args[1], "trunc( ) argument #2");
  } else if (f == "normalize") {
    if (!e.args[1]->type->IsScalar()) {
      throw CompileError("D_NORMALIZE_SCALAR", e.line,
                         "normalize( ) argument #2 must be of scalar type");
    }
  } else if (f == "setopt") {
    for (size_t i = 0; i < e.args.size(); ++i) {
      const Expr& a = *e.args[i];
      if (!a.type->IsString()) {
        throw CompileError("D_PROTO_ARG", a.line,
                           "setopt( ) argument #" + std::to_string(i + 1) +
                               " is incompatible with prototype:\n\tprototype: const char *\n\t "
                               "argument: " +
                               TypeSpelling(a.type));
      }
      // DTrace takes any string; the option is set by the consumer, which
      // here knows the name and value from the program itself.
      if (a.kind != ExprKind::kString) {
        throw CompileError("D_SETOPT_ARG", e.line, "setopt( ) arguments must be string literals");
      }
    }
  }
}

// copyout(void *buf, uintptr_t addr, size_t nbytes) and
// copyoutstr(string str, uintptr_t addr, size_t maxlen): DTrace's prototypes.
// copyout()'s buffer is a D string or a pointer (copyin()'s, a kernel
// object's); copyoutstr() takes a string.
void Analyzer::CheckCopyoutArgs(const Expr& e) {
  const std::string& f = e.text;
  const char* protos[] = {f == "copyout" ? "void *" : "string", "uintptr_t", "size_t"};
  for (size_t i = 0; i < 3; ++i) {
    const Type* t = e.args[i]->type;
    bool ok = i == 0 ? (t->IsString() || (f == "copyout" && t->IsPointer())) : t->IsInteger();
    if (i == 1 && t->IsPointer()) ok = true;
    if (ok) continue;
    throw CompileError("D_PROTO_ARG", e.args[i]->line,
                       f + "( ) argument #" + std::to_string(i + 1) +
                           " is incompatible with prototype:\n\tprototype: " + protos[i] +
                           "\n\t argument: " + TypeSpelling(t));
  }
}

// Formats are checked once every statement of the program has been: a
// program with a format error and another error reports the other one, as
// it did when the code generator checked formats. printf()'s argument types
// are final by then, so it is checked once; printa()'s aggregation keys widen
// at every use, in this program or a later one, so each Analyze() checks
// every printa() again and the last one sees the final key types.
void Analyzer::CheckFormats() {
  for (const PendingFormat& p : pending_formats_) {
    PrintfFormat format = ParsePrintfFormat(p.format, p.line);
    std::vector<ArgClass> classes;
    if (p.aggregation < 0) {
      for (const Type* t : p.arg_types) classes.push_back(PrintfArgClass(t));
      CheckPrintfArgs(format, classes, p.line);
      continue;
    }
    const Aggregation& agg = info_.aggregations.at(p.aggregation);
    for (const Type* t : agg.key_types) classes.push_back(PrintfArgClass(t));
    PrintfCheckContext ctx;
    ctx.func = "printa";
    ctx.aggregation = true;
    ctx.agg_is_count = agg.kind == AggFunc::kCount;
    ctx.exact_len = false;
    CheckPrintfArgs(format, classes, p.line, ctx);
  }
  std::erase_if(pending_formats_, [](const PendingFormat& p) { return p.aggregation < 0; });
}

}  // namespace dt
