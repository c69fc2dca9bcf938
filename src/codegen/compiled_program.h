// The code generator's output: BPF programs, the maps they share, and the
// descriptions the consumer needs to decode what the programs send back
// (the record framing, record and aggregation layouts are the format
// stage's: format/record.h, record_desc.h, aggregation_layout.h).
#pragma once

#include <linux/bpf.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "format/aggregation_layout.h"
#include "format/record.h"
#include "format/record_desc.h"
#include "providers/probe.h"

namespace dt {

struct MapDef {
  std::string name;
  uint32_t type = 0;
  uint32_t key_size = 0, value_size = 0, max_entries = 0, flags = 0;
  std::vector<uint8_t> initial_value;  // array maps: element 0's contents
};

// What the inner maps of a map of maps are: the loader creates a template
// map like them to create the outer map with.
struct InnerMapDef {
  uint32_t type = 0;
  uint32_t key_size = 0, value_size = 0, flags = 0;
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
  // A program the compiler adds, serving no probe (vtimestamp's, on
  // sched_switch): the raw tracepoint it is attached to; first_probe is null.
  std::string raw_tracepoint;
  uint32_t expected_attach_type = 0;  // ProgramShape::expected_attach_type
  uint32_t attach_btf_id = 0;         // ProgramShape::attach_btf_id
  std::string attach_btf_module;      // ProgramShape::attach_btf_module
  std::vector<bpf_insn> insns;
  std::vector<CodeSpan> clause_spans;     // in code order
  std::vector<CodeSpan> statement_spans;  // each clause's top-level statements
  // Not attached but tail-called by the previous program of its chain, from
  // this slot of the prog-array map; -1 for the first program of a chain.
  int tail_call_slot = -1;
};

// The tables of a program whose probes a run adds to while it traces (the
// pid and usdt providers': probes in libraries a process loads later): probe id,
// each clause's epid and the probe names, indexed by the attach cookie,
// live in one writable array map with room for `capacity` probes, not in
// rodata. Layout and the entry writer: codegen/late_probe_table.h.
struct LateProbeTable {
  static constexpr uint32_t kAbsent = 0xffffffff;
  int map = -1;                      // array map, one element of value_size bytes
  const Probe* first = nullptr;      // the group's first probe: ProgramDef::probes.front()
  int32_t pid = 0;                   // the process whose new objects add probes
  std::vector<const Probe*> probes;  // by index (cookie); the run appends
  uint32_t capacity = 0;
  uint32_t value_size = 0;
  uint32_t ids = kAbsent;  // region: u32 probe id per index
  // By ClauseInfo::index: u32 per index, the clause's epid for the probe,
  // 0 where the clause does not enable it (its probe filter).
  std::map<int, uint32_t> epids;
  // probemod, probefunc, probename and (usdt: a process's probes have
  // several providers) probeprov: kProbeStringSize bytes per index.
  uint32_t strings[4] = {kAbsent, kAbsent, kAbsent, kAbsent};
  // usdt: the sites probes fire at, numbered apart from the probes (the
  // cookie's low 32 bits), `sites` of them so far, room for site_capacity;
  // by argument number, a region of descriptors of that argument's operand
  // at each site (codegen/usdt_site_table.h).
  uint32_t sites = 0;
  uint32_t site_capacity = 0;
  std::map<int, uint32_t> site_operands;
  // The probe descriptions of the clauses in `epids`, to match again when
  // the process maps an object.
  std::map<int, std::vector<std::string>> descriptions;
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
  // -x bufpolicy=fill: the bytes kept for END's records (at most their
  // sizes added up); more than bufsize cannot start.
  uint64_t fill_end_reserve = 0;
  // Speculations (codegen/speculation_gen.cc): an array map of nspec slots,
  // then the failure counters; -1 when the program has no speculations.
  int speculation_map = -1;
  uint32_t nspec = 0;
  int begin_program = -1, end_program = -1, error_program = -1;
  // Some record or key holds a stack or symbol, or a format prints one
  // (%a, %k): the consumer loads the kernel's symbol table up front.
  bool uses_kernel_symbols = false;
  // ustack() and the other user-stack functions: the unwinder's maps
  // (format/user_stack_layout.h), which dtrace fills per process, or -1.
  int ustack_mappings_map = -1;
  int ustack_rows_map = -1;
  // Maps of maps, by map index.
  std::map<int, InnerMapDef> inner_maps;
  // epid -> (probe id, clause index), for error messages.
  std::vector<std::pair<uint32_t, int>> epids;
  std::vector<LateProbeTable> late_tables;
};

}  // namespace dt
