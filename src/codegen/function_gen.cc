#include "codegen/function_gen.h"

#include <stdexcept>

namespace dt {

using namespace bpf;

FunctionGen::FunctionGen(ProgramInfo& info, TypeTable& types, const CodegenOptions& options,
                         MapRegistry& maps, SharedMaps& shared, CompiledProgram& out)
    : info_(info), types_(types), options_(options), maps_(maps), shared_(shared), out_(out) {}

ProgramDef FunctionGen::Generate(const std::string& name, uint32_t prog_type, AttachKind attach,
                                 ProviderKind provider, bool syscall_return,
                                 const std::vector<ClauseProbes>& clauses) {
  provider_ = provider;
  attach_ = attach;
  syscall_return_ = syscall_return;
  all_syscall_probes_ = options_.syscall_probes_per_side;
  single_probe_ = provider == ProviderKind::kSyscall ? nullptr : clauses.front().probes.front();
  bool string_locals = false;
  for (const Variable& v : info_.clause_vars) string_locals |= v.type->IsString();
  size_t records_before = out_.records.size();

  // First without the scratch buffer (the cheapest program), and again with
  // it when some expression turns out to need it.
  for (int attempt = string_locals ? 1 : 0; attempt < 2; ++attempt) {
    b_ = Builder();
    stack_top_ = 0;
    scratch_top_ = 0;
    this_slots_.clear();
    this_strings_.clear();
    out_.records.resize(records_before);
    scratch_loaded_ = attempt == 1;
    exit_label_ = b_.NewLabel();
    try {
      for (const Variable& v : info_.clause_vars) {
        if (v.type->IsString())
          this_strings_[v.id] = AllocScratch(static_cast<uint32_t>(v.type->size));
        else
          this_slots_[v.id] = AllocSlot();
      }
      GenPrologue(clauses);
      scratch_clause_base_ = scratch_top_;
      for (const ClauseProbes& cp : clauses) GenClause(cp);
      b_.Bind(exit_label_);
      b_.MovImm(R0, 0);
      b_.Exit();
    } catch (const NeedScratch&) {
      if (attempt == 1) throw std::logic_error("scratch needed after loading it");
      continue;
    }
    ProgramDef def;
    def.name = name;
    def.prog_type = prog_type;
    def.attach = attach;
    def.insns = b_.Finish();
    return def;
  }
  throw std::logic_error("code generation did not converge");
}

}  // namespace dt
