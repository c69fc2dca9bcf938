// Clauses, statements and the data-recording actions.
//
// A clause that records data builds one record in scratch memory and sends
// it to the ring buffer when the clause completes, so a fault part-way
// through sends an error record instead and nothing half-built. As in
// DTrace, a clause with no statements records an empty record (the default
// action prints the probe), and one whose statements record nothing sends
// nothing.
#include <stdexcept>

#include "codegen/function_gen.h"
#include "codegen/print_gen.h"
#include "codegen/tracemem_sizes.h"
#include "common/diagnostic.h"
#include "common/nesting.h"
#include "format/printf_parse.h"

namespace dt {

using ast::Expr;
using ast::ExprKind;
using ast::Stmt;
using ast::StmtKind;
using namespace bpf;

namespace {

uint32_t FieldSize(const Type* t) { return StoredSize(t); }

// stack(), func(), sym(), mod() and their user-space kin as statements
// record their value, as trace() does.
bool IsRecordingCall(const std::string& f) {
  return f == "stack" || f == "func" || f == "sym" || f == "mod" || f == "ustack" ||
         f == "jstack" || f == "usym" || f == "ufunc" || f == "umod" || f == "uaddr";
}

bool IsDataAction(const std::string& f) {
  return f == "trace" || f == "printf" || f == "printa" || f == "exit" || f == "clear" ||
         f == "trunc" || f == "setopt" || f == "system" || f == "print" || f == "commit" ||
         f == "discard" || f == "normalize" || f == "denormalize" || f == "freopen" ||
         f == "ftruncate" || f == "breakpoint" || f == "panic" || f == "tracemem" ||
         f == "printm" || IsRecordingCall(f);
}

// Actions done in the kernel, which send nothing to the consumer.
bool IsKernelAction(const std::string& f) {
  return f == "raise" || f == "stop" || f == "chill" || f == "copyout" || f == "copyoutstr";
}

// Which of a printf()'s arguments (the format is argument 0) a %A
// conversion prints.
std::vector<bool> UserAddressArguments(const PrintfFormat& fmt, size_t args) {
  std::vector<bool> out(args, false);
  size_t next = 1;
  for (const PrintfConversion& c : fmt.items) {
    if (c.IsLiteral()) continue;
    next += (c.dyn_width ? 1 : 0) + (c.dyn_prec ? 1 : 0);
    if (c.IsPercent() || c.agg) continue;
    if (c.name == "A" && next < args) out[next] = true;
    ++next;
  }
  return out;
}

// Bytes of record data the statement may write, and whether it records.
void MeasureRecord(const Stmt& s, uint32_t* bytes, bool* records) {
  switch (s.kind) {
    case StmtKind::kExpr:
      if (s.expr->kind == ExprKind::kCall && IsDataAction(s.expr->text)) {
        *records = true;
        const Expr& c = *s.expr;
        if (c.text == "trace")
          *bytes += TracesObject(*c.args[0]) ? TracememRecordBytes(c) : FieldSize(c.args[0]->type);
        if (c.text == "tracemem" || c.text == "printm") *bytes += TracememRecordBytes(c);
        if (IsRecordingCall(c.text)) *bytes += FieldSize(c.type);
        if (c.text == "exit" || c.text == "normalize") *bytes += 8;
        if (c.text == "commit" || c.text == "discard") *bytes += 8;
        if (c.text == "print") *bytes += PrintRecordBytes(*c.args[0]);
        if (c.text == "printf" || c.text == "system" || c.text == "freopen") {
          std::vector<bool> user_address =
              UserAddressArguments(ParsePrintfFormat(c.args[0]->text, c.line), c.args.size());
          for (size_t i = 1; i < c.args.size(); ++i)
            *bytes += user_address[i] ? 16 : FieldSize(c.args[i]->type);
        }
      }
      // A clause with only speculate() speculates the default action.
      if (s.expr->kind == ExprKind::kCall && s.expr->text == "speculate") *records = true;
      break;
    case StmtKind::kIf:
    case StmtKind::kBlock:
      for (const auto& b : s.body) MeasureRecord(*b, bytes, records);
      for (const auto& b : s.else_body) MeasureRecord(*b, bytes, records);
      break;
    default:
      break;
  }
}

// Data actions of the statement that run only when an if/else branch is
// taken: each gets a "ran" byte in the record (FunctionGen::AddAction).
uint32_t CountConditionalActions(const Stmt& s, bool in_branch) {
  switch (s.kind) {
    case StmtKind::kExpr:
      return in_branch && s.expr->kind == ExprKind::kCall && IsDataAction(s.expr->text) ? 1 : 0;
    case StmtKind::kIf:
    case StmtKind::kBlock: {
      bool inside = in_branch || s.kind == StmtKind::kIf;
      uint32_t n = 0;
      for (const auto& b : s.body) n += CountConditionalActions(*b, inside);
      for (const auto& b : s.else_body) n += CountConditionalActions(*b, inside);
      return n;
    }
    default:
      return 0;
  }
}

// What a statement is, for messages about its cost.
std::string Construct(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::kExpr:
      if (s.expr->kind == ExprKind::kCall) return s.expr->text + "()";
      if (s.expr->kind == ExprKind::kAssign) return "assignment";
      return "expression";
    case StmtKind::kAggregate:
      return "@" + s.agg_name + " = " + s.agg_func + "()";
    case StmtKind::kIf:
      return "if";
    case StmtKind::kBlock:
      return "block";
    case StmtKind::kEmpty:
      break;
  }
  return "empty statement";
}

// Conversions that print kernel symbols.
bool PrintsSymbols(const PrintfFormat& fmt) {
  for (const PrintfConversion& c : fmt.items)
    if (c.name == "a" || c.name == "k") return true;
  return false;
}

}  // namespace

