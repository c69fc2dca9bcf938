// Semantic analysis: resolves names, infers and checks types, matches
// probe descriptions, and fills a ProgramInfo. Annotates every expression
// with its type (Expr::type) and what it is (Expr::resolved,
// sema/resolved.h), and refuses what code generation could not generate
// (use_check.h), so that the code generator reports only resource limits.
//
// Variables are typed by their first assignment, wherever it stands in the
// program (analyzer_inference.cc types them all before the clauses are
// checked); a variable that nothing assigns is D_IDENT_UNDEF where read.
#pragma once

#include <functional>
#include <map>
#include <set>

#include "frontend/ast.h"
#include "frontend/const_fold.h"
#include "providers/probe_registry.h"
#include "sema/program_info.h"
#include "sema/resolved.h"
#include "sema/stability_check.h"
#include "sema/types.h"

namespace dt {

struct StableProbe;  // providers/stable_providers.h

struct AnalyzerOptions {
  bool allow_zero_matches = false;  // -Z
  // Kernel variables (`max_pid, vmlinux`jiffies): the type BTF gives a
  // name ("mod`name" or "name"), and its address from the symbol table.
  // Unset: no kernel variables.
  std::function<const Type*(const std::string&)> kernel_variable_type;
  std::function<std::optional<uint64_t>(const std::string& module, const std::string& name)>
      kernel_symbol_address;
};

class Analyzer {
 public:
  Analyzer(TypeTable& types, ProbeRegistry& probes, ProgramInfo& info, AnalyzerOptions options);

  // Analyzes one parsed program (one -n or -s); several may share `info`.
  // Returns the number of probes its clauses enable. Throws CompileError.
  int Analyze(ast::Program& program, int source_index);

  // Takes in a D library file (sema/d_library.h). Its inlines are checked,
  // and its typedefs of types it does not define (kernel types) resolved,
  // only when a program first names them, so library declarations that
  // need kernel types cost nothing (no BTF load) unless used. Clauses are not
  // allowed in library files.
  void AnalyzeLibrary(ast::Program& program);

  // Option stackframes: the depth of stack() without an argument, for the
  // programs analyzed from now on.
  void set_stack_frames(uint64_t frames) { stack_frames_ = frames; }
  void set_user_stack_frames(uint64_t ustack, uint64_t jstack) {
    ustack_frames_ = ustack;
    jstack_frames_ = jstack;
  }
  // Option maxframes: no stack, ustack or jstack records more frames than
  // this (nor ever more than kMaxStackFrames), whatever depth it asks for.
  void set_max_frames(uint64_t frames) { max_frames_ = frames; }
  // Option amin: the programs analyzed from now on may use nothing whose
  // stability attributes are below it (sema/stability_check.h); nullopt:
  // nothing is checked.
  void set_attribute_minimum(std::optional<Attributes> minimum) { attribute_minimum_ = minimum; }

  // For identifiers: the builtin named `name`, or -1.
  static int LookupBuiltin(const std::string& name);

 private:
  void AnalyzeClause(ast::Clause& clause, int source_index, int& matched);
  // The clauses from `first_clause` on against option amin
  // (analyzer_stability.cc).
  void CheckStability(size_t first_clause);
  // The probes a clause's descriptions match, sorted by id (D_PDESC_ZERO
  // when none does, unless -Z). Remembered for the clause's second look.
  const std::vector<const Probe*>& MatchClauseProbes(const ast::Clause& clause);

