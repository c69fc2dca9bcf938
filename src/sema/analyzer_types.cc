// Semantic checks of expressions over C types: kernel structs reached
// through pointers (-> . [] * &), offsetof, D's own struct declarations,
// and translators (xlate), whose members are expanded where they are used.
#include <algorithm>

#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/provider.h"
#include "providers/stable_providers.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"
#include "sema/decl_checks.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;
using ast::UnaryOp;

namespace {

bool IsCharArray(const Type* t) {
  const Type* s = StripTypedefs(t);
  return s->kind == Type::Kind::kArray && StripTypedefs(s->target)->IsInteger() &&
         s->target->size == 1;
}

// The xlate<> node an expression stands for, through inlines (curpsinfo)
// and a dereference of a translated pointer; nullptr if none.
const Expr* FindXlate(const Expr& e, const ProgramInfo& info) {
  // A loop, not recursion: inlines may name inlines in chains of any length.
  for (const Expr* p = &e;;) {
    if (p->kind == ExprKind::kXlate) return p;
    Resolved::Kind kind = ResolutionOf(*p).kind;
    if (p->kind == ExprKind::kIdentifier && kind != Resolved::Kind::kTranslatorInput) {
      auto it = info.inlines.find(p->text);
      if (it == info.inlines.end()) return nullptr;
      p = it->second->value.get();
    } else if (p->kind == ExprKind::kUnary && p->unary_op == UnaryOp::kDeref) {
      p = p->lhs.get();
    } else if (kind == Resolved::Kind::kProbeArgInD || kind == Resolved::Kind::kTranslatedMember) {
      p = ResolutionOf(*p).expansion;  // a member may be a struct translated in turn
    } else {
      return nullptr;
    }
  }
}

bool NamesTranslatorInput(const Expr& e) {
  if (e.resolved && e.resolved->kind == Resolved::Kind::kTranslatorInput) return true;
  for (const Expr* c : {e.cond.get(), e.lhs.get(), e.rhs.get()})
    if (c && NamesTranslatorInput(*c)) return true;
  for (const auto& a : e.args)
    if (NamesTranslatorInput(*a)) return true;
  return false;
}

}  // namespace

const Type* Analyzer::AsKernelValue(Expr& e, const Type* t) {
  if (!IsCharArray(t)) return t;
  uint64_t len = StripTypedefs(t)->array_len;
  const Type* s = types_.String(std::min(RoundUp8(len + 1), types_.strsize()));
  if (e.resolved->kind == Resolved::Kind::kKernelMemory ||
      e.resolved->kind == Resolved::Kind::kVariablePart) {
    KernelAccess& m = e.resolved->memory;
    m.read = ReadKind::kString;
    m.object_type = t;
    // A char[N] with no NUL keeps all N characters: read N + 1 at most.
    m.string_limit = static_cast<uint32_t>(std::min<uint64_t>(s->size, len + 1));
  }
  return s;
}

const Type* Analyzer::CheckMember(Expr& e) {
  const Type* base = Check(*e.lhs);
  if (const Expr* x = FindXlate(*e.lhs, info_)) return CheckTranslatedMember(e, *x);
  const Type* su = StripTypedefs(base);
  if (e.arrow) {
    if (!su->IsPointer()) {
      throw CompileError("D_OP_PTR", e.line, "operator -> must be applied to a pointer");
    }
    su = StripTypedefs(su->target);
    if (!su->IsStructOrUnion()) {
      throw CompileError("D_OP_SOU", e.line,
                         "operator -> cannot be applied to pointer to type \"" + TypeSpelling(su) +
                             "\"; must be applied to a struct or union pointer");
    }
  } else {
    if (!su->IsStructOrUnion()) {
      throw CompileError("D_OP_SOU", e.line,
                         "operator . cannot be applied to type \"" + TypeSpelling(base) +
                             "\"; must be applied to a struct or union");
    }
    AsKernelObject(*e.lhs);
    if (IsVariableObject(*e.lhs)) return CheckVariableMember(e, su);
    if (!IsKernelLvalue(*e.lhs)) {
      throw CompileError("D_OP_SOU", e.line,
                         "operator . is only supported on structs in kernel memory");
    }
    AsKernelObject(*e.lhs);
  }
  std::optional<MemberLocation> m = FindMember(su, e.text);
  if (!m) {
    throw CompileError("D_TYPE_MEMBER", e.line,
                       Excerpt(e.text) + " is not a member of " + TypeSpelling(su));
  }
  KernelAccess& access = ResolveKernelAccess(e, AddressKind::kMember, m->type);
  access.base_is_object = !e.arrow;
  access.offset = m->byte_offset();
  if (m->is_bitfield()) {
    access.read = ReadKind::kBitField;
    access.offset = m->bit_offset / 8;
    access.bit_offset = static_cast<int>(m->bit_offset % 8);
    access.bit_width = m->bit_width;
  }
  return m->type;
}