uint32_t StoredSize(const Type* t) { return t->IsBlob() ? static_cast<uint32_t>(t->size) : 8; }

FieldDesc DescribeField(const Type* t, uint32_t offset) {
  FieldDesc f;
  f.offset = offset;
  f.size = StoredSize(t);
  f.is_string = t->IsString();
  f.is_signed = t->is_signed && !t->IsPointer();
  f.type_size = t->IsBlob() ? f.size : static_cast<uint32_t>(std::min<uint64_t>(t->size, 8));
  if (t->IsString()) {
    f.kind = FieldKind::kString;
  } else if (t->IsUserStackValue()) {
    f.stack_depth = static_cast<uint32_t>(t->array_len);
    switch (t->symbolic) {
      case Type::Symbolic::kNone:
        f.kind = FieldKind::kUserStack;
        break;
      case Type::Symbolic::kSymbol:
        f.kind = FieldKind::kUserSymbol;
        break;
      case Type::Symbolic::kModule:
        f.kind = FieldKind::kUserModule;
        break;
      case Type::Symbolic::kAddress:
        f.kind = FieldKind::kUserAddress;
        break;
    }
  } else if (t->IsStack()) {
    f.kind = FieldKind::kStack;
    f.stack_depth = static_cast<uint32_t>(t->array_len);
  } else if (t->symbolic == Type::Symbolic::kSymbol) {
    f.kind = FieldKind::kSymbol;
  } else if (t->symbolic == Type::Symbolic::kModule) {
    f.kind = FieldKind::kModule;
  }
  return f;
}

int16_t FunctionGen::AllocSlot(uint32_t bytes) {
  bytes = (bytes + 7) & ~7u;
  stack_top_ += static_cast<int>(bytes);
  if (stack_top_ > 512) {
    throw CompileError("D_DIF_ERR", clause_ ? clause_->clause->clause->line : 0,
                       "clause needs more than the 512 bytes of BPF stack: simplify "
                       "expressions or use shorter string keys");
  }
  return static_cast<int16_t>(-stack_top_);
}