  // Type inference (analyzer_inference.cc): defines every variable that
  // `clauses` assign or update, with the type DTrace gives it, before any
  // clause is checked, so that a clause may read a variable that only a
  // later clause assigns.
  void InferVariableTypes(const std::vector<ast::Clause*>& clauses);
  // Runs `check` (a check of part of `clause`) with the clause's probes as
  // context; false when it fails: inference reports nothing, the clause's
  // own check reports the error, in program order.
  bool TryCheckIn(ast::Clause& clause, const std::function<void()>& check);
  // The table of the variable an assignment to `lhs` writes, or nullptr
  // when `lhs` is not a D variable (a builtin, inline, kernel variable or
  // memory).
  std::vector<Variable>* WrittenVariableTable(const ast::Expr& lhs);
  void AnalyzeTypeDecl(ast::TopLevel& item);  // typedef, struct/union, translator
  void AnalyzeDecl(const ast::VarDecl& decl);
  void AnalyzeStmt(ast::Stmt& stmt);
  void AnalyzeAggregate(ast::Stmt& stmt);
  void AnalyzeActionCall(ast::Expr& call);
  void CheckCopyoutArgs(const ast::Expr& call);  // copyout(), copyoutstr()
  // printf(), system() and printa() formats against their arguments'
  // types (analyzer_calls.cc).
  void CheckFormats();
  // The constant parameters of lquantize() (base, limit, step) and
  // llquantize() (factor, low, high, nsteps), by DTrace's rules
  // (analyzer_quantize.cc).
  void LquantizeParams(ast::Stmt& stmt, int64_t params[4]);
  void LlquantizeParams(ast::Stmt& stmt, int64_t params[4]);
  // An lquantize() or llquantize() of an aggregation given other parameters
  // before: DTrace's D_LQUANT_MATCH* / D_LLQUANT_*MATCH message naming the
  // first that differs. Nothing if they give the same buckets.
  void CheckQuantizeMatch(const ast::Stmt& stmt, const int64_t previous[4],
                          const int64_t current[4]);
  // printa() of several aggregations (arguments from `first` on): their
  // keys must match in number (D_PRINTA_AGGKEY) and kind (D_PRINTA_AGGPROTO).
  void CheckPrintaKeys(const ast::Expr& e, size_t first);
  // tracemem(), printm(), trace() of a struct, union or array
  // (analyzer_memory_actions.cc).
  void CheckTracemem(ast::Expr& call);
  void CheckPrintm(ast::Expr& call);
  void CheckTraceObject(ast::Expr& call);

  const Type* Check(ast::Expr& e);
  const Type* CheckIntegerLiteral(ast::Expr& e);
  const Type* CheckDynamicVariable(ast::Expr& e);  // self->, this->
  const Type* CheckAggregationName(ast::Expr& e);  // @name as an action's operand
  const Type* CheckTernary(ast::Expr& e);
  const Type* CheckCast(ast::Expr& e);
  const Type* CheckStringof(ast::Expr& e);
  const Type* CheckIdentifier(ast::Expr& e);
  const Type* CheckUnary(ast::Expr& e);
  const Type* CheckBinary(ast::Expr& e);
  const Type* CheckAssign(ast::Expr& e);
  const Type* CheckCall(ast::Expr& e);
  // stack(), func()/sym(), mod() (analyzer_calls.cc).
  const Type* CheckKernelAddressCall(ast::Expr& e);
  // Check() where a stack() value may stand: trace()'s argument, an
  // aggregation key.
  const Type* CheckAllowingStack(ast::Expr& e);
  const Type* CheckUserStackCall(ast::Expr& e);                       // ustack(), jstack()
  const Type* CheckUserRegister(ast::Expr& e, const Type* assigned);  // uregs[i]
  // fds[fd] (analyzer_fds.cc).
  const Type* CheckFds(ast::Expr& e, const Type* assigned);
  const Type* CheckUserAddressCall(ast::Expr& e);
  // --- scratch memory (analyzer_scratch.cc)
  const Type* CheckScratchCall(ast::Expr& e);  // alloca(), bcopy(), copyinto()
  // Whether `e` is an object in scratch memory reached through a pointer
  // that alloca() or copyin() returned: a store to it is allowed, checked
  // at run time against the clause's scratch memory.
  bool IsScratchLvalue(const ast::Expr& e) const;
  bool IsScratchObject(const ast::Expr& e) const;  // a struct or array there
  // The value stored there must be a scalar.
  void CheckScratchStore(const ast::Expr& lhs, const Type* value, const char* op);
  // A pointer cast keeps the scratch address space of its operand.
  const Type* KeepScratchSpace(const Type* from, const Type* to);
  // `s == NULL`, `s != NULL` of a string (strstr()'s idiom): the NULL
  // becomes "" in place, so that the comparison means "found".
  void CompareStringWithNull(ast::Expr& e);
  void CheckAddressArgument(ast::Expr& e);  // usym(), ufunc(), umod(), uaddr()
  // An associative array element, or pointer/array indexing. `assigned`:
  // the type stored into it; `frees` when that is the constant 0, which
  // deletes an element of any type.
  const Type* CheckIndex(ast::Expr& e, const Type* assigned, bool frees = false);
  const Type* ResolveTypeName(const ast::TypeName& tn);
  const Type* KernelType(const ast::Expr& e, const std::string& name);  // BTF, with e's line
  const Type* LookupTypeAt(const std::string& name, int line);          // error if unknown