const Type* Analyzer::AsKernelObject(Expr& e) {
  if ((e.resolved->kind == Resolved::Kind::kKernelMemory ||
       e.resolved->kind == Resolved::Kind::kVariablePart) &&
      e.resolved->memory.read == ReadKind::kString) {
    e.resolved->memory.read = ReadKind::kObject;
    e.type = e.resolved->memory.object_type;
  }
  return e.type;
}

bool Analyzer::IsKernelLvalue(const Expr& e) const {
  return ResolutionOf(e).kind == Resolved::Kind::kKernelMemory;
}

void Analyzer::CheckIntegerIndex(Expr& e) {
  const Type* index = Check(*e.args[0]);
  if (!index->IsInteger()) {
    throw CompileError(
        "D_IDX_TYPE", e.line,
        "index of operator [ ] must be of integral type, not \"" + TypeSpelling(index) + "\"");
  }
}

const Type* Analyzer::CheckPointerIndex(Expr& e) {
  Check(*e.lhs);
  const Type* base = AsKernelObject(*e.lhs);
  const Type* s = StripTypedefs(base);
  if (s->IsString()) return CheckStringIndex(e);
  if (!s->IsPointer() && s->kind != Type::Kind::kArray) {
    throw CompileError("D_IDX_TYPE", e.line,
                       "operator [ ] may not be applied to type \"" + TypeSpelling(base) + "\"");
  }
  if (s->kind == Type::Kind::kArray && IsVariableObject(*e.lhs)) return CheckVariableElement(e, s);
  if (s->kind == Type::Kind::kArray && !IsKernelLvalue(*e.lhs)) {
    throw CompileError("D_IDX_TYPE", e.line, "operator [ ] needs an array in kernel memory");
  }
  if (e.args.size() != 1) {
    throw CompileError("D_IDX_TYPE", e.line, "operator [ ] takes one index for a pointer or array");
  }
  CheckIntegerIndex(e);
  if (s->target->IsVoid()) {
    throw CompileError("D_DEREF_VOID", e.line, "cannot dereference pointer to void");
  }
  KernelAccess& m = ResolveKernelAccess(e, AddressKind::kElement, s->target);
  m.base_is_object = s->kind == Type::Kind::kArray;
  m.element_size = std::max<uint64_t>(1, s->target->size);
  return s->target;
}

// s[i] of a D string is its character i (an operator, not kernel memory);
// past the string's storage it reads as the NUL padding does.
const Type* Analyzer::CheckStringIndex(Expr& e) {
  if (e.args.size() != 1) {
    throw CompileError("D_IDX_TYPE", e.line, "operator [ ] takes one index for a string");
  }
  CheckIntegerIndex(e);
  return types_.Char();
}

const Type* Analyzer::CheckAddressOf(Expr& e) {
  Expr& x = *e.lhs;
  // A value that is no object at all (a constant, an operator's or a
  // subroutine's result, an inline): DTrace's lvalue check. D variables,
  // built-ins and probe arguments are D_ADDROF_VAR, as in DTrace.
  switch (ResolutionOf(x).kind) {
    case Resolved::Kind::kIntegerConstant:
    case Resolved::Kind::kStringConstant:
    case Resolved::Kind::kSubroutine:
    case Resolved::Kind::kInline:
    case Resolved::Kind::kOperator:
      throw CompileError("D_ADDROF_LVAL", e.line, "unacceptable operand for unary & operator");
    default:
      break;
  }
  const Type* t = AsKernelObject(x);
  if (!IsKernelLvalue(x)) {
    throw CompileError("D_ADDROF_VAR", e.line, "cannot take address of dynamic variable");
  }
  if (x.resolved->memory.read == ReadKind::kBitField) {
    throw CompileError("D_ADDROF_BITFIELD", e.line, "cannot take address of bit-field");
  }
  return types_.Pointer(t, IsScratchObject(x) ? AddrSpace::kScratch : AddrSpace::kKernel);
}

