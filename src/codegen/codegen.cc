#include "codegen/codegen.h"

#include <algorithm>
#include <map>

#include "codegen/function_gen.h"
#include "codegen/program_split.h"
#include "common/diagnostic.h"
#include "providers/provider.h"

namespace dt {

namespace {

uint32_t KeySize(const std::vector<const Type*>& key_types) {
  uint32_t size = 0;
  for (const Type* t : key_types) size += StoredSize(t);
  return size == 0 ? 8 : size;
}

uint32_t ValueSize(const Type* t) { return t->IsString() ? static_cast<uint32_t>(t->size) : 8; }

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
void CheckPerCpuValueSize(const Aggregation& a, size_t words) {
  constexpr size_t kMaxBytes = 32768;
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

// Where a probe's clauses run.
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

}  // namespace

CompiledProgram GenerateCode(ProgramInfo& info, TypeTable& types, const CodegenOptions& options) {
  CompiledProgram out;
  MapRegistry maps;
  SharedMaps shared;
  shared.aggs = &out.aggregations;

  shared.ring = maps.Add({"dtrace_ring", BPF_MAP_TYPE_RINGBUF, 0, 0, options.bufsize, 0, {}});
  out.ring_map = shared.ring;
  shared.drops =
      maps.Add({"dtrace_drops", BPF_MAP_TYPE_ARRAY, 4, kDropKinds * kMaxDropCpus * 8, 1, 0, {}});
  out.drops_map = shared.drops;
  shared.scratch = maps.Add({"dtrace_scratch", BPF_MAP_TYPE_PERCPU_ARRAY, 4, 8, 1, 0, {}});
  maps.set_rodata_map(maps.Add({"dtrace_rodata", BPF_MAP_TYPE_ARRAY, 4, 8, 1, 0, {}}));

  // Scalar and string globals share one array element; assoc arrays get maps.
  uint32_t globals_size = 0;
  for (const Variable& v : info.globals) {
    shared.global_offsets.push_back(globals_size);
    if (v.is_assoc) {
      shared.assoc_maps.push_back(maps.Add({"assoc_" + v.name,
                                            BPF_MAP_TYPE_HASH,
                                            KeySize(v.key_types),
                                            ValueSize(v.type),
                                            options.dynvar_entries,
                                            BPF_F_NO_PREALLOC,
                                            {}}));
    } else {
      shared.assoc_maps.push_back(-1);
      globals_size += ValueSize(v.type);
    }
  }
  shared.exit_flag_off = globals_size;
  globals_size += 8;
  shared.globals = maps.Add(
      {"dtrace_globals", BPF_MAP_TYPE_ARRAY, 4, std::max<uint32_t>(globals_size, 8), 1, 0, {}});
  out.globals_map = shared.globals;
  out.exit_flag_offset = shared.exit_flag_off;
  for (const Variable& v : info.thread_vars) {
    shared.thread_maps.push_back(maps.Add({"self_" + v.name,
                                           BPF_MAP_TYPE_HASH,
                                           8,
                                           ValueSize(v.type),
                                           options.dynvar_entries,
                                           BPF_F_NO_PREALLOC,
                                           {}}));
  }
  for (const Aggregation& a : info.aggregations) {
    AggregationDef def;
    def.desc = DescOf(a);
    def.key_size = KeySize(a.key_types);
    def.value_words = static_cast<uint32_t>(AggDataSize(def.desc));
    CheckPerCpuValueSize(a, def.value_words);
    uint32_t off = 0;
    for (const Type* t : a.key_types) {
      FieldDesc f = DescribeField(t, off);
      if (f.kind != FieldKind::kInt && f.kind != FieldKind::kString) out.uses_kernel_symbols = true;
      def.key_fields.push_back(f);
      off += f.size;
    }
    // A keyless aggregation has one element: allocate it with the map, where
    // the kernel may sleep, so no update ever fails. Elements made in probe
    // context are atomic per-CPU allocations, which older kernels (6.1) refuse
    // for large values until their per-CPU pool has grown.
    const bool keyless = a.key_types.empty();
    def.map = maps.Add({"agg_" + (a.name.empty() ? std::string("anon") : a.name),
                        BPF_MAP_TYPE_PERCPU_HASH,
                        def.key_size,
                        def.value_words * 8,
                        keyless ? 1u : AggregationEntries(options, def),
                        keyless ? 0u : static_cast<uint32_t>(BPF_F_NO_PREALLOC),
                        {}});
    shared.agg_maps.push_back(def.map);
    out.aggregations.push_back(def);
  }

  // Group clause/probe pairs by the program that will run them.
  std::map<GroupKey, std::vector<FunctionGen::ClauseProbes>> groups;
  for (const ClauseInfo& ci : info.clauses) {
    for (size_t i = 0; i < ci.probes.size(); ++i)
      out.epids.emplace_back(ci.probes[i]->id, ci.index);
    std::map<GroupKey, std::vector<const Probe*>> mine;
    for (const Probe* p : ci.probes)
      mine[GroupKey{ProviderRank(*p->owner), p->owner->ProgramGroup(*p)}].push_back(p);
    for (auto& [key, probes] : mine) groups[key].push_back({&ci, probes});
  }

  // What providers' programs share (the syscall tables), before any program.
  for (const Provider* provider : AllProviders())
    CodegenOf(*provider).BeforePrograms(info, maps, shared);

  int tail_call_slots = 0;
  for (auto& group : groups) {
    // Named, not structured bindings: lambdas below capture them.
    const std::vector<FunctionGen::ClauseProbes>& clauses = group.second;
    const Probe* first = clauses.front().probes.front();
    std::string name = first->owner->ProgramName(*first);
    std::vector<const Probe*> group_probes;
    for (const FunctionGen::ClauseProbes& cp : clauses)
      group_probes.insert(group_probes.end(), cp.probes.begin(), cp.probes.end());
    std::sort(group_probes.begin(), group_probes.end(),
              [](const Probe* a, const Probe* b) { return a->id < b->id; });
    group_probes.erase(std::unique(group_probes.begin(), group_probes.end()), group_probes.end());
    auto generate = [&](size_t begin, size_t end, const FunctionGen::ChainLink& link) {
      FunctionGen gen(info, types, options, maps, shared, out);
      std::vector<FunctionGen::ClauseProbes> part(clauses.begin() + static_cast<long>(begin),
                                                  clauses.begin() + static_cast<long>(end));
      return gen.Generate(part, link, group_probes);
    };

    size_t records_before = out.records.size();
    std::vector<ProgramDef> defs;
    defs.push_back(generate(0, clauses.size(), FunctionGen::ChainLink{}));
    // Small programs load fastest (the verifier's time grows faster than
    // their size); larger ones only when the chain would be too long.
    SplitLimits limits;
    std::vector<size_t> starts = SplitPoints(defs.front(), limits);
    while (starts.size() > kMaxChainedPrograms && limits.max_insns < kMaxSplitInsns) {
      limits.max_insns *= 2;
      starts = SplitPoints(defs.front(), limits);
    }
    if (starts.size() > 1) {
      if (starts.size() > kMaxChainedPrograms) {
        throw CompileError(
            "D_DIF_TOOBIG", clauses[starts[kMaxChainedPrograms]].clause->clause->line,
            "program too large: the clauses for " + name + " need " +
                std::to_string(starts.size()) + " BPF programs (each at most " +
                std::to_string(limits.max_insns) + " instructions and " +
                std::to_string(limits.max_maps) + " maps), and the kernel chains at most " +
                std::to_string(kMaxChainedPrograms) + " (33 tail calls)");
      }
      // Generate again, chained; the single program's records go.
      out.records.resize(records_before);
      defs.clear();
      if (shared.prog_array < 0) {
        shared.prog_array = maps.Add({"dtrace_chain", BPF_MAP_TYPE_PROG_ARRAY, 4, 4, 1, 0, {}});
        out.prog_array_map = shared.prog_array;
      }
      int first_slot = tail_call_slots;
      tail_call_slots += static_cast<int>(starts.size()) - 1;
      for (size_t k = 0; k < starts.size(); ++k) {
        FunctionGen::ChainLink link;
        link.first = k == 0;
        link.next_slot = k + 1 < starts.size() ? first_slot + static_cast<int>(k) : -1;
        link.this_in_scratch = true;
        size_t end = k + 1 < starts.size() ? starts[k + 1] : clauses.size();
        defs.push_back(generate(starts[k], end, link));
        if (k > 0) defs.back().tail_call_slot = first_slot + static_cast<int>(k) - 1;
      }
    }
    // BEGIN, END and ERROR run the first program of their chain.
    int head = static_cast<int>(out.programs.size());
    if (defs.front().probe && defs.front().probe->name == "BEGIN") out.begin_program = head;
    if (defs.front().probe && defs.front().probe->name == "END") out.end_program = head;
    if (defs.front().probe && defs.front().probe->name == "ERROR") out.error_program = head;
    for (ProgramDef& def : defs) out.programs.push_back(std::move(def));
  }
  if (shared.prog_array >= 0) maps.maps()[shared.prog_array].max_entries = tail_call_slots;

  for (const Provider* provider : AllProviders())
    CodegenOf(*provider).AfterPrograms(info, maps, shared);

  auto& all = maps.maps();
  all[shared.scratch].value_size = std::max<uint32_t>(shared.scratch_size, 8);
  all[maps.rodata_map()].value_size =
      std::max<uint32_t>(static_cast<uint32_t>(maps.rodata().size()), 8);
  all[maps.rodata_map()].initial_value = maps.rodata();
  all[maps.rodata_map()].initial_value.resize(all[maps.rodata_map()].value_size, 0);
  out.maps = all;
  return out;
}

}  // namespace dt
