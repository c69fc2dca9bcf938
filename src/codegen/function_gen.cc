#include "codegen/function_gen.h"

#include <stdexcept>

namespace dt {

using namespace bpf;

FunctionGen::FunctionGen(ProgramInfo& info, TypeTable& types, const CodegenOptions& options,
                         MapRegistry& maps, SharedMaps& shared, CompiledProgram& out)
    : info_(info), types_(types), options_(options), maps_(maps), shared_(shared), out_(out) {}

ProgramDef FunctionGen::Generate(const std::vector<ClauseProbes>& clauses, const ChainLink& chain,
                                 const std::vector<const Probe*>& group_probes) {
  group_probes_ = &group_probes;
  const Probe& first = *clauses.front().probes.front();
  const Provider& provider = *first.owner;
  shape_ = provider.ShapeOf(group_probes);
  chain_ = chain;
  raw_tracepoint_ = provider.RawTracepoint(first);
  bool locals_in_scratch = false;
  for (const Variable& v : info_.clause_vars)
    locals_in_scratch |= HeldAsBytes(v.type) || chain.this_in_scratch;
  size_t records_before = out_.records.size();

  // First without the scratch buffer (the cheapest program), and again with
  // it when some expression turns out to need it.
  for (int attempt = locals_in_scratch ? 1 : 0; attempt < 2; ++attempt) {
    b_ = Builder();
    context_ = CodegenOf(provider).NewContext(*this, first);
    stack_top_ = 0;
    scratch_top_ = 0;
    this_slots_.clear();
    this_strings_.clear();
    out_.records.resize(records_before);
    scratch_loaded_ = attempt == 1;
    exit_label_ = b_.NewLabel();
    chill_callback_.reset();
    json_callback_.reset();
    statement_spans_.clear();
    try {
      // The same order in every program of a chain: the same offsets.
      for (const Variable& v : info_.clause_vars) {
        if (HeldAsBytes(v.type))
          this_strings_[v.id] = AllocScratch(StoredBytes(v.type));
        else if (chain.this_in_scratch)
          this_slots_[v.id] = static_cast<int16_t>(AllocScratch(8));
        else
          this_slots_[v.id] = AllocSlot();
      }
      GenPrologue(clauses);
      scratch_clause_base_ = scratch_top_;
      std::vector<CodeSpan> spans;
      for (const ClauseProbes& cp : clauses) {
        spans.push_back({static_cast<uint32_t>(b_.size()), cp.clause->index, 0,
                         cp.clause->clause->line, "clause"});
        GenClause(cp);
      }
      if (chain.next_slot >= 0) {
        // The rest of this attach point's clauses.
        b_.Mov(R1, R6);
        b_.LoadMapFd(R2, shared_.prog_array);
        b_.MovImm(R3, chain.next_slot);
        b_.Call(BPF_FUNC_tail_call);
      }
      b_.MovImm(R0, 0);
      b_.Exit();
      GenCallbacks();
      ProgramDef def;
      def.clause_spans = std::move(spans);
      def.statement_spans = std::move(statement_spans_);
      def.name = provider.ProgramName(first);
      def.prog_type = shape_.prog_type;
      def.run_once = shape_.run_once;
      def.first_probe = &first;
      def.probes = group_probes;
      def.expected_attach_type = shape_.expected_attach_type;
      def.attach_btf_id = shape_.attach_btf_id;
      def.attach_btf_module = shape_.attach_btf_module;
      def.probe = shape_.shared_by_probes ? nullptr : &first;
      def.insns = b_.Finish();
      return def;
    } catch (const NeedScratch&) {
      if (attempt == 1) throw std::logic_error("scratch needed after loading it");
      continue;
    }
  }
  throw std::logic_error("code generation did not converge");
}

}  // namespace dt