const Type* Analyzer::CheckOffsetof(Expr& e) {
  const Type* su = StripTypedefs(ResolveTypeName(*e.type_name));
  if (!su->IsStructOrUnion()) {
    throw CompileError("D_OFFSETOF_TYPE", e.line,
                       "offsetof operand must be a struct or union type");
  }
  std::optional<MemberLocation> m = FindMember(su, e.text);
  if (!m) {
    throw CompileError("D_TYPE_MEMBER", e.line,
                       Excerpt(e.text) + " is not a member of " + TypeSpelling(su));
  }
  if (m->is_bitfield()) {
    throw CompileError("D_OFFSETOF_BITFIELD", e.line,
                       "cannot take offset of a bit-field: " + Excerpt(e.text));
  }
  e.int_value = m->byte_offset();
  return types_.Lookup("size_t");
}

void Analyzer::DefineStruct(const ast::StructDecl& d) {
  std::string tag = (d.is_union ? "union " : "struct ") + d.name;
  if (types_.Defines(tag)) {
    throw CompileError("D_DECL_TYPERED", d.line, "type redeclared: " + Excerpt(tag));
  }
  const Type* su = types_.Struct(d.name, d.is_union);
  types_.AddTypedef(tag, su);
  std::vector<Member> members;
  uint64_t size = 0, align = 1;
  for (const ast::StructMember& m : d.members) {
    const Type* t = nullptr;
    try {
      t = ResolveTypeName(m.type);
    } catch (const CompileError& err) {
      RethrowDeclTypeError(err, m.type, m.name);
    }
    CheckMemberType(t, m.name, m.bit_width, d.line);
    if (t->IsString()) t = types_.Array(types_.Char(), t->size);
    uint64_t a = std::max<uint64_t>(1, std::min<uint64_t>(8, AlignmentOf(t)));
    uint64_t off = d.is_union ? 0 : (size + a - 1) / a * a;
    members.push_back(Member{m.name, t, off * 8, m.bit_width});
    size = d.is_union ? std::max(size, t->size) : off + t->size;
    align = std::max(align, a);
  }
  size = (size + align - 1) / align * align;
  types_.CompleteStruct(su, size, members);
}

void Analyzer::DefineEnum(const ast::EnumDecl& d) {
  std::string tag = "enum " + d.name;
  if (!d.name.empty() && types_.Defines(tag)) {
    throw CompileError("D_DECL_TYPERED", d.line, "type redeclared: " + Excerpt(tag));
  }
  std::vector<std::pair<std::string, int64_t>> values;
  int64_t next = 0;
  for (const auto& [name, value] : d.values) {
    if (value) {
      std::optional<int64_t> v = FoldedValue(*value);
      if (!v) {
        throw CompileError("D_DECL_ENCONST", value->line,
                           "enumerator '" + Excerpt(name) +
                               "' must be assigned to an integral constant expression");
      }
      if (*v > INT32_MAX || *v < INT32_MIN) {
        throw CompileError("D_DECL_ENOFLOW", value->line,
                           "enumerator '" + Excerpt(name) + "' value overflows INT_MAX (" +
                               std::to_string(INT32_MAX) + ")");
      }
      next = *v;
    }
    if (enum_constants_.count(name) || IsInline(name)) {
      throw CompileError("D_DECL_IDRED", d.line, "identifier redeclared: " + Excerpt(name));
    }
    // A later enumerator's value may name this one (B = A + 1), as in C:
    // an int until the enum's type exists.
    enum_constants_[name] = {next, types_.Int32()};
    values.emplace_back(name, next++);
  }
  const Type* t = types_.Enum(d.name, 4, true, values);
  if (!d.name.empty()) types_.AddTypedef(tag, t);
  for (const auto& [name, v] : values) enum_constants_[name] = {v, t};
}

