// Option amin over a program's clauses (sema/stability_check.h says what
// is checked and in which order); here, what only the analyzer knows: the
// probes each description matches, which type names D defines, which
// names are a D enum's and which calls were expanded in place.
#include "common/diagnostic.h"
#include "sema/analyzer.h"

namespace dt {

void Analyzer::CheckStability(size_t first_clause) {
  StabilityNames names;
  names.is_d_type = [this](const std::string& name) { return types_.Defines(name); };
  names.is_enumerator = [this](const std::string& name) {
    return enum_constants_.count(name) != 0;
  };
  names.expanded = &expanded_calls_;
  const Attributes& minimum = *attribute_minimum_;
  // DTrace's parser checks type names as it reads them, before any clause
  // is checked.
  for (size_t i = first_clause; i < info_.clauses.size(); ++i)
    CheckTypeNameStability(*info_.clauses[i].clause, minimum, names);
  // Then each clause is checked once per description, with its context.
  for (size_t i = first_clause; i < info_.clauses.size(); ++i) {
    const ast::Clause& clause = *info_.clauses[i].clause;
    for (const ast::ProbeSpec& spec : clause.probes) {
      std::vector<const Probe*> matched;
      try {
        matched = probes_.Match(spec.text);
      } catch (const CompileError&) {
        // Matching succeeded when the clause was checked; a description
        // that cannot be matched now has no probes to describe it.
      }
      DescriptionStability description = DescribeStability(SplitProbeSpec(spec.text), matched);
      CheckClauseStability(clause, description, minimum, names);
    }
  }
}

}  // namespace dt