  // C types and translators (analyzer_types.cc).
  const Type* CheckMember(ast::Expr& e);  // the member's C type, arrays unconverted
  const Type* AsKernelValue(ast::Expr& e, const Type* t);  // char arrays read as strings
  bool IsKernelLvalue(const ast::Expr& e) const;
  // Undoes AsKernelValue where the array itself is wanted (&, [ ], *, .).
  const Type* AsKernelObject(ast::Expr& e);
  const Type* CheckPointerIndex(ast::Expr& e);
  // Structs, unions and arrays held in D variables (analyzer_aggregate_vars.cc).
  bool IsVariableObject(const ast::Expr& e) const;  // a variable's object, or one inside it
  const Type* CheckVariableMember(ast::Expr& e, const Type* su);
  const Type* CheckVariableElement(ast::Expr& e, const Type* array);
  // D_OP_INCOMPAT unless `value` may be stored to the part `lhs`.
  void CheckStoreToVariablePart(const ast::Expr& lhs, const Type* value, const char* op);
  // A struct, union or array assigned where the other side is not the same type.
  static bool ObjectAssignmentIncompatible(const Type* to, const Type* value);
  const Type* CheckStringIndex(ast::Expr& e);  // s[i] of a D string
  const Type* CheckAddressOf(ast::Expr& e);
  const Type* CheckOffsetof(ast::Expr& e);
  const Type* CheckXlate(ast::Expr& e);
  void DefineStruct(const ast::StructDecl& d);
  bool NamesKernelType(const ast::StructDecl& d) const;
  void DefineEnum(const ast::EnumDecl& d);        // its names become integer constants
  const Type* CheckKernelVariable(ast::Expr& e);  // `name, mod`name, extern names
  uint64_t AlignmentOf(const Type* t) const;
  void DefineTranslator(const ast::TranslatorDecl& d);
  struct Translator {
    const ast::TranslatorDecl* decl;
    bool resolved = false;  // types are resolved on first use: they may need BTF
    const Type* output = nullptr;
    const Type* input = nullptr;
  };
  bool ResolveTranslator(Translator& tr);
  const Type* CheckTranslatedMember(ast::Expr& e, const ast::Expr& xlate);
  const Type* CheckProbeArg(ast::Expr& e);  // args[N]
  const Type* ArgType(const ProbeArg& a);   // a tracepoint field's C type in D
  // sched/proc/io: the provider's D for a probe, parsed once and checked.
  ast::Expr& StableExpr(const std::string& text);
  void AnalyzeStableProbe(const Probe& p, const StableProbe& definition);
  // Offsets __path walks: dentry d_parent, d_name.name; mount mnt,
  // mnt_parent, mnt_mountpoint; vfsmount mnt_root.
  std::vector<uint32_t> PathOffsets(const ast::Expr& e);