// A kernel variable is an lvalue at a fixed address: its type from an
// `extern` declaration or from BTF, its address from /proc/kallsyms. vmlinux
// BTF describes only per-CPU variables, and kallsyms lists data symbols
// only on kernels built with CONFIG_KALLSYMS_ALL, so on some kernels a
// program must declare the type (`extern int max_pid;`) or cannot use it.
const Type* Analyzer::CheckKernelVariable(Expr& e) {
  size_t tick = e.text.find('`');
  std::string module = tick == std::string::npos ? "" : e.text.substr(0, tick);
  std::string name = tick == std::string::npos ? e.text : e.text.substr(tick + 1);
  const Type* t = nullptr;
  if (auto it = extern_types_.find(name); it != extern_types_.end()) t = it->second;
  if (t == nullptr && options_.kernel_variable_type) {
    t = options_.kernel_variable_type(module.empty() ? name : module + "`" + name);
  }
  std::optional<uint64_t> address;
  if (options_.kernel_symbol_address) {
    address = options_.kernel_symbol_address(module == "vmlinux" ? "" : module, name);
  }
  if (t == nullptr || !address) {
    std::string why = t == nullptr ? "the kernel's BTF has no type for it (declare one: extern "
                                     "<type> " +
                                         Excerpt(name) + ";)"
                                   : "neither /proc/kallsyms (which lists data symbols only "
                                     "with CONFIG_KALLSYMS_ALL) nor /boot/System.map has its "
                                     "address";
    throw CompileError("D_SYM_NOTYPES", e.line,
                       "failed to resolve " + Excerpt(e.text) + ": Unknown symbol name: " + why);
  }
  ResolveKernelAccess(e, AddressKind::kFixed, t).offset = *address;
  return AsKernelValue(e, t);
}

// Remembered per struct: each struct declared with the one before as a
// member would otherwise walk the whole chain again, as deep as it is long.
uint64_t Analyzer::AlignmentOf(const Type* t) const {
  const Type* s = StripTypedefs(t);
  while (s->kind == Type::Kind::kArray) s = StripTypedefs(s->target);
  if (!s->IsStructOrUnion()) return std::max<uint64_t>(1, s->size);
  if (auto it = alignments_.find(s); it != alignments_.end()) return it->second;
  uint64_t a = 1;
  for (const Member& m : EnsureComplete(s)->members) a = std::max(a, AlignmentOf(m.type));
  alignments_[s] = a;
  return a;
}

void Analyzer::DefineTranslator(const ast::TranslatorDecl& d) {
  translators_.push_back(Translator{&d});
}

const Type* Analyzer::CheckXlate(Expr& e) {
  const Type* from = Check(*e.lhs);
  const Type* to = ResolveTypeName(*e.type_name);
  const Type* out = StripTypedefs(to->IsPointer() ? to->target : to);
  for (size_t i = 0; i < translators_.size(); ++i) {
    Translator& tr = translators_[i];
    if (!ResolveTranslator(tr) || !SameType(tr.output, out)) continue;
    if (!SameType(tr.input, from) &&
        !(tr.input->IsPointer() && from->IsPointer() && SameType(tr.input->target, from->target)))
      continue;
    e.resolved->kind = Resolved::Kind::kXlate;
    e.resolved->id = static_cast<int>(i);
    return to;
  }
  throw CompileError(
      "D_XLATE_NONE", e.line,
      "translator does not exist: " + TypeSpelling(from) + " -> " + TypeSpelling(to));
}

bool Analyzer::ResolveTranslator(Translator& tr) {
  if (!tr.resolved) {
    tr.resolved = true;
    try {
      tr.output = StripTypedefs(ResolveTypeName(tr.decl->output));
      tr.input = ResolveTypeName(tr.decl->input);
    } catch (const CompileError&) {
      // A kernel type this kernel lacks (in the input, or in a member of
      // the output, ipv6info_t's struct in6_addr *): the translator is not there.
      tr.output = tr.input = nullptr;
    }
  }
  return tr.output != nullptr && tr.input != nullptr;
}

