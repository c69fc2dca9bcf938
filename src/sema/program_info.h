// What semantic analysis learns about a program: its variables,
// aggregations, clauses and the probes each clause enables. The code
// generator lays out maps and records from these tables.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "format/aggregation_layout.h"
#include "frontend/ast.h"
#include "providers/probe.h"
#include "sema/types.h"

namespace dt {

struct Variable {
  std::string name;
  ast::VarScope scope = ast::VarScope::kGlobal;
  const Type* type = nullptr;
  bool is_assoc = false;
  std::vector<const Type*> key_types;  // assoc arrays
  int id = 0;                          // index in its table
  // this->: some clause reads it before any clause assigns it (in program
  // order), so a firing may read it unassigned: it must start zeroed.
  bool read_before_assigned = false;
};

struct Aggregation {
  std::string name;  // "" for @
  AggFunc kind = AggFunc::kCount;
  std::vector<const Type*> key_types;  // widest seen at any use
  int64_t params[4] = {0, 0, 0,
                       0};  // lquantize base,limit,step / llquantize factor,low,high,nsteps
  int line = 0;
  int id = 0;
};

struct ClauseInfo {
  const ast::Clause* clause = nullptr;
  std::vector<const Probe*> probes;
  int index = 0;
  int source_index = 0;  // which -n/-s the clause came from
  uint32_t epid_base = 0;
  bool speculative = false;  // calls speculate(): its record goes to a speculation
};

// Where a tracepoint probe's argN lies in its record.
struct ArgLayout {
  uint32_t offset = 0;
  uint32_t size = 8;
  bool is_signed = false;
  bool is_data_loc = false;  // the value is a (len << 16 | offset) locator
};

struct ProgramInfo {
  std::vector<Variable> globals;      // scalars and global assoc arrays
  std::vector<Variable> thread_vars;  // self->
  std::vector<Variable> clause_vars;  // this->
  std::vector<Aggregation> aggregations;
  std::vector<ClauseInfo> clauses;
  std::map<std::string, const ast::InlineDecl*> inlines;
  std::vector<std::pair<std::string, std::string>> pragma_options;
  std::map<uint32_t, std::vector<ArgLayout>> tracepoint_args;  // by probe id
  // sched/proc/io probes, by probe id: when the raw tracepoint is this
  // probe, and whose thread the probe fires in (nullptr: the current one).
  struct StableContext {
    const ast::Expr* condition = nullptr;
    const ast::Expr* task = nullptr;
    // Arguments the raw tracepoint really has (its BTF prototype
    // btf_trace_<name>), read when argN is used; -1 when unknown. Reading
    // past them makes the kernel refuse to attach, so argN beyond is 0.
    int raw_args = -1;
  };
  std::map<uint32_t, StableContext> stable;
  // Where the code generator finds what it reads in struct task_struct
  // (ppid, vtimestamp, the thread a sched probe fires in), from BTF; set
  // when a program needs them.
  struct TaskOffsets {
    uint32_t real_parent = 0;
    uint32_t tgid = 0;
    uint32_t cputime = 0;  // se.sum_exec_runtime
    uint32_t pid = 0;      // the thread id
    uint32_t comm = 0;
  };
  std::optional<TaskOffsets> task_offsets;
  bool destructive = false;  // sema/destructive_actions.h: needs -w
  // speculation(), speculate(), commit() or discard(): the speculation map.
  bool uses_speculations = false;
};

// Built-in variables of D (pid, execname, arg0, ...).
enum class Builtin {
  kArg0,
  kArg1,
  kArg2,
  kArg3,
  kArg4,
  kArg5,
  kArg6,
  kArg7,
  kArg8,
  kArg9,
  kPid,
  kPpid,
  kTid,
  kUid,
  kGid,
  kExecname,
  kProbeprov,
  kProbemod,
  kProbefunc,
  kProbename,
  kTimestamp,
  kVtimestamp,
  kWalltimestamp,
  kCpu,
  kEpid,
  kId,
  kErrno,
  kCurthread,
  // The PC the probe's function was called from (probe_context.cc says what
  // that is for each provider).
  kCaller,
  kStackdepth,  // frames of the kernel stack when the probe fired
  kUstackdepth,  // frames of the user stack
  kUcaller,      // the PC the user function was called from
  kUregs,        // uregs[i]: the thread's saved user registers (lib/dtrace/regs.d names them)
};

// uregs[] entries: x86-64's struct pt_regs, one word each.
constexpr uint64_t kUserRegisterCount = 21;

// __user_args() result: psinfo_t's pr_psargs[80], rounded up to 8 bytes.
constexpr uint64_t kPsargsSize = 88;

// Size of the probe-name string variables (probefunc etc.).
constexpr uint64_t kProbeStringSize = 64;
// execname: the kernel's TASK_COMM_LEN.
constexpr uint64_t kExecnameSize = 16;

}  // namespace dt
