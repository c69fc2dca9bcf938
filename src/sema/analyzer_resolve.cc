// Recording what sema found an expression to be (sema/resolved.h), for the
// code generator: constants, variables, calls, kernel memory, and the
// struct task_struct offsets that some built-in variables read.
#include "common/diagnostic.h"
#include "sema/analyzer.h"
#include "sema/resolved.h"

namespace dt {

using ast::Expr;

void Analyzer::ResolveConstant(Expr& e, uint64_t v, const Type* t) {
  // What a 64-bit register holds: 32-bit constants sign- or zero-extended.
  if (t->size == 4)
    v = t->is_signed ? static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v)))
                     : (v & 0xffffffffu);
  e.resolved = std::make_shared<Resolved>();
  e.resolved->kind = Resolved::Kind::kIntegerConstant;
  e.resolved->value = v;
}

void Analyzer::ResolveCall(Expr& e) {
  if (std::optional<Subroutine> s = SubroutineNamed(e.text)) {
    e.resolved->kind = Resolved::Kind::kSubroutine;
    e.resolved->subroutine = *s;
  } else {
    e.resolved->kind = Resolved::Kind::kAction;  // or unknown: CheckCall says which
  }
}

void Analyzer::ResolveVariable(Expr& e, const Variable& v) {
  e.resolved = std::make_shared<Resolved>();
  Resolved& r = *e.resolved;
  r.kind = v.is_assoc && v.scope == ast::VarScope::kSelf ? Resolved::Kind::kThreadAssocElement
           : v.is_assoc                                  ? Resolved::Kind::kAssocElement
           : v.scope == ast::VarScope::kSelf             ? Resolved::Kind::kThreadVariable
           : v.scope == ast::VarScope::kThis             ? Resolved::Kind::kClauseVariable
                                                         : Resolved::Kind::kGlobalVariable;
  r.id = v.id;
}

KernelAccess& Analyzer::ResolveKernelAccess(Expr& e, AddressKind address, const Type* t) {
  e.resolved = std::make_shared<Resolved>();
  e.resolved->kind = Resolved::Kind::kKernelMemory;
  KernelAccess& m = e.resolved->memory;
  m.address = address;
  m.read = StripTypedefs(t)->IsScalar() ? ReadKind::kScalar : ReadKind::kObject;
  return m;
}

namespace {

// The byte offset of a member path ("se.sum_exec_runtime") in `t`.
std::optional<uint32_t> MemberPathOffset(const Type* t, const std::string& path) {
  uint64_t offset = 0;
  for (size_t start = 0; start <= path.size();) {
    size_t dot = std::min(path.find('.', start), path.size());
    std::optional<MemberLocation> m = FindMember(t, path.substr(start, dot - start));
    if (!m) return std::nullopt;
    offset += m->byte_offset();
    t = m->type;
    start = dot + 1;
  }
  return static_cast<uint32_t>(offset);
}

}  // namespace

void Analyzer::ResolveTaskOffsets(int line, const std::string& what) {
  if (info_.task_offsets) return;
  const Type* task = nullptr;
  try {
    task = types_.Lookup("struct task_struct");
  } catch (const CompileError&) {
    task = nullptr;  // no BTF: said below
  }
  ProgramInfo::TaskOffsets offsets;
  std::pair<uint32_t*, const char*> paths[] = {{&offsets.real_parent, "real_parent"},
                                               {&offsets.tgid, "tgid"},
                                               {&offsets.cputime, "se.sum_exec_runtime"},
                                               {&offsets.pid, "pid"},
                                               {&offsets.comm, "comm"}};
  for (auto [field, path] : paths) {
    std::optional<uint32_t> offset = task ? MemberPathOffset(task, path) : std::nullopt;
    if (!offset) {
      throw CompileError(
          "D_IDENT_UNDEF", line,
          what + " is unavailable: the kernel's BTF type information could not be read");
    }
    *field = *offset;
  }
  info_.task_offsets = offsets;
}

}  // namespace dt