const Type* Analyzer::CheckTranslatedMember(Expr& e, const Expr& xlate) {
  Translator& tr = translators_.at(static_cast<size_t>(ResolutionOf(xlate).id));
  const Type* member_type = nullptr;
  if (std::optional<MemberLocation> m = FindMember(tr.output, e.text)) member_type = m->type;
  auto it = std::find_if(tr.decl->members.begin(), tr.decl->members.end(),
                         [&](const auto& m) { return m.first == e.text; });
  if (member_type == nullptr || it == tr.decl->members.end()) {
    throw CompileError("D_XLATE_MEMB", e.line,
                       "translator member " + Excerpt(e.text) + " is not defined for " +
                           Excerpt(tr.decl->output.base));
  }
  Expr& body = *it->second;
  if (body.type == nullptr) {
    xlate_inputs_.push_back({tr.decl->input_name, tr.input});
    try {
      Check(body);
    } catch (...) {
      xlate_inputs_.pop_back();
      throw;
    }
    xlate_inputs_.pop_back();
  }
  e.resolved = std::make_shared<Resolved>();
  e.resolved->kind = Resolved::Kind::kTranslatedMember;
  e.resolved->input = xlate.lhs.get();
  e.resolved->expansion = &body;
  if (IsCharArray(member_type) || member_type->IsString()) {
    if (!body.type->IsString()) {
      throw CompileError("D_XLATE_INCOMPAT", body.line,
                         "translator member " + Excerpt(e.text) +
                             " definition uses incompatible types: \"" + TypeSpelling(member_type) +
                             "\" = \"" + TypeSpelling(body.type) + "\"");
    }
    return body.type;
  }
  // A struct member translated in turn (cpuinfo_t's cpu_info), from
  // anything but the outer translator's input, which its members could not
  // reach.
  if (body.kind == ExprKind::kXlate && StripTypedefs(member_type)->IsStructOrUnion() &&
      SameType(StripTypedefs(body.type), StripTypedefs(member_type)) &&
      !NamesTranslatorInput(*body.lhs))
    return body.type;
  if (!body.type->IsScalar()) {
    throw CompileError("D_XLATE_INCOMPAT", body.line,
                       "translator member " + Excerpt(e.text) +
                           " definition uses incompatible types: \"" + TypeSpelling(member_type) +
                           "\" = \"" + TypeSpelling(body.type) + "\"");
  }
  return member_type;
}

}  // namespace dt

