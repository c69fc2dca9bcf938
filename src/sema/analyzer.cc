#include "sema/analyzer.h"

#include <algorithm>
#include <cctype>

#include "common/diagnostic.h"
#include "common/nesting.h"
#include "frontend/const_fold.h"
#include "providers/provider.h"
#include "providers/stable_providers.h"
#include "sema/analyzer_internal.h"
#include "sema/decl_checks.h"
#include "sema/resolved.h"
#include "sema/speculation_rules.h"
#include "sema/use_check.h"

namespace dt {

namespace {

using ast::BinaryOp;
using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;

struct BuiltinName {
  const char* name;
  Builtin id;
};

constexpr BuiltinName kBuiltins[] = {
    {"arg0", Builtin::kArg0},
    {"arg1", Builtin::kArg1},
    {"arg2", Builtin::kArg2},
    {"arg3", Builtin::kArg3},
    {"arg4", Builtin::kArg4},
    {"arg5", Builtin::kArg5},
    {"arg6", Builtin::kArg6},
    {"arg7", Builtin::kArg7},
    {"arg8", Builtin::kArg8},
    {"arg9", Builtin::kArg9},
    {"pid", Builtin::kPid},
    {"ppid", Builtin::kPpid},
    {"tid", Builtin::kTid},
    {"uid", Builtin::kUid},
    {"gid", Builtin::kGid},
    {"execname", Builtin::kExecname},
    {"probeprov", Builtin::kProbeprov},
    {"probemod", Builtin::kProbemod},
    {"probefunc", Builtin::kProbefunc},
    {"probename", Builtin::kProbename},
    {"timestamp", Builtin::kTimestamp},
    {"vtimestamp", Builtin::kVtimestamp},
    {"walltimestamp", Builtin::kWalltimestamp},
    {"cpu", Builtin::kCpu},
    {"epid", Builtin::kEpid},
    {"id", Builtin::kId},
    {"errno", Builtin::kErrno},
    {"curthread", Builtin::kCurthread},
    {"caller", Builtin::kCaller},
    {"stackdepth", Builtin::kStackdepth},
    {"ustackdepth", Builtin::kUstackdepth},
    {"ucaller", Builtin::kUcaller},
};

struct AggFuncSpec {
  const char* name;
  AggFunc kind;
  int min_args, max_args;
};

constexpr AggFuncSpec kAggFuncs[] = {
    {"count", AggFunc::kCount, 0, 0},
    {"sum", AggFunc::kSum, 1, 1},
    {"avg", AggFunc::kAvg, 1, 1},
    {"min", AggFunc::kMin, 1, 1},
    {"max", AggFunc::kMax, 1, 1},
    {"stddev", AggFunc::kStddev, 1, 1},
    {"quantize", AggFunc::kQuantize, 1, 2},
    {"lquantize", AggFunc::kLquantize, 3, 5},
    {"llquantize", AggFunc::kLlquantize, 5, 6},
};

std::string ArgsPhrase(size_t n) { return std::to_string(n) + (n == 1 ? " arg" : " args"); }

}  // namespace

// DTrace words the count by the shape of the prototype: a fixed list or
// one ending in "..." names the arguments it needs ("N expected"); one with
// optional "[type]" arguments names the required ones ("at least N
// expected") whether too few or too many were passed; an aggregating
// function's extra arguments (quantize's increment and the like) are
// counted against the most it takes ("at most N expected").
[[noreturn]] void ProtoLenError(int line, const std::string& name, size_t passed, int min_args,
                                int max_args) {
  // The aggregation actions take "..." and count their own arguments, each
  // under its own tag.
  std::string tag = "D_PROTO_LEN";
  if (name == "clear") tag = "D_CLEAR_PROTO";
  if (name == "normalize" || name == "denormalize") tag = "D_NORMALIZE_PROTO";
  if (name == "trunc") {
    throw CompileError("D_TRUNC_PROTO", line,
                       "trunc( ) prototype mismatch: " + ArgsPhrase(passed) + " passed, " +
                           (passed < 1 ? "at least 1" : "no more than 2") + " expected");
  }
  std::string expected = std::to_string(min_args);
  if (max_args > min_args) {
    if (!IsAggregatingFunction(name))
      expected = "at least " + expected;
    else if (passed > static_cast<size_t>(max_args))
      expected = "at most " + std::to_string(max_args);
  }
  // normalize()'s message says "args" whatever the count (DTrace's words).
  std::string args =
      tag == "D_NORMALIZE_PROTO" ? std::to_string(passed) + " args" : ArgsPhrase(passed);
  throw CompileError(
      tag, line, name + "( ) prototype mismatch: " + args + " passed, " + expected + " expected");
}

namespace {}  // namespace

bool IsAggregatingFunction(const std::string& name) {
  for (const AggFuncSpec& f : kAggFuncs)
    if (name == f.name) return true;
  return false;
}

int Analyzer::LookupBuiltin(const std::string& name) {
  for (const BuiltinName& b : kBuiltins)
    if (name == b.name) return static_cast<int>(b.id);
  return -1;
}

Analyzer::Analyzer(TypeTable& types, ProbeRegistry& probes, ProgramInfo& info,
                   AnalyzerOptions options)
    : types_(types), probes_(probes), info_(info), options_(options) {}

int Analyzer::Analyze(ast::Program& program, int source_index) {
  int matched = 0;
  bool inferred = false;
  size_t first_clause = info_.clauses.size();
  for (ast::TopLevel& item : program.items) {
    if (auto* clause = std::get_if<ast::Clause>(&item)) {
      if (!inferred) {  // after the declarations before the first clause
        std::vector<ast::Clause*> clauses;
        for (ast::TopLevel& later : program.items)
          if (auto* c = std::get_if<ast::Clause>(&later)) clauses.push_back(c);
        InferVariableTypes(clauses);
        inferred = true;
      }
      AnalyzeClause(*clause, source_index, matched);
    } else if (auto* decl = std::get_if<ast::VarDecl>(&item)) {
      AnalyzeDecl(*decl);
    } else if (auto* inl = std::get_if<ast::InlineDecl>(&item)) {
      Check(*inl->value);
      info_.inlines[inl->name] = inl;
    } else if (auto* pragma = std::get_if<ast::PragmaOption>(&item)) {
      info_.pragma_options.emplace_back(pragma->name, pragma->value);
    } else {
      AnalyzeTypeDecl(item);
    }
  }
  if (attribute_minimum_ && source_index >= 0) CheckStability(first_clause);
  // After every clause is checked, as the code generator would have found
  // these after every other error.
  for (size_t i = first_clause; i < info_.clauses.size(); ++i)
    CheckGeneratedUses(info_, info_.clauses[i]);
  CheckFormats();
  return matched;
}

void Analyzer::AnalyzeLibrary(ast::Program& program) {
  for (ast::TopLevel& item : program.items) {
    if (auto* inl = std::get_if<ast::InlineDecl>(&item)) {
      library_inlines_[inl->name] = inl;
    } else if (std::holds_alternative<ast::Clause>(item)) {
      throw CompileError("D_SYNTAX", std::get<ast::Clause>(item).line,
                         "probe clauses are not allowed in a library file");
    } else if (auto* td = std::get_if<ast::TypedefDecl>(&item);
               td && !types_.Defines(td->type.base) && td->type.base != "string") {
      // Names a kernel type: resolved on first use, since that reads BTF.
      library_typedefs_[td->name] = td;
      typedef_names_.insert(td->name);
    } else if (auto* sd = std::get_if<ast::StructDecl>(&item); sd && NamesKernelType(*sd)) {
      // Likewise a struct with a member of a kernel type (ipv6info_t's
      // struct in6_addr *): laid out when first named.
      library_structs_[(sd->is_union ? "union " : "struct ") + sd->name] = sd;
    } else {
      AnalyzeTypeDecl(item);
    }
  }
}

void Analyzer::AnalyzeTypeDecl(ast::TopLevel& item) {
  if (auto* td = std::get_if<ast::TypedefDecl>(&item)) {
    types_.AddTypedef(td->name, types_.Typedef(td->name, ResolveTypeName(td->type)));
    typedef_names_.insert(td->name);
  } else if (auto* sd = std::get_if<ast::StructDecl>(&item)) {
    DefineStruct(*sd);
  } else if (auto* tr = std::get_if<ast::TranslatorDecl>(&item)) {
    DefineTranslator(*tr);
  } else if (auto* ed = std::get_if<ast::EnumDecl>(&item)) {
    DefineEnum(*ed);
  }
}

// argN of a tracepoint is a field of its record: codegen needs where each
// lies. Read only for clauses that use argN, since each probe's layout
// costs a format file read. For a raw tracepoint (sched, proc, io), how
// many arguments it has, from the kernel's BTF.
void Analyzer::NoteTracepointArgLayouts() {
  if (current_probes_ == nullptr) return;
  for (const Probe* p : *current_probes_) {
    if (const StableProbe* definition = p->owner->DefinitionInD(*p)) {
      int& raw_args = info_.stable[p->id].raw_args;
      if (raw_args < 0) raw_args = RawTracepointArgCount(definition->fires_on);
      continue;
    }
    if (!p->owner->ArgsAreRecordFields() || info_.tracepoint_args.count(p->id)) continue;
    std::vector<ArgLayout>& layout = info_.tracepoint_args[p->id];
    for (const ProbeArg& a : probes_.Args(*p))
      layout.push_back({a.offset, a.size, a.is_signed, a.is_data_loc || a.is_rel_loc});
  }
}

// btf_trace_<name> is a typedef of a pointer to the tracepoint's prototype,
// whose first parameter is the probe's private data, not an argument.
int Analyzer::RawTracepointArgCount(const std::string& tracepoint) {
  const Type* t = nullptr;
  try {
    t = types_.Lookup("btf_trace_" + tracepoint);
  } catch (const CompileError&) {
    return -1;  // no BTF: argN reads as before
  }
  t = t ? StripTypedefs(t) : nullptr;
  if (t == nullptr || !t->IsPointer() || t->target == nullptr) return -1;
  const Type* proto = StripTypedefs(t->target);
  if (!proto->IsFunction() || proto->params.empty()) return -1;
  return static_cast<int>(proto->params.size()) - 1;
}

bool Analyzer::IsInline(const std::string& name) {
  if (info_.inlines.count(name)) return true;
  auto it = library_inlines_.find(name);
  if (it == library_inlines_.end()) return false;
  const ast::InlineDecl* inl = it->second;
  library_inlines_.erase(it);  // while checked: an inline naming itself is undefined
  // An inline stands outside every translator, wherever it is first used.
  std::vector<std::pair<std::string, const Type*>> xlate_inputs;
  xlate_inputs.swap(xlate_inputs_);
  try {
    Check(*inl->value);
  } catch (const CompileError&) {
    xlate_inputs_.swap(xlate_inputs);
    library_inlines_[name] = inl;  // a failed look (inference's) is not the last
    throw;
  }
  xlate_inputs_.swap(xlate_inputs);
  info_.inlines[name] = inl;
  return true;
}

const std::vector<const Probe*>& Analyzer::MatchClauseProbes(const ast::Clause& clause) {
  if (auto it = clause_probes_.find(&clause); it != clause_probes_.end()) return it->second;
  std::vector<const Probe*> probes;
  for (const ast::ProbeSpec& spec : clause.probes) {
    std::vector<const Probe*> found;
    try {
      found = probes_.Match(spec.text);
    } catch (const CompileError& e) {
      // A provider that makes probes on demand (pid) explains a failure
      // without knowing where the description stands.
      if (e.line() > 0) throw;
      throw CompileError(e.tag(), spec.line, e.what());
    }
    // What this kernel cannot fire is left out of a description that also
    // names what it can (Provider::KernelCanFire).
    auto cannot_fire = [](const Probe* p) { return !p->owner->KernelCanFire(*p); };
    if (!std::all_of(found.begin(), found.end(), cannot_fire)) std::erase_if(found, cannot_fire);
    if (found.empty() && !options_.allow_zero_matches) {
      throw CompileError("D_PDESC_ZERO", spec.line,
                         "probe description " + Excerpt(spec.text, kMaxQuotedProbeDesc) +
                             " does not match any probes");
    }
    for (const Probe* p : found)
      if (std::find(probes.begin(), probes.end(), p) == probes.end()) probes.push_back(p);
  }
  std::sort(probes.begin(), probes.end(),
            [](const Probe* a, const Probe* b) { return a->id < b->id; });
  return clause_probes_[&clause] = std::move(probes);
}

void Analyzer::AnalyzeClause(ast::Clause& clause, int source_index, int& matched) {
  ClauseInfo ci;
  ci.clause = &clause;
  ci.index = static_cast<int>(info_.clauses.size());
  ci.source_index = source_index;
  ci.probes = MatchClauseProbes(clause);
  uint32_t next_epid = 1;
  for (const ClauseInfo& prev : info_.clauses)
    next_epid = prev.epid_base + static_cast<uint32_t>(prev.probes.size());
  ci.epid_base = next_epid;
  for (const Probe* p : ci.probes) matched += p->placeholder ? 0 : 1;

  current_clause_ = &clause;
  current_probes_ = &ci.probes;
  for (const Probe* p : ci.probes)
    if (const StableProbe* definition = p->owner->DefinitionInD(*p))
      AnalyzeStableProbe(*p, *definition);
  if (clause.predicate) {
    const Type* t = Check(*clause.predicate);
    if (!t->IsScalar() && !t->IsString()) {
      throw CompileError("D_PRED_SCALAR", clause.predicate->line,
                         "predicate result must be of scalar type");
    }
  }
  SpeculationRules speculation_rules;
  for (auto& stmt : clause.body) {
    AnalyzeStmt(*stmt);
    speculation_rules.Append(*stmt);
  }
  ci.speculative = speculation_rules.speculates();
  current_probes_ = nullptr;
  info_.clauses.push_back(ci);
}

void Analyzer::AnalyzeDecl(const ast::VarDecl& decl) {
  if (decl.is_extern) {
    extern_types_[decl.name] = ResolveTypeName(decl.type);
    return;
  }
  const Type* type = nullptr;
  try {
    type = StorageType(ResolveTypeName(decl.type));
  } catch (const CompileError& err) {
    RethrowDeclTypeError(err, decl.type, decl.name);
  }
  std::vector<Variable>* table = &info_.globals;
  if (decl.scope == ast::VarScope::kSelf) table = &info_.thread_vars;
  if (decl.scope == ast::VarScope::kThis) table = &info_.clause_vars;
  if (FindVar(*table, decl.name) != nullptr) return;
  CheckObjectType(type, decl.name, decl.line);
  Variable& v = DefineVar(*table, decl.name, decl.scope, type);
  if (decl.is_assoc) {
    v.is_assoc = true;
    for (const ast::TypeName& k : decl.key_types)
      v.key_types.push_back(StorageType(ResolveTypeName(k)));
  }
}

const Type* Analyzer::KernelType(const Expr& e, const std::string& name) {
  return LookupTypeAt(name, e.line);
}

bool Analyzer::NamesKernelType(const ast::StructDecl& d) const {
  std::string tag = (d.is_union ? "union " : "struct ") + d.name;
  for (const ast::StructMember& m : d.members)
    if (m.type.base != "string" && m.type.base != tag && !types_.Defines(m.type.base)) return true;
  return false;
}

const Type* Analyzer::LookupTypeAt(const std::string& name, int line) {
  if (auto it = library_structs_.find(name); it != library_structs_.end()) {
    const ast::StructDecl* sd = it->second;
    library_structs_.erase(it);
    DefineStruct(*sd);
  }
  if (auto it = library_typedefs_.find(name); it != library_typedefs_.end()) {
    const ast::TypedefDecl* td = it->second;
    const Type* target = ResolveTypeName(td->type);  // may throw: then asked again next time
    library_typedefs_.erase(td->name);
    types_.AddTypedef(td->name, types_.Typedef(td->name, target));
  }
  const Type* t = nullptr;
  try {
    t = name == "string" ? types_.String() : types_.Lookup(name);
  } catch (const CompileError& err) {  // BTF errors know no line
    throw CompileError(err.tag(), line, err.what());
  }
  if (t == nullptr)
    throw CompileError("D_TYPE_ERR", line, "type '" + Excerpt(name) + "' is not defined");
  return t;
}

const Type* Analyzer::ResolveTypeName(const ast::TypeName& tn) {
  const Type* t = LookupTypeAt(tn.base, tn.line);
  for (int i = 0; i < tn.pointer_depth; ++i) t = types_.Pointer(t);
  for (auto it = tn.array_dims.rbegin(); it != tn.array_dims.rend(); ++it) t = types_.Array(t, *it);
  return t;
}

const Type* Analyzer::StorageType(const Type* t) { return t->IsString() ? types_.String() : t; }

Variable* Analyzer::FindVar(std::vector<Variable>& table, const std::string& name) {
  for (Variable& v : table)
    if (v.name == name) return &v;
  return nullptr;
}

Variable& Analyzer::DefineVar(std::vector<Variable>& table, const std::string& name,
                              ast::VarScope scope, const Type* type) {
  Variable v;
  v.name = name;
  v.scope = scope;
  v.type = StorageType(type);
  v.id = static_cast<int>(table.size());
  table.push_back(v);
  return table.back();
}

void Analyzer::AnalyzeStmt(ast::Stmt& stmt) {
  Nesting nesting(stmt.line);
  switch (stmt.kind) {
    case ast::StmtKind::kExpr:
      if (stmt.expr->kind == ExprKind::kCall) {
        in_statement_call_ = true;
        Check(*stmt.expr);
        in_statement_call_ = false;
      } else if (stmt.expr->kind == ExprKind::kAggregation) {
        // "@a;" applies no aggregating function.
        throw CompileError("D_AGG_NULL", stmt.line,
                           "expression has null effect: @" + Excerpt(stmt.expr->text));
      } else {
        Check(*stmt.expr);
      }
      break;
    case ast::StmtKind::kAggregate:
      AnalyzeAggregate(stmt);
      break;
    case ast::StmtKind::kIf:
      Check(*stmt.expr);
      RequireScalar(*stmt.expr, "if");
      for (auto& s : stmt.body) AnalyzeStmt(*s);
      for (auto& s : stmt.else_body) AnalyzeStmt(*s);
      break;
    case ast::StmtKind::kBlock:
      for (auto& s : stmt.body) AnalyzeStmt(*s);
      break;
    case ast::StmtKind::kEmpty:
      break;
  }
}

ConstantIdentifier Analyzer::InlineConstants() {
  // Enumerators are integers once checked; inlines stand for their values.
  return [this](const Expr& id) -> const Expr* {
    if ((id.resolved && id.resolved->kind == Resolved::Kind::kTranslatorInput) ||
        !IsInline(id.text))
      return nullptr;
    return info_.inlines[id.text]->value.get();
  };
}

std::optional<int64_t> Analyzer::FoldedValue(Expr& e) {
  Check(e);
  std::optional<FoldedConstant> v = FoldConstant(e, InlineConstants());
  if (!v) return std::nullopt;
  return v->as_signed();
}

int64_t Analyzer::ConstantValue(Expr& e, const char* what) {
  std::optional<int64_t> v = FoldedValue(e);
  if (!v) {
    throw CompileError("D_PROTO_ARG", e.line, std::string(what) + " must be an integer constant");
  }
  return *v;
}

void Analyzer::AnalyzeAggregate(ast::Stmt& stmt) {
  const AggFuncSpec* spec = nullptr;
  for (const AggFuncSpec& f : kAggFuncs)
    if (stmt.agg_func == f.name) spec = &f;
  std::string agg = "@" + Excerpt(stmt.agg_name);
  if (spec == nullptr) {
    throw CompileError("D_AGG_FUNC", stmt.line,
                       agg + " must be assigned the result of an aggregating function");
  }
  size_t n = stmt.agg_args.size();
  if (n < static_cast<size_t>(spec->min_args) || n > static_cast<size_t>(spec->max_args))
    ProtoLenError(stmt.line, spec->name, n, spec->min_args, spec->max_args);

  std::vector<const Type*> key_types;
  for (auto& k : stmt.keys) {
    const Type* t = CheckAllowingStack(*k);
    if (t->IsVoid()) {
      throw CompileError("D_KEY_TYPE", k->line,
                         "void expression may not be used as aggregation index: key #" +
                             std::to_string(key_types.size() + 1));
    }
    key_types.push_back(t);
  }
  for (size_t i = 0; i < n; ++i) {
    bool constant_param = (spec->kind == AggFunc::kLquantize && i >= 1 && i <= 3) ||
                          (spec->kind == AggFunc::kLlquantize && i >= 1 && i <= 4);
    if (constant_param) continue;
    const Type* t = Check(*stmt.agg_args[i]);
    if (!t->IsScalar() && i == 0) {
      throw CompileError("D_AGG_SCALAR", stmt.agg_args[i]->line,
                         std::string(spec->name) + "( ) argument #1 must be of scalar type");
    }
    if (!t->IsScalar()) {
      // The increment of quantize(), lquantize() and llquantize().
      throw CompileError("D_PROTO_ARG", stmt.agg_args[i]->line,
                         std::string(spec->name) + "( ) increment value (argument #" +
                             std::to_string(i + 1) + ") must be of scalar type");
    }
  }
  int64_t params[4] = {0, 0, 0, 0};
  if (spec->kind == AggFunc::kLquantize) {
    LquantizeParams(stmt, params);
  } else if (spec->kind == AggFunc::kLlquantize) {
    LlquantizeParams(stmt, params);
  }

  Aggregation* found = nullptr;
  for (Aggregation& a : info_.aggregations)
    if (a.name == stmt.agg_name) found = &a;
  if (found == nullptr) {
    Aggregation a;
    a.name = stmt.agg_name;
    a.kind = spec->kind;
    a.key_types = key_types;
    std::copy(params, params + 4, a.params);
    a.line = stmt.line;
    a.id = static_cast<int>(info_.aggregations.size());
    info_.aggregations.push_back(a);
    found = &info_.aggregations.back();
  } else {
    if (found->kind == spec->kind) CheckQuantizeMatch(stmt, found->params, params);
    if (found->kind != spec->kind) {
      throw CompileError("D_AGG_REDEF", stmt.line,
                         "aggregation redefined: " + agg + "\n\t current: " + spec->name +
                             "( )\n\tprevious: " + kAggFuncs[static_cast<int>(found->kind)].name +
                             "( )");
    }
    if (found->key_types.size() != key_types.size()) {
      throw CompileError("D_AGG_REDEF", stmt.line,
                         "aggregation redefined: " + agg + "\n\t current key signature has " +
                             std::to_string(key_types.size()) + " elements; previous had " +
                             std::to_string(found->key_types.size()));
    }
    for (size_t i = 0; i < key_types.size(); ++i) {
      const Type*& prev = found->key_types[i];
      const Type* cur = key_types[i];
      if (prev->IsString() != cur->IsString() || prev->IsStack() != cur->IsStack()) {
        throw CompileError("D_AGG_REDEF", stmt.line,
                           "aggregation redefined: " + agg + "\n\tkey #" + std::to_string(i + 1) +
                               " is incompatible with previous definition");
      }
      if (cur->size > prev->size) prev = cur;
    }
  }
  stmt.binding = found->id;
}

const Type* Analyzer::Check(Expr& e) {
  Nesting nesting(e.line);
  e.resolved = std::make_shared<Resolved>();  // an operator unless found otherwise
  const Type* t = nullptr;
  switch (e.kind) {
    case ExprKind::kInteger:
      t = CheckIntegerLiteral(e);
      break;
    case ExprKind::kString:
      t = types_.String(RoundUp8(e.text.size() + 1));
      e.resolved->kind = Resolved::Kind::kStringConstant;
      break;
    case ExprKind::kIdentifier:
      t = CheckIdentifier(e);
      break;
    case ExprKind::kSelfVar:
    case ExprKind::kThisVar:
      t = CheckDynamicVariable(e);
      break;
    case ExprKind::kAggregation:
      t = CheckAggregationName(e);
      break;
    case ExprKind::kUnary:
      t = CheckUnary(e);
      break;
    case ExprKind::kBinary:
      t = CheckBinary(e);
      break;
    case ExprKind::kAssign:
      t = CheckAssign(e);
      break;
    case ExprKind::kTernary:
      t = CheckTernary(e);
      break;
    case ExprKind::kCast:
      t = CheckCast(e);
      break;
    case ExprKind::kCall:
      ResolveCall(e);
      t = CheckCall(e);
      break;
    case ExprKind::kIndex:
      t = CheckIndex(e, nullptr);
      break;
    case ExprKind::kSizeofType:
      t = types_.Uint64();
      e.int_value = ResolveTypeName(*e.type_name)->size;
      if (e.int_value == 0) SizeofUnknownError(e.line);
      ResolveConstant(e, e.int_value, t);
      break;
    case ExprKind::kSizeofExpr:
      Check(*e.lhs);
      if (e.lhs->resolved && e.lhs->resolved->memory.read == ReadKind::kBitField) {
        throw CompileError("D_SIZEOF_BITFIELD", e.line, "cannot apply sizeof to a bit-field");
      }
      e.int_value = AsKernelObject(*e.lhs)->size;
      if (e.int_value == 0) SizeofUnknownError(e.line);
      t = types_.Uint64();
      ResolveConstant(e, e.int_value, t);
      break;
    case ExprKind::kStringof:
      t = CheckStringof(e);
      break;
    case ExprKind::kMember:
      t = AsKernelValue(e, CheckMember(e));
      break;
    case ExprKind::kOffsetof:
      t = CheckOffsetof(e);
      ResolveConstant(e, e.int_value, t);
      break;
    case ExprKind::kXlate:
      t = CheckXlate(e);
      break;
  }
  e.type = t;
  return t;
}

// C's rules for the type of an integer constant, as DTrace applies them.
const Type* Analyzer::CheckIntegerLiteral(Expr& e) {
  uint64_t v = e.int_value;
  const Type* t = nullptr;
  if (e.int_is_char) {
    t = types_.Char();
  } else if (e.int_long_suffix > 0 || v > 0xffffffffull ||
             (e.int_decimal && !e.int_unsigned_suffix && v > 0x7fffffffull)) {
    bool is_unsigned = e.int_unsigned_suffix || v > 0x7fffffffffffffffull;
    t = types_.Int(8, !is_unsigned);
  } else {
    bool is_unsigned = e.int_unsigned_suffix || v > 0x7fffffffull;
    t = types_.Int(4, !is_unsigned);
  }
  ResolveConstant(e, v, t);
  return t;
}

const Type* Analyzer::CheckDynamicVariable(Expr& e) {
  auto& table = e.kind == ExprKind::kSelfVar ? info_.thread_vars : info_.clause_vars;
  Variable* v = FindVar(table, e.text);
  if (v == nullptr) {
    throw CompileError("D_IDENT_UNDEF", e.line,
                       "failed to resolve " +
                           std::string(e.kind == ExprKind::kSelfVar ? "self->" : "this->") +
                           Excerpt(e.text) + ": Unknown variable name");
  }
  if (v->is_assoc) {
    throw CompileError("D_IDENT_BADREF", e.line,
                       Excerpt(v->name) + " is an associative array and must be indexed");
  }
  if (e.kind == ExprKind::kThisVar && !inferring_ && !stored_clause_vars_.count(v->id))
    v->read_before_assigned = true;
  ResolveVariable(e, *v);
  return v->type;
}

const Type* Analyzer::CheckAggregationName(Expr& e) {
  e.resolved->kind = Resolved::Kind::kAggregation;
  for (const Aggregation& a : info_.aggregations)
    if (a.name == e.text) e.resolved->id = a.id;
  if (e.resolved->id < 0) {
    // The aggregation actions report it as DTrace does, each with its tag.
    const std::string& f = aggregation_action_;
    if (f == "printa" || f == "clear" || f == "trunc" || f == "normalize" || f == "denormalize") {
      std::string tag = f == "denormalize" ? "NORMALIZE" : f;
      for (char& c : tag) c = static_cast<char>(toupper(static_cast<unsigned char>(c)));
      throw CompileError("D_" + tag + "_AGGBAD", e.line,
                         "undefined aggregation: @" + Excerpt(e.text));
    }
    throw CompileError("D_AGG_UNDEF", e.line,
                       "aggregation @" + Excerpt(e.text) + " is not defined");
  }
  return types_.Void();
}

const Type* Analyzer::CheckIdentifier(Expr& e) {
  if (auto it = enum_constants_.find(e.text); it != enum_constants_.end()) {
    e.kind = ExprKind::kInteger;  // from here on it is its value
    e.int_value = static_cast<uint64_t>(it->second.first);
    ResolveConstant(e, e.int_value, it->second.second);
    return it->second.second;
  }
  if (!xlate_inputs_.empty() && e.text == xlate_inputs_.back().first) {
    e.resolved->kind = Resolved::Kind::kTranslatorInput;
    return xlate_inputs_.back().second;
  }
  int b = LookupBuiltin(e.text);
  if (b >= 0) {
    e.resolved->kind = Resolved::Kind::kBuiltin;
    e.resolved->builtin = static_cast<Builtin>(b);
    switch (static_cast<Builtin>(b)) {
      case Builtin::kExecname:
        return types_.String(kExecnameSize);
      case Builtin::kProbeprov:
      case Builtin::kProbemod:
      case Builtin::kProbefunc:
      case Builtin::kProbename:
        return types_.String(kProbeStringSize);
      case Builtin::kPid:
      case Builtin::kPpid:
      case Builtin::kTid:
        if (static_cast<Builtin>(b) == Builtin::kPpid) ResolveTaskOffsets(e.line, "ppid");
        return types_.Lookup("pid_t");
      case Builtin::kUid:
        return types_.Lookup("uid_t");
      case Builtin::kGid:
        return types_.Lookup("gid_t");
      // DTrace's types: the two clocks of elapsed time are unsigned, the
      // time of day signed (so "%lli" of walltimestamp / 1000000000 checks).
      case Builtin::kVtimestamp:
        ResolveTaskOffsets(e.line, "vtimestamp");
        return types_.Uint64();
      case Builtin::kTimestamp:
        return types_.Uint64();
      case Builtin::kWalltimestamp:
        return types_.Int64();
      case Builtin::kCpu:
        return types_.Lookup("processorid_t");
      case Builtin::kEpid:
      case Builtin::kId:
        return types_.Int(4, false);
      case Builtin::kErrno:
        return types_.Int32();
      case Builtin::kCurthread:
        return types_.Pointer(KernelType(e, "struct task_struct"));
      case Builtin::kCaller:
        return types_.Lookup("uintptr_t");
      case Builtin::kStackdepth:
      case Builtin::kUstackdepth:
        return types_.Lookup("uint32_t");
      case Builtin::kUcaller:
        return types_.Lookup("uint64_t");
      default:  // arg0..arg9
        NoteTracepointArgLayouts();
        return types_.Int64();
    }
  }
  if (IsInline(e.text)) {
    NoteTracepointArgLayouts();  // the inline was checked once, maybe elsewhere: it may use argN
    const ast::InlineDecl* inl = info_.inlines[e.text];
    e.resolved->kind = Resolved::Kind::kInline;
    e.resolved->expansion = inl->value.get();
    return StorageType(ResolveTypeName(inl->type))->IsString() ? inl->value->type
                                                               : ResolveTypeName(inl->type);
  }
  if (Variable* v = FindVar(info_.globals, e.text)) {
    if (v->is_assoc) {
      throw CompileError("D_IDENT_BADREF", e.line,
                         Excerpt(v->name) + " is an associative array and must be indexed");
    }
    ResolveVariable(e, *v);
    return v->type;
  }
  if (e.text.find('`') != std::string::npos || extern_types_.count(e.text))
    return CheckKernelVariable(e);
  throw CompileError("D_IDENT_UNDEF", e.line,
                     "failed to resolve " + Excerpt(e.text) + ": Unknown variable name");
}

}  // namespace dt