uint32_t FunctionGen::AllocScratch(uint32_t bytes) {
  bytes = (bytes + 7) & ~7u;
  uint32_t off = scratch_top_;
  scratch_top_ += bytes;
  if (scratch_top_ > 32 * 1024) {
    throw CompileError("D_DIF_ERR", clause_ ? clause_->clause->clause->line : 0,
                       "clause needs more than 32 KiB of scratch memory");
  }
  shared_.scratch_size = std::max(shared_.scratch_size, scratch_top_);
  return off;
}

void FunctionGen::EnsureScratch() {
  if (!scratch_loaded_) throw NeedScratch();
}

FieldDesc FunctionGen::AppendField(const Type* t) {
  FieldDesc f = DescribeField(t, record_size_);
  f.drop_tracing_frames = !shape_.stack_starts_at_sample;
  if (f.kind == FieldKind::kStack || f.kind == FieldKind::kSymbol || f.kind == FieldKind::kModule)
    out_.uses_kernel_symbols = true;
  record_size_ += f.size;
  return f;
}

void FunctionGen::StoreResultToField(const FieldDesc& f, const Type* t) {
  EnsureScratch();
  auto off = static_cast<int16_t>(record_off_ + f.offset);
  if (t->IsBlob()) {
    b_.Mov(R4, R0);
    CopyString(R7, off, f.size, R4, static_cast<uint32_t>(t->size), t->IsString());
  } else {
    b_.Store(8, R7, off, R0);
  }
}

void FunctionGen::EmitFault(FaultKind kind, Reg addr) {
  int mark = stack_top_;
  int16_t rec = AllocSlot(sizeof(ErrorRecord));
  uint32_t at = static_cast<uint32_t>(b_.size());
  b_.Store(8, R10, static_cast<int16_t>(rec + offsetof(ErrorRecord, addr)), addr);
  b_.StoreImm(4, R10, rec, static_cast<int32_t>(kErrorRecord));
  b_.StoreImm(4, R10, static_cast<int16_t>(rec + offsetof(RecordHeader, epid)),
              clause_->clause->index);
  b_.StoreImm(4, R10, static_cast<int16_t>(rec + offsetof(ErrorRecord, action)), action_index_);
  b_.StoreImm(4, R10, static_cast<int16_t>(rec + offsetof(ErrorRecord, offset)),
              static_cast<int32_t>(at));
  b_.StoreImm(4, R10, static_cast<int16_t>(rec + offsetof(ErrorRecord, fault)),
              static_cast<int32_t>(kind));
  b_.StoreImm(4, R10, static_cast<int16_t>(rec + offsetof(ErrorRecord, pad)), 0);
  GenProbeId();
  b_.Store(4, R10, static_cast<int16_t>(rec + offsetof(RecordHeader, probe_id)), R0);
  b_.Call(BPF_FUNC_get_smp_processor_id);
  b_.Store(4, R10, static_cast<int16_t>(rec + offsetof(RecordHeader, cpu)), R0);
  GenRingOutput(R10, rec, sizeof(ErrorRecord));
  b_.Jump(clause_end_);
  ReleaseSlotsTo(mark);
}

void FunctionGen::GenRingOutput(Reg base, int32_t offset, uint32_t size) {
  // Past a quarter of the buffer, wake the consumer now: it would drain the
  // buffer at its next look anyway, but a fast writer could fill it first.
  const uint32_t wake_at = options_.bufsize / 4;
  Label quiet = b_.NewLabel();
  b_.LoadMapFd(R1, shared_.ring);
  b_.MovImm(R2, BPF_RB_AVAIL_DATA);
  b_.Call(BPF_FUNC_ringbuf_query);
  b_.MovImm(R4, BPF_RB_NO_WAKEUP);
  b_.JumpIfImm(BPF_JLT, R0, static_cast<int32_t>(wake_at), quiet);
  b_.MovImm(R4, BPF_RB_FORCE_WAKEUP);
  b_.Bind(quiet);
  b_.LoadMapFd(R1, shared_.ring);
  b_.Mov(R2, base);
  b_.AluImm(BPF_ADD, R2, offset);
  b_.MovImm(R3, static_cast<int32_t>(size));
  b_.Call(BPF_FUNC_ringbuf_output);
}

