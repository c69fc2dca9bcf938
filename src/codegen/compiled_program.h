// The code generator's output: BPF programs, the maps they share, and the
// descriptions the consumer needs to decode what the programs send back.
//
// Every record in the ring buffer starts with a RecordHeader. desc_id
// selects a RecordDesc (what a clause recorded) or is kErrorRecord, in which
// case an ErrorRecord follows the header. Field offsets count from the
// start of the record, header included. A clause with actions inside
// if/else has one "ran" byte per such action right after the header (zeroed
// when the clause starts, set by the action), padded to 8 bytes.
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/print_format.h"
#include "providers/probe.h"

namespace dt {

struct RecordHeader {
  uint32_t desc_id;
  uint32_t probe_id;
  uint32_t cpu;
  uint32_t epid;
};

constexpr uint32_t kErrorRecord = 0xffffffffu;
constexpr uint32_t kMaxDropCpus = 1024;
// The drops map's words: kMaxDropCpus counters of each kind, in this order.
enum DropKind : uint32_t { kDropPrincipal = 0, kDropAggregation = 1, kDropKinds = 2 };

// DTrace's DTRACEFLT_* numbers: ERROR's arg4 carries them.
enum class FaultKind : uint32_t { kBadAddr = 1, kIllegalOp = 2, kDivZero = 4 };

struct ErrorRecord {
  RecordHeader header;  // desc_id == kErrorRecord
  uint32_t action;      // 1-based action number within the clause
  uint32_t offset;      // BPF instruction index of the faulting operation
  uint32_t fault;       // FaultKind
  uint32_t pad;
  uint64_t addr;
};

// How the consumer decodes and prints a field (consumer/value.h kinds).
enum class FieldKind {
  kInt,
  kString,
  kStack,   // stack(n): size / 8 little-endian PCs, zero-filled
  kSymbol,  // func()/sym() recorded by trace() or as a key: printed "mod`sym"
  kModule,  // mod(): printed "mod"
};

struct FieldDesc {
  uint32_t offset = 0;
  uint32_t size = 0;
  bool is_string = false;  // kind == kString
  bool is_signed = false;
  uint32_t type_size = 8;  // the D integer type's width: output depends on it
  FieldKind kind = FieldKind::kInt;
  uint32_t stack_depth = 0;  // kStack: frames printed (size holds more words)
  // kStack: a raw tracepoint program recorded it, so it starts with the
  // tracing machinery's frames (consumer/stack_value.h drops them).
  bool drop_tracing_frames = false;
};

enum class ActionKind { kTrace, kPrintf, kPrinta, kExit, kClear, kTrunc, kSetopt, kSystem, kPrint };

struct ActionDesc {
  ActionKind kind = ActionKind::kTrace;
  std::vector<FieldDesc> fields;  // trace: 1, printf: its args, exit: status
  std::string format;             // printf / printa format ("" = default printa)
  std::vector<int> aggregations;  // printa, clear, trunc
  int64_t trunc_keep = 0;
  bool has_trunc_keep = false;
  std::string option, option_value;  // setopt
  // print: the type of the object whose bytes fields[0] holds.
  std::shared_ptr<const PrintTypeDesc> print_type;
  // An action inside if/else: the record offset of the byte the program sets
  // to 1 when the action ran (0: the action is not conditional and always
  // ran). The fields of an action that did not run hold whatever the
  // per-CPU buffer held before, so the consumer must skip it.
  uint32_t ran_flag = 0;
};

struct RecordDesc {
  int clause = 0;
  uint32_t size = 0;
  std::vector<ActionDesc> actions;
};

struct MapDef {
  std::string name;
  uint32_t type = 0;
  uint32_t key_size = 0, value_size = 0, max_entries = 0, flags = 0;
  std::vector<uint8_t> initial_value;  // array maps: element 0's contents
};

struct AggregationDef {
  AggDesc desc;
  int map = -1;
  std::vector<FieldDesc> key_fields;  // offsets within the key
  uint32_t key_size = 0;
  uint32_t value_words = 0;  // int64 words per CPU
};

// Where a clause's code starts in its program (for splitting programs and
// for saying which clause costs the verifier what).
struct CodeSpan {
  uint32_t first_insn = 0;
  int clause = 0;     // ClauseInfo::index
  int statement = 0;  // 0: the clause's start (probe filter, predicate)
  int line = 0;
  std::string construct;  // statements: what it is ("if", "printf()", "@a = count()")
};

struct ProgramDef {
  std::string name;  // for messages: the probe or group it serves
  uint32_t prog_type = 0;
  // Run by the dtrace process (BEGIN, END, ERROR), never attached.
  bool run_once = false;
  // The first probe the program serves: its provider (first_probe->owner)
  // attaches the program (Provider::Attach).
  const Probe* first_probe = nullptr;
  // The probe, when the program serves only one (not syscall's).
  const Probe* probe = nullptr;
  // Every probe the program serves, in ID order: its provider attaches it
  // to them (Provider::Attach).
  std::vector<const Probe*> probes;
  uint32_t expected_attach_type = 0;  // ProgramShape::expected_attach_type
  std::vector<bpf_insn> insns;
  std::vector<CodeSpan> clause_spans;     // in code order
  std::vector<CodeSpan> statement_spans;  // each clause's top-level statements
  // Not attached but tail-called by the previous program of its chain, from
  // this slot of the prog-array map; -1 for the first program of a chain.
  int tail_call_slot = -1;
};

struct CompiledProgram {
  std::vector<MapDef> maps;
  std::vector<ProgramDef> programs;
  std::vector<RecordDesc> records;
  std::vector<AggregationDef> aggregations;
  int ring_map = -1;
  int prog_array_map = -1;  // tail-call targets (tail_call_slot >= 0), if any
  int drops_map = -1;       // array: one u64 per CPU (kMaxDropCpus) per DropKind
  // exit() sets this u64 of the globals map's only element before its
  // record is sent; a fault later in the clause discards the record but not
  // the flag, so the consumer reads the flag too (DTrace's "exiting" status).
  int globals_map = -1;
  uint32_t exit_flag_offset = 0;
  int begin_program = -1, end_program = -1, error_program = -1;
  // Some record or key holds a stack or symbol, or a format prints one
  // (%a, %k): the consumer loads the kernel's symbol table up front.
  bool uses_kernel_symbols = false;
  // epid -> (probe id, clause index), for error messages.
  std::vector<std::pair<uint32_t, int>> epids;
};

}  // namespace dt
