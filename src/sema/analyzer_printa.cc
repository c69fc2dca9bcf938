// printa() of several aggregations: DTrace requires their keys to match in
// number (D_PRINTA_AGGKEY) and, key by key, in kind (D_PRINTA_AGGPROTO), since
// one line shows the keys once for all of them.
#include <cstdio>
#include <string>

#include "common/diagnostic.h"
#include "sema/analyzer.h"
#include "sema/resolved.h"

namespace dt {

void Analyzer::CheckPrintaKeys(const ast::Expr& e, size_t first) {
  const Aggregation& l = info_.aggregations.at(ResolutionOf(*e.args[first]).id);
  for (size_t i = first + 1; i < e.args.size(); ++i) {
    const Aggregation& r = info_.aggregations.at(ResolutionOf(*e.args[i]).id);
    size_t ln = l.key_types.size(), rn = r.key_types.size();
    if (ln != rn) {
      throw CompileError("D_PRINTA_AGGKEY", e.line,
                         "printa( ): @" + l.name + " and @" + r.name +
                             " do not have matching key signatures: @" + l.name + " has " +
                             std::to_string(ln) + (ln == 1 ? " key" : " keys") + ", @" + r.name +
                             " has " + std::to_string(rn) + (rn == 1 ? " key" : " keys"));
    }
    for (size_t k = 0; k < ln; ++k) {
      const Type* a = l.key_types[k];
      const Type* b = r.key_types[k];
      if (a->IsString() == b->IsString() && a->IsStack() == b->IsStack()) continue;
      char lname[16], rname[16];
      snprintf(lname, sizeof(lname), "%9s", l.name.c_str());
      snprintf(rname, sizeof(rname), "%9s", r.name.c_str());
      std::string n = std::to_string(k + 1);
      throw CompileError("D_PRINTA_AGGPROTO", e.line,
                         "printa( ): @" + r.name + "[ ] key #" + n + " is incompatible with @" +
                             l.name + ":\n" + lname + " key #" + n + ": " + TypeSpelling(a) + "\n" +
                             rname + " key #" + n + ": " + TypeSpelling(b));
    }
  }
}

}  // namespace dt