void FunctionGen::CommitRecord() {
  EnsureScratch();
  auto base = static_cast<int16_t>(record_off_);
  Label sent = b_.NewLabel();
  if (speculation_offset_ > 0) {
    // speculate() found no active speculation: the data goes nowhere.
    b_.Load(8, R0, R7, static_cast<int16_t>(base + speculation_offset_));
    b_.JumpIfImm(BPF_JEQ, R0, 0, sent);
  }
  b_.StoreImm(4, R7, base, record_id_);
  b_.StoreImm(4, R7, static_cast<int16_t>(base + offsetof(RecordHeader, epid)),
              clause_->clause->index);
  GenProbeId();
  b_.Store(4, R7, static_cast<int16_t>(base + offsetof(RecordHeader, probe_id)), R0);
  b_.Call(BPF_FUNC_get_smp_processor_id);
  b_.Store(4, R7, static_cast<int16_t>(base + offsetof(RecordHeader, cpu)), R0);
  if (fill_counts_) GenFillCheck(record_size_, true, sent);
  GenRingOutput(R7, base, record_size_);
  // A full buffer loses the record: count it for this CPU, as DTrace does.
  b_.JumpIfImm(BPF_JEQ, R0, 0, sent);
  GenCountDrop(kDropPrincipal);
  b_.Bind(sent);
}

// bufpolicy=fill, as DTrace: tracing goes on until a record does not fit in
// what is left of bufsize; then it stops (the exit() flag, which the
// consumer reads as DTrace reads a filled buffer) and no later record is
// sent, even one that would fit. A clause checks before its predicate
// whether its record would fit (DTrace reserves the space first, so a
// clause that does not fit does not run), and adds its record's bytes
// atomically when it sends it (probes on other CPUs may have taken the
// space meanwhile). END's records never count: their space was set aside.
void FunctionGen::GenFillCheck(uint32_t bytes, bool reserve, Label full) {
  Label fits = b_.NewLabel();
  b_.LoadMapValueAddr(R1, shared_.fill, 0);
  if (reserve) {
    b_.MovImm(R2, static_cast<int32_t>(bytes));
    b_.AtomicFetchAdd(8, R1, 0, R2);
  } else {
    b_.Load(8, R2, R1, 0);
  }
  b_.AluImm(BPF_ADD, R2, static_cast<int32_t>(bytes));
  b_.JumpIfImm(BPF_JLE, R2, static_cast<int32_t>(shared_.fill_limit), fits);
  b_.LoadMapValueAddr(R1, shared_.globals, shared_.exit_flag_off);
  b_.StoreImm(8, R1, 0, 1);
  b_.Jump(full);
  b_.Bind(fits);
}

// A store that found its dynamic variable map full: counted once for all
// CPUs (r1 and r2 are clobbered; r0 is left alone).
void FunctionGen::GenCountDynamicDrop() {
  b_.LoadMapValueAddr(R1, shared_.drops, kDropDynamicWord * 8);
  b_.MovImm(R2, 1);
  b_.AtomicAdd(8, R1, 0, R2);
}

void FunctionGen::GenCountDrop(DropKind kind) {
  b_.Call(BPF_FUNC_get_smp_processor_id);
  b_.AluImm(BPF_AND, R0, kMaxDropCpus - 1);
  b_.AluImm(BPF_LSH, R0, 3);
  b_.LoadMapValueAddr(R1, shared_.drops, kind * kMaxDropCpus * 8);
  b_.Alu(BPF_ADD, R1, R0);
  b_.MovImm(R2, 1);
  b_.AtomicAdd(8, R1, 0, R2);
}

