#include "cli/verifier_cost.h"

#include <algorithm>

#include "bpf/insn.h"

namespace dt {

namespace {

// Where statement `i` of def.statement_spans ends: the next statement of
// its clause, the next clause, or the end of the program.
size_t StatementEnd(const ProgramDef& def, size_t i, size_t program_size) {
  const CodeSpan& s = def.statement_spans[i];
  size_t end = program_size;
  if (i + 1 < def.statement_spans.size()) end = def.statement_spans[i + 1].first_insn;
  for (const CodeSpan& c : def.clause_spans)
    if (c.first_insn > s.first_insn) end = std::min<size_t>(end, c.first_insn);
  return end;
}

std::string Count(std::optional<uint32_t> n) {
  return n ? std::to_string(*n) : "more than 1000000";
}

}  // namespace

std::vector<bpf_insn> ProgramPrefix(const std::vector<bpf_insn>& insns, size_t cut) {
  if (cut >= insns.size()) return insns;
  std::vector<bpf_insn> out(insns.begin(), insns.begin() + static_cast<long>(cut));
  for (size_t i = 0; i < out.size(); ++i) {
    if (bpf::IsLoadImm64(out[i])) {
      ++i;
      continue;
    }
    if (!bpf::IsJumpWithOffset(out[i])) continue;
    long target = static_cast<long>(i) + 1 + out[i].off;
    if (target > static_cast<long>(cut)) out[i].off = static_cast<int16_t>(cut - i - 1);
  }
  out.push_back(bpf::encode::MovImm(bpf::R0, 0));
  out.push_back(bpf::encode::Exit());
  return out;
}

std::vector<bpf_insn> WithoutCode(const std::vector<bpf_insn>& insns, size_t begin, size_t end) {
  std::vector<bpf_insn> out = insns;
  for (size_t i = begin; i < end && i < out.size(); ++i) out[i] = bpf::encode::Nop();
  return out;
}

std::string ExplainVerifierCost(const ProgramDef& def, const std::vector<bpf_insn>& insns,
                                const VerifierMeter& meter) {
  const std::vector<CodeSpan>& spans = def.statement_spans;
  if (spans.empty()) return "";
  auto prefix_cost = [&](size_t i, bool* too_complex) {
    return meter(ProgramPrefix(insns, StatementEnd(def, i, insns.size())), too_complex);
  };
  // The first statement whose prefix the verifier gives up on; the cost
  // only grows with the prefix, so a binary search finds it.
  size_t lo = 0, hi = spans.size();  // the answer is in [lo, hi); hi: none
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    bool too_complex = false;
    std::optional<uint32_t> cost = prefix_cost(mid, &too_complex);
    if (!cost && !too_complex) return "";  // refused for another reason
    if (cost)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo >= spans.size()) return "";
  const CodeSpan& culprit = spans[lo];
  bool too_complex = false;
  std::optional<uint32_t> before;
  if (lo > 0) before = prefix_cost(lo - 1, &too_complex);

  // The statement alone: the prologue and its clause's start kept, every
  // statement before it (of any clause) replaced by no-ops.
  size_t clause_start = 0, first_statement = culprit.first_insn;
  for (const CodeSpan& c : def.clause_spans)
    if (c.clause == culprit.clause) clause_start = c.first_insn;
  for (const CodeSpan& s : spans) {
    if (s.clause == culprit.clause) {
      first_statement = s.first_insn;
      break;
    }
  }
  size_t prologue_end = def.clause_spans.empty() ? 0 : def.clause_spans.front().first_insn;
  std::vector<bpf_insn> alone = WithoutCode(insns, prologue_end, clause_start);
  alone = WithoutCode(alone, first_statement, culprit.first_insn);
  size_t nops = (clause_start - prologue_end) + (culprit.first_insn - first_statement);
  std::optional<uint32_t> alone_cost =
      meter(ProgramPrefix(alone, StatementEnd(def, lo, insns.size())), &too_complex);
  if (alone_cost) *alone_cost = *alone_cost > nops ? *alone_cost - static_cast<uint32_t>(nops) : 0;

  std::string text = "the verifier gives up on " + def.name + " at line " +
                     std::to_string(culprit.line) + ", statement " +
                     std::to_string(culprit.statement) + " of its clause (" + culprit.construct +
                     "): ";
  if (lo > 0) {
    text += "the statements before it take " + Count(before) + " instructions to verify, with it " +
            Count(std::nullopt);
  } else {
    text += "it takes " + Count(std::nullopt) + " instructions to verify";
  }
  if (!alone_cost) {
    text += "; it is too complex even alone";
  } else if (lo > 0) {
    text += "; alone it takes " + std::to_string(*alone_cost) +
            ", so the paths the statements before it leave (values its branches depend on) "
            "multiply its cost";
  }
  return text;
}

}  // namespace dt