  Variable* FindVar(std::vector<Variable>& table, const std::string& name);
  Variable& DefineVar(std::vector<Variable>& table, const std::string& name, ast::VarScope scope,
                      const Type* type);
  const Type* StorageType(const Type* t);  // strings are stored at strsize
  // Record what `e` is (sema/resolved.h): a constant of type t, a variable,
  // a call, an object in kernel memory of type t (analyzer_resolve.cc).
  void ResolveConstant(ast::Expr& e, uint64_t v, const Type* t);
  void ResolveVariable(ast::Expr& e, const Variable& v);
  void ResolveCall(ast::Expr& e);  // a subroutine, or an action
  KernelAccess& ResolveKernelAccess(ast::Expr& e, AddressKind address, const Type* t);
  // D_OP_LVAL unless `e` (checked) is a D variable, which op may store to.
  void RequireVariable(const ast::Expr& e, const char* op);
  // Finds ProgramInfo::task_offsets in BTF once, for `what` (ppid, ...),
  // or D_IDENT_UNDEF at `line` when BTF does not have them.
  void ResolveTaskOffsets(int line, const std::string& what);
  const Type* CheckStrtok(ast::Expr& e);  // analyzer_calls.cc
  // D_IDX_TYPE unless e's one index (checked here) is an integer.
  void CheckIntegerIndex(ast::Expr& e);  // analyzer_types.cc
  // mutex_owned() and the other lock subroutines, expanded in place.
  const Type* CheckLockCall(ast::Expr& e);  // analyzer_locks.cc
  void RequireScalar(const ast::Expr& e, const char* op);
  void RequireLvalue(const ast::Expr& e, const char* op);
  // D_DIV_ZERO when `e` divides (/, %, /=, %=) by a constant zero.
  void RejectConstantZeroDivisor(const ast::Expr& e);
  void ReadAsEnumeratorOf(ast::Expr& e, const Type* left, const char* op);
  // What constant folding reads an identifier as: an inline's value.
  ConstantIdentifier InlineConstants();
  // Checks `e` and returns its value when it is an integer constant
  // expression (frontend/const_fold.h), read as a signed 64-bit value.
  std::optional<int64_t> FoldedValue(ast::Expr& e);
  // FoldedValue, or D_PROTO_ARG "<what> must be an integer constant".
  int64_t ConstantValue(ast::Expr& e, const char* what);
  // True when `name` is an inline, checking a library inline on first use.
  bool IsInline(const std::string& name);
  void NoteTracepointArgLayouts();
  int RawTracepointArgCount(const std::string& tracepoint);  // -1: unknown

  TypeTable& types_;
  ProbeRegistry& probes_;
  ProgramInfo& info_;
  AnalyzerOptions options_;
  std::map<std::string, const ast::InlineDecl*> library_inlines_;  // not yet checked
  // Library typedefs of kernel types, by name: not yet resolved.
  std::map<std::string, const ast::TypedefDecl*> library_typedefs_;
  std::map<std::string, const ast::StructDecl*> library_structs_;  // by tag, until first named
  std::vector<Translator> translators_;
  std::map<std::string, const Type*> extern_types_;  // `extern T name;` declarations
  std::map<std::string, std::pair<int64_t, const Type*>> enum_constants_;  // D enums' names
  std::map<std::string, ast::ExprPtr> stable_exprs_;                       // by source text
  std::set<std::string> typedef_names_;                 // every typedef, for parsing stable_exprs_
  mutable std::map<const Type*, uint64_t> alignments_;  // structs' and unions', once computed
  // Inputs of the translators being expanded, innermost last: (name, type).
  std::vector<std::pair<std::string, const Type*>> xlate_inputs_;
  const ast::Clause* current_clause_ = nullptr;
  std::map<const ast::Clause*, std::vector<const Probe*>> clause_probes_;
  bool inferring_ = false;            // InferVariableTypes is running
  std::set<int> stored_clause_vars_;  // this-> ids assigned so far, in program order
  const std::vector<const Probe*>* current_probes_ = nullptr;
  bool in_statement_call_ = false;
  bool stack_allowed_ = false;      // the expression being checked may be stack()
  std::string aggregation_action_;  // the action whose arguments are being checked
  uint64_t stack_frames_ = 20;
  uint64_t ustack_frames_ = 100, jstack_frames_ = 50;
  uint64_t max_frames_ = kMaxStackFrames;
  // Formats not checked yet, in program order (CheckFormats()).
  struct PendingFormat {
    std::string format;
    int line = 0;
    std::vector<const Type*> arg_types;  // printf(), system()
    int aggregation = -1;                // printa(): Aggregation::id of its first aggregation
  };
  std::vector<PendingFormat> pending_formats_;
  std::optional<Attributes> attribute_minimum_;
  // Calls replaced by their expansion (lock subroutines, fds[]), by the
  // node that holds the expansion now: what the stability check sees.
  std::map<const ast::Expr*, ExpandedCall> expanded_calls_;
};

}  // namespace dt