void FunctionGen::AddAction(ActionDesc a) {
  if (branch_depth_ > 0) {
    // Runs only when its branch is taken: say so in the record.
    if (next_ran_flag_ >= ran_flags_) throw std::logic_error("conditional actions miscounted");
    a.ran_flag = static_cast<uint32_t>(sizeof(RecordHeader)) + next_ran_flag_++;
    EnsureScratch();
    b_.StoreImm(1, R7, static_cast<int16_t>(record_off_ + a.ran_flag), 1);
  }
  out_.records[record_id_].actions.push_back(std::move(a));
}

void FunctionGen::GenClause(const ClauseProbes& cp) {
  clause_ = &cp;
  clause_end_ = b_.NewLabel();
  action_index_ = 0;
  branch_depth_ = 0;
  scratch_top_ = scratch_clause_base_;
  int mark = stack_top_;
  const ast::Clause& clause = *cp.clause->clause;

  GenProbeFilter(cp, clause_end_);

  uint32_t data = 0;
  bool records = clause.body.empty();
  for (const auto& s : clause.body) MeasureRecord(*s, &data, &records);
  uint32_t conditional = 0;
  for (const auto& s : clause.body) conditional += CountConditionalActions(*s, false);
  uint32_t flags_size = (conditional + 7) & ~7u;
  record_ = nullptr;
  next_ran_flag_ = 0;
  ran_flags_ = conditional;
  // A speculative record names its speculation's token after the flags.
  const uint32_t token_size = cp.clause->speculative ? 8 : 0;
  speculation_offset_ = 0;
  if (records) {
    record_off_ = AllocScratch(sizeof(RecordHeader) + flags_size + token_size + data);
    record_id_ = static_cast<int>(out_.records.size());
    out_.records.push_back(RecordDesc{cp.clause->index, 0, {}});
    record_ = &out_.records.back();
    record_size_ = sizeof(RecordHeader) + flags_size;
    if (token_size > 0) speculation_offset_ = record_size_;
    record_size_ += token_size;
  }
  fill_counts_ = false;
  if (records && shared_.fill >= 0) {
    const uint32_t needed = record_size_ + data;
    // END's records have space set aside (codegen.cc); speculations fill
    // their own buffers.
    const bool end = shape_.run_once && !cp.probes.empty() && cp.probes.front()->name == "END";
    if (!end && token_size == 0) {
      fill_counts_ = true;
      GenFillCheck(needed, false, clause_end_);
    }
  }
  GenArenaStart(clause);
  if (clause.predicate) GenCondition(*clause.predicate, clause_end_);
  if (flags_size > 0) {
    // The buffer still holds an earlier record: no action has run yet.
    EnsureScratch();
    ZeroMem(R7, static_cast<int16_t>(record_off_ + sizeof(RecordHeader)), flags_size);
  }
  if (speculation_offset_ > 0) {
    EnsureScratch();  // no speculation until speculate() finds an active one
    b_.StoreImm(8, R7, static_cast<int16_t>(record_off_ + speculation_offset_), 0);
  }
  for (const auto& s : clause.body) {
    ++action_index_;
    statement_spans_.push_back({static_cast<uint32_t>(b_.size()), cp.clause->index, action_index_,
                                s->line, Construct(*s)});
    GenStmt(*s);
    ReleaseSlotsTo(mark);
  }
  if (next_ran_flag_ != ran_flags_) throw std::logic_error("conditional actions miscounted");
  if (records) {
    record_ = &out_.records[record_id_];
    record_->size = record_size_;
    record_->speculation_offset = speculation_offset_;
    bool only_commits = !clause.body.empty() && !record_->actions.empty();
    for (const ActionDesc& a : record_->actions)
      only_commits &= a.kind == ActionKind::kCommit || a.kind == ActionKind::kDiscard;
    record_->silent = only_commits && speculation_offset_ == 0;
    CommitRecord();
  }
  b_.Bind(clause_end_);
  ReleaseSlotsTo(mark);
  clause_ = nullptr;
}

