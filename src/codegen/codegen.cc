#include "codegen/codegen.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>

#include "codegen/function_gen.h"
#include "codegen/late_probe_table.h"
#include "codegen/program_split.h"
#include "codegen/vtime_gen.h"
#include "common/diagnostic.h"
#include "format/speculation_layout.h"
#include "providers/provider.h"

namespace dt {

namespace {

using ClauseProbes = FunctionGen::ClauseProbes;

// The program a probe fires: its provider's program group. Ordered as the
// provider table, so programs (and their maps and rodata) come out in the
// same order from run to run.
struct GroupKey {
  size_t provider_rank;
  uint64_t group;  // Provider::ProgramGroup
  bool operator<(const GroupKey& o) const {
    return std::tie(provider_rank, group) < std::tie(o.provider_rank, o.group);
  }
};
using ProgramGroups = std::map<GroupKey, std::vector<ClauseProbes>>;

// What the steps of GenerateCode share. Map indices are handed out in the
// order the steps add maps, so the steps must run in the order GenerateCode
// calls them.
class CodeGenerator {
 public:
  CodeGenerator(ProgramInfo& info, TypeTable& types, const CodegenOptions& options)
      : info_(info), types_(types), options_(options) {
    shared_.aggs = &out_.aggregations;
  }
  CodeGenerator(const CodeGenerator&) = delete;
  CodeGenerator& operator=(const CodeGenerator&) = delete;

  void AddRuntimeMaps();   // ring buffer, drop counters, scratch, rodata
  void AddVariableMaps();  // globals, associative arrays, self-> variables
  int AddDynamicVariableMap(const std::string& name, uint32_t key, uint32_t value);
  void AddAggregationMaps();  // and the consumer's description of each
  void ListEnabledProbes();   // the EPIDs: which clause each probe enables
  ProgramGroups GroupClausesByProgram() const;
  void BeforeProviderPrograms();
  // One program for the group's clauses, or a chain when one is too large.
  void GenerateGroup(const std::vector<ClauseProbes>& clauses);
  void AfterProviderPrograms();
  CompiledProgram FinishMaps();  // sizes what grew while programs were generated

 private:
  ProgramDef GenerateProgram(const std::vector<ClauseProbes>& clauses, size_t begin, size_t end,
                             const FunctionGen::ChainLink& link,
                             const std::vector<const Probe*>& group_probes);
  // Where the chain's programs start in `clauses`: {0} when one program does.
  std::vector<size_t> ChainStarts(const ProgramDef& whole,
                                  const std::vector<ClauseProbes>& clauses) const;
  std::vector<ProgramDef> GenerateChain(const std::vector<ClauseProbes>& clauses,
                                        const std::vector<size_t>& starts,
                                        const std::vector<const Probe*>& group_probes);
  void AddPrograms(std::vector<ProgramDef> defs);

