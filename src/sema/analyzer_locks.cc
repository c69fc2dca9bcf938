// mutex_owned(), mutex_owner(), mutex_type_adaptive(), mutex_type_spin(),
// rw_read_held(), rw_write_held() and rw_iswriter() on Linux's locks.
//
// DTrace defines them on Solaris' kmutex_t and krwlock_t; here they take
// Linux's struct mutex and struct rw_semaphore. Each call is replaced, in
// the tree, by the D expression that reads the lock word from the kernel's
// types (BTF), as analyzer_fds.cc does for fds[]:
//   - a struct mutex's owner word is the owning task's address with flag
//     bits in its low 3 bits (kernel/locking/mutex.c, MUTEX_FLAGS);
//   - a struct rw_semaphore's count has the writer-locked bit 0 and the
//     number of readers from bit 8 to bit 62 (kernel/locking/rwsem.c,
//     Linux 5.3 and later).
// Every struct mutex is adaptive (it spins on a running owner, then
// sleeps), so mutex_type_adaptive() is 1 and mutex_type_spin() 0, as in
// Oracle's Linux DTrace. rw_iswriter() is "held by a writer": which kind of
// task waits is on the semaphore's wait list, not in its words.
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "sema/analyzer.h"
#include "sema/analyzer_internal.h"

namespace dt {

using ast::Expr;
using ast::ExprPtr;

namespace {

constexpr const char* kLockOperand = "__lock_operand";

struct LockSubroutine {
  const char* name;
  const char* lock_type;  // what the prototype names
  const char* expansion;  // over kLockOperand, already cast to lock_type
};

constexpr LockSubroutine kLockSubroutines[] = {
    {"mutex_owned", "struct mutex *",
     "(int)((__lock_operand->owner.counter & ~7L) == (long)curthread)"},
    {"mutex_owner", "struct mutex *",
     "(struct task_struct *)(__lock_operand->owner.counter & ~7L)"},
    {"mutex_type_adaptive", "struct mutex *", "(int)(__lock_operand != NULL || 1)"},
    {"mutex_type_spin", "struct mutex *", "(int)(__lock_operand != NULL && 0)"},
    {"rw_read_held", "struct rw_semaphore *",
     "(int)(((__lock_operand->count.counter >> 8) & 0x7fffffffffffff) != 0)"},
    {"rw_write_held", "struct rw_semaphore *", "(int)(__lock_operand->count.counter & 1)"},
    {"rw_iswriter", "struct rw_semaphore *", "(int)(__lock_operand->count.counter & 1)"},
};

const LockSubroutine* FindLockSubroutine(const std::string& name) {
  for (const LockSubroutine& s : kLockSubroutines)
    if (name == s.name) return &s;
  return nullptr;
}

}  // namespace

bool IsLockSubroutine(const std::string& name) { return FindLockSubroutine(name) != nullptr; }

const Type* Analyzer::CheckLockCall(Expr& e) {
  const LockSubroutine& s = *FindLockSubroutine(e.text);
  if (e.args.size() != 1) ProtoLenError(e.line, e.text, e.args.size(), 1, 1);
  const Type* t = Check(*e.args[0]);
  if (!t->IsScalar() || t->IsString()) {
    throw CompileError("D_PROTO_ARG", e.args[0]->line,
                       e.text + "( ) argument #1 is incompatible with prototype:\n\tprototype: " +
                           s.lock_type + "\n\t argument: " + TypeSpelling(t));
  }
  ExprPtr expansion = ParseExpression(std::string("(") + s.expansion + ")");
  ExprPtr cast = ParseExpression(std::string("(") + s.lock_type + ")" + kLockOperand);
  ast::SubstituteIdentifier(cast, kLockOperand, *e.args[0], e.line);
  // Each use of the operand in the expansion is a copy of the cast.
  ast::SubstituteIdentifier(expansion, kLockOperand, *cast, e.line);
  ExpandedCall& call = expanded_calls_[&e];
  call.name = "function " + e.text + "( )";
  call.attributes = {Stability::kEvolving, Stability::kEvolving, DependencyClass::kCommon};
  call.args = std::move(e.args);
  e = std::move(*expansion);
  return Check(e);
}

}  // namespace dt