void FunctionGen::GenStmt(const Stmt& s) {
  Nesting nesting(s.line);
  switch (s.kind) {
    case StmtKind::kExpr:
      if (s.expr->kind == ExprKind::kCall && s.expr->text == "speculate") {
        GenSpeculate(*s.expr);
      } else if (s.expr->kind == ExprKind::kCall &&
                 (IsDataAction(s.expr->text) || IsKernelAction(s.expr->text))) {
        GenActionCall(*s.expr);
      } else {
        GenExpr(*s.expr);
      }
      return;
    case StmtKind::kAggregate:
      GenAggregate(s);
      return;
    case StmtKind::kIf: {
      Label els = b_.NewLabel(), done = b_.NewLabel();
      GenCondition(*s.expr, els);
      ++branch_depth_;
      for (const auto& x : s.body) GenStmt(*x);
      b_.Jump(done);
      b_.Bind(els);
      for (const auto& x : s.else_body) GenStmt(*x);
      --branch_depth_;
      b_.Bind(done);
      return;
    }
    case StmtKind::kBlock:
      for (const auto& x : s.body) GenStmt(*x);
      return;
    case StmtKind::kEmpty:
      return;
  }
}

void FunctionGen::GenActionCall(const Expr& call) {
  const std::string& f = call.text;
  if (f == "trace")
    GenTrace(call);
  else if (f == "printf")
    GenPrintf(call);
  else if (f == "printa")
    GenPrinta(call);
  else if (f == "exit")
    GenExit(call);
  else if (f == "system" || f == "freopen")
    GenPrintf(call);
  else if (f == "raise" || f == "stop")
    GenSignal(call);
  else if (f == "chill")
    GenChill(call);
  else if (f == "copyout" || f == "copyoutstr")
    GenCopyout(call);
  else if (f == "ftruncate" || f == "breakpoint" || f == "panic") {
    // Only the record: the consumer does (or refuses) the rest.
    ActionDesc a;
    a.kind = f == "ftruncate"    ? ActionKind::kFtruncate
             : f == "breakpoint" ? ActionKind::kBreakpoint
                                 : ActionKind::kPanic;
    AddAction(std::move(a));
  } else if (f == "clear")
    GenAggControl(call, ActionKind::kClear);
  else if (f == "trunc")
    GenAggControl(call, ActionKind::kTrunc);
  else if (f == "setopt")
    GenSetopt(call);
  else if (f == "normalize" || f == "denormalize")
    GenNormalize(call);
  else if (f == "commit")
    GenCommitOrDiscard(call, ActionKind::kCommit);
  else if (f == "discard")
    GenCommitOrDiscard(call, ActionKind::kDiscard);
  else if (f == "print")
    GenPrint(call);
  else if (f == "tracemem")
    GenTracemem(call);
  else if (f == "printm")
    GenPrintm(call);
  else if (IsRecordingCall(f))
    GenTraceValue(call);
}

void FunctionGen::GenTrace(const Expr& call) {
  if (TracesObject(*call.args[0]))
    GenTraceObject(*call.args[0]);
  else
    GenTraceValue(*call.args[0]);
}

void FunctionGen::GenTraceValue(const Expr& arg) {
  GenExpr(arg);
  ActionDesc a;
  a.kind = ActionKind::kTrace;
  a.fields.push_back(AppendField(arg.type));
  StoreResultToField(a.fields[0], arg.type);
  AddAction(std::move(a));
}