  ProgramInfo& info_;
  TypeTable& types_;
  const CodegenOptions& options_;
  CompiledProgram out_;
  MapRegistry maps_;
  SharedMaps shared_;
  int tail_call_slots_ = 0;
  uint64_t fill_end_reserve_ = 0;  // the bytes of END's records
};

}  // namespace

uint32_t DynamicVariableEntries(uint64_t dynvar_bytes, uint32_t key_size, uint32_t value_size) {
  // DTrace's dynvarsize is one space all dynamic variables share; here each
  // variable's map gets that many bytes of keys and values (maps are
  // allocated as entries are made, so the bound costs nothing until used).
  // The default 1m gives an 8-byte key and value 65536 entries.
  constexpr uint64_t kMaxEntries = 1 << 22;
  uint64_t entry = uint64_t{key_size} + value_size;
  return static_cast<uint32_t>(std::clamp<uint64_t>(dynvar_bytes / entry, 1, kMaxEntries));
}

CompiledProgram GenerateCode(ProgramInfo& info, TypeTable& types, const CodegenOptions& options) {
  CodeGenerator gen(info, types, options);
  gen.AddRuntimeMaps();
  gen.AddVariableMaps();
  gen.AddAggregationMaps();
  gen.ListEnabledProbes();
  ProgramGroups groups = gen.GroupClausesByProgram();
  // What providers' programs share (the syscall tables), before any program.
  gen.BeforeProviderPrograms();
  for (const auto& [key, clauses] : groups) gen.GenerateGroup(clauses);
  gen.AfterProviderPrograms();
  return gen.FinishMaps();
}

namespace {

uint32_t KeySize(const std::vector<const Type*>& key_types) {
  uint32_t size = 0;
  for (const Type* t : key_types) size += StoredSize(t);
  return size == 0 ? 8 : size;
}

uint32_t ValueSize(const Type* t) { return HeldAsBytes(t) ? StoredBytes(t) : 8; }

// -x aggsize is DTrace's space for an aggregation's keys and values.
uint32_t AggregationEntries(const CodegenOptions& options, const AggregationDef& def) {
  if (options.aggsize_bytes == 0) return options.aggsize_entries;
  constexpr uint64_t kMaxEntries = 1 << 20;
  uint64_t entry = def.key_size + uint64_t{def.value_words} * 8;
  return static_cast<uint32_t>(std::clamp<uint64_t>(options.aggsize_bytes / entry, 1, kMaxEntries));
}

AggDesc DescOf(const Aggregation& a) {
  AggDesc d;
  d.name = a.name;
  d.func = a.kind;
  d.id = a.id;
  if (a.kind == AggFunc::kLquantize) {
    d.lq_base = a.params[0];
    d.lq_limit = a.params[1];
    d.lq_step = a.params[2];
  } else if (a.kind == AggFunc::kLlquantize) {
    d.llq_factor = a.params[0];
    d.llq_low = a.params[1];
    d.llq_high = a.params[2];
    d.llq_nsteps = a.params[3];
  }
  return d;
}

// The kernel refuses a per-CPU map value over 32 KiB (PCPU_MIN_UNIT_SIZE)
// with a bare E2BIG when the map is created: say so at compile time, in
// terms of the aggregating function's parameters.
constexpr size_t kMaxPerCpuBytes = 32768;

void CheckPerCpuValueSize(const Aggregation& a, size_t words) {
  constexpr size_t kMaxBytes = kMaxPerCpuBytes;
  constexpr size_t kMaxWords = kMaxBytes / 8;
  if (words <= kMaxWords) return;
  std::string need = std::to_string(words * 8) + " bytes per CPU, more than the " +
                     std::to_string(kMaxBytes) + " bytes the kernel allows a per-CPU map value";
  if (a.kind == AggFunc::kLquantize) {
    throw CompileError("D_LQUANT_STEPSMALL", a.line,
                       "lquantize( ) step (argument #3) too small: " + std::to_string(words - 2) +
                           " quantization levels need " + need + " (at most " +
                           std::to_string(kMaxWords - 2) + " levels)");
  }
  if (a.kind == AggFunc::kLlquantize) {
    throw CompileError("D_LLQUANT_NSTEPVAL", a.line,
                       "llquantize( ) parameters give " + std::to_string(words) +
                           " buckets, which need " + need + " (at most " +
                           std::to_string(kMaxWords) + " buckets)");
  }
  throw CompileError("D_AGG_SIZE", a.line, "aggregation @" + Excerpt(a.name) + " needs " + need);
}

// Every probe the group's clauses enable, in ID order, each once.
std::vector<const Probe*> ProbesOfGroup(const std::vector<ClauseProbes>& clauses) {
  std::vector<const Probe*> probes;
  for (const ClauseProbes& cp : clauses)
    probes.insert(probes.end(), cp.probes.begin(), cp.probes.end());
  std::sort(probes.begin(), probes.end(),
            [](const Probe* a, const Probe* b) { return a->id < b->id; });
  probes.erase(std::unique(probes.begin(), probes.end()), probes.end());
  return probes;
}

void CodeGenerator::AddRuntimeMaps() {
  shared_.ring = maps_.Add({"dtrace_ring", BPF_MAP_TYPE_RINGBUF, 0, 0, options_.bufsize, 0, {}});
  out_.ring_map = shared_.ring;
  shared_.drops = maps_.Add({"dtrace_drops", BPF_MAP_TYPE_ARRAY, 4, kDropWords * 8, 1, 0, {}});
  out_.drops_map = shared_.drops;
  if (options_.fill_limit > 0) {
    // The bytes of records sent so far; starts at END's reserve (FinishMaps).
    shared_.fill = maps_.Add({"dtrace_fill", BPF_MAP_TYPE_ARRAY, 4, 8, 1, 0, {}});
    shared_.fill_limit = static_cast<uint32_t>(std::min<uint64_t>(options_.fill_limit, INT32_MAX));
  }
  shared_.scratch = maps_.Add({"dtrace_scratch", BPF_MAP_TYPE_PERCPU_ARRAY, 4, 8, 1, 0, {}});
  maps_.set_rodata_map(maps_.Add({"dtrace_rodata", BPF_MAP_TYPE_ARRAY, 4, 8, 1, 0, {}}));
}

// A map of dynamic variables (an associative array, a thread-local): its
// elements made as stores need them, as many as dynvarsize holds.
int CodeGenerator::AddDynamicVariableMap(const std::string& name, uint32_t key, uint32_t value) {
  return maps_.Add({name,
                    BPF_MAP_TYPE_HASH,
                    key,
                    value,
                    DynamicVariableEntries(options_.dynvar_bytes, key, value),
                    BPF_F_NO_PREALLOC,
                    {}});
}

void CodeGenerator::AddVariableMaps() {
  // Scalar and string globals share one array element; assoc arrays get maps.
  uint32_t globals_size = 0;
  for (const Variable& v : info_.globals) {
    shared_.global_offsets.push_back(globals_size);
    if (v.is_assoc) {
      shared_.assoc_maps.push_back(
          AddDynamicVariableMap("assoc_" + v.name, KeySize(v.key_types), ValueSize(v.type)));
    } else {
      shared_.assoc_maps.push_back(-1);
      globals_size += ValueSize(v.type);
    }
  }
  shared_.exit_flag_off = globals_size;
  globals_size += 8;
  shared_.globals = maps_.Add(
      {"dtrace_globals", BPF_MAP_TYPE_ARRAY, 4, std::max<uint32_t>(globals_size, 8), 1, 0, {}});
  out_.globals_map = shared_.globals;
  out_.exit_flag_offset = shared_.exit_flag_off;
  if (info_.uses_speculations) {
    shared_.speculations =
        maps_.Add({"dtrace_spec", BPF_MAP_TYPE_ARRAY, 4, 8, options_.nspec + kSpecWords, 0, {}});
    out_.speculation_map = shared_.speculations;
    out_.nspec = options_.nspec;
  }
  for (const Variable& v : info_.thread_vars) {
    // Keyed by the thread, then by the array's keys.
    const uint32_t key = v.is_assoc ? 8 + KeySize(v.key_types) : 8;
    shared_.thread_maps.push_back(AddDynamicVariableMap("self_" + v.name, key, ValueSize(v.type)));
  }
}

void CodeGenerator::AddAggregationMaps() {
  for (const Aggregation& a : info_.aggregations) {
    AggregationDef def;
    def.desc = DescOf(a);
    def.key_size = KeySize(a.key_types);
    def.value_words = static_cast<uint32_t>(AggDataSize(def.desc));
    CheckPerCpuValueSize(a, def.value_words);
    def.in_array = a.key_types.empty() && (def.value_words + 1) * 8 <= kMaxPerCpuBytes;
    uint32_t off = 0;
    for (const Type* t : a.key_types) {
      FieldDesc f = DescribeField(t, off);
      if (f.kind != FieldKind::kInt && f.kind != FieldKind::kString)
        out_.uses_kernel_symbols = true;
      def.key_fields.push_back(f);
      off += f.size;
    }
    // A keyless aggregation has one element: allocate it with the map, where
    // the kernel may sleep, so no update ever fails. Elements made in probe
    // context are atomic per-CPU allocations, which older kernels (6.1) refuse
    // for large values until their per-CPU pool has grown.
    const bool keyless = a.key_types.empty();
    std::string name = "agg_" + (a.name.empty() ? std::string("anon") : a.name);
    if (def.in_array) {
      def.map =
          maps_.Add({name, BPF_MAP_TYPE_PERCPU_ARRAY, 4, (def.value_words + 1) * 8, 1, 0, {}});
    } else {
      def.map = maps_.Add({name,
                           BPF_MAP_TYPE_PERCPU_HASH,
                           def.key_size,
                           def.value_words * 8,
                           keyless ? 1u : AggregationEntries(options_, def),
                           keyless ? 0u : static_cast<uint32_t>(BPF_F_NO_PREALLOC),
                           {}});
    }
    shared_.agg_maps.push_back(def.map);
    out_.aggregations.push_back(def);
  }
}

void CodeGenerator::ListEnabledProbes() {
  for (const ClauseInfo& ci : info_.clauses) {
    for (const Probe* p : ci.probes) out_.epids.emplace_back(p->id, ci.index);
  }
}

// Clause/probe pairs, by the program that will run them.
ProgramGroups CodeGenerator::GroupClausesByProgram() const {
  ProgramGroups groups;
  // How many probes of each provider the program enables (each once).
  std::map<const Provider*, std::set<const Probe*>> enabled;
  for (const ClauseInfo& ci : info_.clauses)
    for (const Probe* p : ci.probes) enabled[p->owner].insert(p);
  for (const ClauseInfo& ci : info_.clauses) {
    std::map<GroupKey, std::vector<const Probe*>> mine;
    for (const Probe* p : ci.probes)
      mine[GroupKey{ProviderRank(*p->owner),
                    p->owner->ProgramGroupAmong(*p, enabled[p->owner].size())}]
          .push_back(p);
    for (auto& [key, probes] : mine) groups[key].push_back({&ci, probes});
  }
  return groups;
}

void CodeGenerator::BeforeProviderPrograms() {
  for (const Provider* provider : AllProviders())
    CodegenOf(*provider).BeforePrograms(info_, maps_, shared_);
}

void CodeGenerator::GenerateGroup(const std::vector<ClauseProbes>& clauses) {
  const std::vector<const Probe*> group_probes = ProbesOfGroup(clauses);
  size_t records_before = out_.records.size();
  std::vector<ProgramDef> defs;
  defs.push_back(GenerateProgram(clauses, 0, clauses.size(), {}, group_probes));
  std::vector<size_t> starts = ChainStarts(defs.front(), clauses);
  if (starts.size() > 1) {
    // Generate again, chained; the single program's records go.
    out_.records.resize(records_before);
    defs = GenerateChain(clauses, starts, group_probes);
  }
  const Probe* probe = defs.front().probe;
  if (probe != nullptr && probe->name == "END" && defs.front().run_once) {
    // bufpolicy=fill keeps room for END's records, as DTrace does.
    for (size_t i = records_before; i < out_.records.size(); ++i)
      fill_end_reserve_ += out_.records[i].size;
  }
  AddPrograms(std::move(defs));
}

ProgramDef CodeGenerator::GenerateProgram(const std::vector<ClauseProbes>& clauses, size_t begin,
                                          size_t end, const FunctionGen::ChainLink& link,
                                          const std::vector<const Probe*>& group_probes) {
  FunctionGen gen(info_, types_, options_, maps_, shared_, out_);
  std::vector<ClauseProbes> part(clauses.begin() + static_cast<long>(begin),
                                 clauses.begin() + static_cast<long>(end));
  return gen.Generate(part, link, group_probes);
}

std::vector<size_t> CodeGenerator::ChainStarts(const ProgramDef& whole,
                                               const std::vector<ClauseProbes>& clauses) const {
  // Small programs load fastest (the verifier's time grows faster than
  // their size); larger ones only when the chain would be too long.
  SplitLimits limits;
  std::vector<size_t> starts = SplitPoints(whole, limits);
  while (starts.size() > kMaxChainedPrograms && limits.max_insns < kMaxSplitInsns) {
    limits.max_insns *= 2;
    starts = SplitPoints(whole, limits);
  }
  if (starts.size() > kMaxChainedPrograms) {
    const Probe* first = clauses.front().probes.front();
    throw CompileError("D_DIF_TOOBIG", clauses[starts[kMaxChainedPrograms]].clause->clause->line,
                       "program too large: the clauses for " + first->owner->ProgramName(*first) +
                           " need " + std::to_string(starts.size()) +
                           " BPF programs (each at most " + std::to_string(limits.max_insns) +
                           " instructions and " + std::to_string(limits.max_maps) +
                           " maps), and the kernel chains at most " +
                           std::to_string(kMaxChainedPrograms) + " (33 tail calls)");
  }
  return starts;
}

// Each program but the last tail-calls the next through its own slot of
// the one prog array all chains share.
std::vector<ProgramDef> CodeGenerator::GenerateChain(
    const std::vector<ClauseProbes>& clauses, const std::vector<size_t>& starts,
    const std::vector<const Probe*>& group_probes) {
  if (shared_.prog_array < 0) {
    shared_.prog_array = maps_.Add({"dtrace_chain", BPF_MAP_TYPE_PROG_ARRAY, 4, 4, 1, 0, {}});
    out_.prog_array_map = shared_.prog_array;
  }
  int first_slot = tail_call_slots_;
  tail_call_slots_ += static_cast<int>(starts.size()) - 1;
  std::vector<ProgramDef> defs;
  for (size_t k = 0; k < starts.size(); ++k) {
    FunctionGen::ChainLink link;
    link.first = k == 0;
    link.next_slot = k + 1 < starts.size() ? first_slot + static_cast<int>(k) : -1;
    link.this_in_scratch = true;
    size_t end = k + 1 < starts.size() ? starts[k + 1] : clauses.size();
    defs.push_back(GenerateProgram(clauses, starts[k], end, link, group_probes));
    if (k > 0) defs.back().tail_call_slot = first_slot + static_cast<int>(k) - 1;
  }
  return defs;
}

void CodeGenerator::AddPrograms(std::vector<ProgramDef> defs) {
  // BEGIN, END and ERROR run the first program of their chain.
  int head = static_cast<int>(out_.programs.size());
  const Probe* probe = defs.front().probe;
  if (probe && probe->name == "BEGIN") out_.begin_program = head;
  if (probe && probe->name == "END") out_.end_program = head;
  if (probe && probe->name == "ERROR") out_.error_program = head;
  for (ProgramDef& def : defs) out_.programs.push_back(std::move(def));
}

void CodeGenerator::AfterProviderPrograms() {
  for (const Provider* provider : AllProviders())
    CodegenOf(*provider).AfterPrograms(info_, maps_, shared_);
  if (shared_.vtime >= 0)
    out_.programs.push_back(GenerateVtimeProgram(shared_.vtime, *info_.task_offsets));
}

CompiledProgram CodeGenerator::FinishMaps() {
  auto& all = maps_.maps();
  if (shared_.prog_array >= 0) all[shared_.prog_array].max_entries = tail_call_slots_;
  all[shared_.scratch].value_size = std::max<uint32_t>(shared_.scratch_size, 8);
  all[maps_.rodata_map()].value_size =
      std::max<uint32_t>(static_cast<uint32_t>(maps_.rodata().size()), 8);
  all[maps_.rodata_map()].initial_value = maps_.rodata();
  all[maps_.rodata_map()].initial_value.resize(all[maps_.rodata_map()].value_size, 0);
  for (LateProbeTable& t : out_.late_tables) {
    t.value_size = std::max<uint32_t>(t.value_size, 8);
    std::vector<uint8_t> value(t.value_size, 0);
    for (size_t i = 0; i < t.probes.size(); ++i) {
      std::map<int, uint32_t> epid_of_clause;
      for (const ClauseInfo& ci : info_.clauses)
        for (size_t rank = 0; rank < ci.probes.size(); ++rank)
          if (ci.probes[rank] == t.probes[i])
            epid_of_clause[ci.index] = ci.epid_base + static_cast<uint32_t>(rank);
      WriteLateEntry(t, value, static_cast<uint32_t>(i), *t.probes[i], epid_of_clause);
    }
    for (const auto& [clause, region] : t.epids)
      for (const ast::ProbeSpec& spec : info_.clauses[static_cast<size_t>(clause)].clause->probes)
        t.descriptions[clause].push_back(spec.text);
    all[t.map].value_size = t.value_size;
    all[t.map].initial_value = std::move(value);
  }
  if (shared_.fill >= 0) {
    // END's records have their space kept for them, as DTrace keeps it.
    uint64_t reserve = fill_end_reserve_;
    all[shared_.fill].initial_value.resize(8);
    memcpy(all[shared_.fill].initial_value.data(), &reserve, 8);
    out_.fill_end_reserve = reserve;
  }
  out_.maps = all;
  return std::move(out_);
}

}  // namespace

}  // namespace dt