namespace dt {

const Type* Analyzer::ArgType(const ProbeArg& a) {
  if (a.is_data_loc || a.is_rel_loc) {
    if (a.element_type == "char") return types_.String();
    return types_.Int(4, false);  // other dynamic arrays: the locator itself
  }
  auto parse = [&](std::string s) -> const Type* {
    for (const char* q : {"const ", "volatile ", "__user "}) {
      for (size_t at; (at = s.find(q)) != std::string::npos;) s.erase(at, std::string(q).size());
    }
    int pointers = 0;
    while (!s.empty() && (s.back() == '*' || s.back() == ' ')) {
      if (s.back() == '*') ++pointers;
      s.pop_back();
    }
    const Type* t = nullptr;
    try {
      t = types_.Lookup(s);
    } catch (const CompileError&) {
      t = nullptr;  // no BTF: fall back on the format's size and sign below
    }
    if (t == nullptr) return nullptr;
    for (int i = 0; i < pointers; ++i) t = types_.Pointer(t);
    return t;
  };
  const Type* t = nullptr;
  if (a.array_length > 0) {
    if (const Type* elem = parse(a.element_type)) t = types_.Array(elem, a.array_length);
  } else {
    t = parse(a.type);
  }
  // Syscall fields are 8-byte slots whatever their type: trust the type.
  if (t == nullptr)
    t = types_.Int(a.size == 1 || a.size == 2 || a.size == 4 ? static_cast<int>(a.size) : 8,
                   a.is_signed);
  return t;
}

const Type* Analyzer::CheckProbeArg(Expr& e) {
  if (e.args.size() != 1) {
    throw CompileError("D_IDX_TYPE", e.line, "args[ ] takes one index");
  }
  Check(*e.args[0]);
  int64_t n = ConstantValue(*e.args[0], "args[ ] index");
  const Probe* p =
      current_probes_ && !current_probes_->empty() ? current_probes_->front() : nullptr;
  const std::vector<ProbeArg>* args = p ? &probes_.Args(*p) : nullptr;
  if (args == nullptr || n < 0 || static_cast<size_t>(n) >= args->size()) {
    throw CompileError("D_ARGS_IDX", e.line,
                       "index " + std::to_string(n) + " is out of range for " +
                           (p ? p->FullName() : std::string("this probe")) + " args[ ]");
  }
  const ProbeArg& a = (*args)[static_cast<size_t>(n)];
  for (const Probe* other : *current_probes_) {
    const std::vector<ProbeArg>& theirs = probes_.Args(*other);
    if (static_cast<size_t>(n) >= theirs.size() || theirs[static_cast<size_t>(n)].type != a.type) {
      throw CompileError("D_ARGS_TYPE", e.line,
                         "args[" + std::to_string(n) + "] has different types in " + p->FullName() +
                             " and " + other->FullName());
    }
  }
  if (const StableProbe* definition = p->owner->DefinitionInD(*p)) {
    Expr& x = StableExpr(definition->args.at(static_cast<size_t>(n)).expression);
    e.resolved->kind = Resolved::Kind::kProbeArgInD;
    e.resolved->expansion = &x;
    return x.type;
  }
  if (std::string translated = p->owner->ArgInD(*p, static_cast<size_t>(n)); !translated.empty()) {
    // One expansion serves every probe of the clause: they must translate alike.
    for (const Probe* other : *current_probes_) {
      if (other->owner->ArgInD(*other, static_cast<size_t>(n)) != translated) {
        throw CompileError("D_ARGS_TYPE", e.line,
                           "args[" + std::to_string(n) + "] is translated differently in " +
                               p->FullName() + " and " + other->FullName());
      }
    }
    Expr& x = StableExpr(translated);
    e.resolved->kind = Resolved::Kind::kProbeArgInD;
    e.resolved->expansion = &x;
    return x.type;
  }
  const Type* t = ArgType(a);
  if (!p->owner->ArgsAreRecordFields()) {
    e.resolved->kind = Resolved::Kind::kProbeArg;
    e.resolved->id = static_cast<int>(n);
    return t;
  }
  // A locator of anything but a string is read as the locator itself.
  AddressKind where = !t->IsString()  ? AddressKind::kRecordField
                      : a.is_rel_loc  ? AddressKind::kRelLoc
                      : a.is_data_loc ? AddressKind::kDataLoc
                                      : AddressKind::kRecordField;
  KernelAccess& m = ResolveKernelAccess(e, where, t);
  m.offset = a.offset;
  if (where != AddressKind::kRecordField) {
    m.read = ReadKind::kString;
    m.object_type = types_.Array(types_.Char(), t->size - 1);
    m.string_limit = static_cast<uint32_t>(t->size);
  }
  return t;
}

Expr& Analyzer::StableExpr(const std::string& text) {
  ast::ExprPtr& slot = stable_exprs_[text];
  if (!slot) {
    slot = ParseExpression(text, typedef_names_);
    Check(*slot);
  }
  return *slot;
}

void Analyzer::AnalyzeStableProbe(const Probe& p, const StableProbe& definition) {
  ProgramInfo::StableContext& c = info_.stable[p.id];
  if (*definition.condition) c.condition = &StableExpr(definition.condition);
  if (*definition.context_task) {
    c.task = &StableExpr(definition.context_task);
    ResolveTaskOffsets(current_clause_ ? current_clause_->line : 0, p.FullName());
  }
}

std::vector<uint32_t> Analyzer::PathOffsets(const Expr& e) {
  auto offset = [&](const char* type, const char* member) -> uint32_t {
    std::optional<MemberLocation> m = FindMember(StripTypedefs(KernelType(e, type)), member);
    if (!m) {
      throw CompileError("D_TYPE_MEMBER", e.line,
                         std::string(member) + " is not a member of " + type);
    }
    return static_cast<uint32_t>(m->byte_offset());
  };
  return {offset("struct dentry", "d_parent"),
          offset("struct dentry", "d_name") + offset("struct qstr", "name"),
          offset("struct mount", "mnt"),
          offset("struct mount", "mnt_parent"),
          offset("struct mount", "mnt_mountpoint"),
          offset("struct vfsmount", "mnt_root")};
}

}  // namespace dt