void FunctionGen::GenPrintf(const Expr& call) {
  ActionDesc a;
  a.kind = call.text == "system"    ? ActionKind::kSystem
           : call.text == "freopen" ? ActionKind::kFreopen
                                    : ActionKind::kPrintf;
  a.format = call.args[0]->text;
  // Sema checked the format against the arguments.
  const PrintfFormat format = ParsePrintfFormat(a.format, call.line);
  if (PrintsSymbols(format)) out_.uses_kernel_symbols = true;
  std::vector<bool> user_address = UserAddressArguments(format, call.args.size());
  for (size_t i = 1; i < call.args.size(); ++i) {
    const Expr& arg = *call.args[i];
    if (user_address[i] && arg.type->IsScalar()) {
      // %A names the address in its process: record the process with it.
      const Type* t = types_.UserSymbolAddress(Type::Symbolic::kAddress);
      GenUserAddressValue(arg);
      FieldDesc fd = AppendField(t);
      StoreResultToField(fd, t);
      a.fields.push_back(fd);
      continue;
    }
    GenExpr(arg);
    FieldDesc fd = AppendField(arg.type);
    // printf() arguments are plain values in DTrace, func() and mod() too.
    if (fd.kind == FieldKind::kSymbol || fd.kind == FieldKind::kModule) fd.kind = FieldKind::kInt;
    StoreResultToField(fd, arg.type);
    a.fields.push_back(fd);
  }
  AddAction(std::move(a));
}

void FunctionGen::GenPrinta(const Expr& call) {
  ActionDesc a;
  a.kind = ActionKind::kPrinta;
  size_t first = 0;
  if (call.args[0]->kind == ExprKind::kString) {
    a.format = call.args[0]->text;
    first = 1;
  }
  for (size_t i = first; i < call.args.size(); ++i)
    a.aggregations.push_back(ResolutionOf(*call.args[i]).id);
  if (first == 1 && PrintsSymbols(ParsePrintfFormat(a.format, call.line)))
    out_.uses_kernel_symbols = true;
  AddAction(std::move(a));
}

void FunctionGen::GenExit(const Expr& call) {
  GenExpr(*call.args[0]);
  ActionDesc a;
  a.kind = ActionKind::kExit;
  a.fields.push_back(AppendField(types_.Int32()));
  StoreResultToField(a.fields[0], types_.Int32());
  AddAction(std::move(a));
  b_.LoadMapValueAddr(R1, shared_.globals, shared_.exit_flag_off);
  b_.StoreImm(8, R1, 0, 1);
}

// raise() and stop() signal the process that fired the probe, from the
// kernel, so the signal arrives before it returns to user space.
void FunctionGen::GenSignal(const Expr& call) {
  constexpr int kSigStop = 19;
  if (call.text == "stop") {
    b_.MovImm(R1, kSigStop);
  } else {
    GenExpr(*call.args[0]);
    b_.Mov(R1, R0);
  }
  b_.Call(BPF_FUNC_send_signal);
}

void FunctionGen::GenAggControl(const Expr& call, ActionKind kind) {
  ActionDesc a;
  a.kind = kind;
  a.aggregations.push_back(ResolutionOf(*call.args[0]).id);
  if (kind == ActionKind::kTrunc && call.args.size() == 2) {
    const Expr& n = *call.args[1];
    a.has_trunc_keep = true;
    a.trunc_keep = static_cast<int64_t>(n.kind == ExprKind::kInteger ? n.int_value : 0);
    if (n.kind == ExprKind::kUnary && n.lhs->kind == ExprKind::kInteger)
      a.trunc_keep = static_cast<int64_t>(0 - n.lhs->int_value);  // wraps, as D does
  }
  AddAction(std::move(a));
}

// normalize(@, n) records n; the consumer divides the aggregation's values
// by the last one it saw (denormalize(@): 1) wherever it prints them.
void FunctionGen::GenNormalize(const Expr& call) {
  ActionDesc a;
  a.kind = ActionKind::kNormalize;
  a.aggregations.push_back(ResolutionOf(*call.args[0]).id);
  if (call.args.size() == 2) {
    GenExpr(*call.args[1]);
    a.fields.push_back(AppendField(types_.Uint64()));
    StoreResultToField(a.fields[0], types_.Uint64());
  }
  AddAction(std::move(a));
}

void FunctionGen::GenSetopt(const Expr& call) {
  ActionDesc a;
  a.kind = ActionKind::kSetopt;
  a.option = call.args[0]->text;
  if (call.args.size() == 2) a.option_value = call.args[1]->text;
  AddAction(std::move(a));
}

}  // namespace dt
