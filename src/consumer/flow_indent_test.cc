#include "consumer/flow_indent.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace dt {
namespace {

// The 41-column FUNCTION field of a flow line, then the separating space.
std::string Line(int cpu, const std::string& text) {
  std::string cpu_text = std::to_string(cpu);
  return std::string(3 - cpu_text.size(), ' ') + cpu_text + " " + text +
         std::string(41 - text.size(), ' ') + " ";
}

// Probe ids are made up; each test gives its probes distinct ones.
FlowFiring Firing(int cpu, uint32_t probe_id, const std::string& provider,
                  const std::string& function, const std::string& name, uint32_t clause = 0) {
  return FlowFiring{cpu, EnabledClause{probe_id, clause}, provider, function, name};
}

// A run of records with one clause per probe: nothing before or after
// matters.
std::string Alone(FlowIndent& flow, const FlowFiring& firing) {
  return flow.Prefix(firing, std::nullopt, std::nullopt);
}

TEST(FlowIndent, EntryIndentsAndReturnLinesUpWithItsEntry) {
  FlowIndent flow;
  EXPECT_EQ(Alone(flow, Firing(0, 1, "pid1", "main", "entry")), Line(0, " -> main"));
  EXPECT_EQ(Alone(flow, Firing(0, 2, "pid1", "add", "entry")), Line(0, "   -> add"));
  EXPECT_EQ(Alone(flow, Firing(0, 3, "pid1", "add", "return")), Line(0, "   <- add"));
  EXPECT_EQ(Alone(flow, Firing(0, 4, "pid1", "main", "return")), Line(0, " <- main"));
}

TEST(FlowIndent, DepthIsPerCpu) {
  FlowIndent flow;
  Alone(flow, Firing(0, 1, "fbt", "a", "entry"));
  Alone(flow, Firing(0, 2, "fbt", "b", "entry"));
  EXPECT_EQ(Alone(flow, Firing(1, 3, "fbt", "c", "entry")), Line(1, " -> c"));
  EXPECT_EQ(Alone(flow, Firing(0, 4, "fbt", "b", "return")), Line(0, "   <- b"));
  EXPECT_EQ(Alone(flow, Firing(1, 5, "fbt", "c", "return")), Line(1, " <- c"));
}

TEST(FlowIndent, SyscallArrows) {
  FlowIndent flow;
  EXPECT_EQ(Alone(flow, Firing(2, 1, "syscall", "ioctl", "entry")), Line(2, " => ioctl"));
  EXPECT_EQ(Alone(flow, Firing(2, 2, "syscall", "ioctl", "return")), Line(2, " <= ioctl"));
}

// Neither entry nor return: "| func:name" at the current depth, with no
// leading space (the arrows have one), and the depth unchanged.
TEST(FlowIndent, OtherProbesPrintFunctionAndNameAtTheCurrentDepth) {
  FlowIndent flow;
  EXPECT_EQ(Alone(flow, Firing(0, 1, "dtrace", "", "BEGIN")), Line(0, "| :BEGIN"));
  Alone(flow, Firing(0, 2, "syscall", "ioctl", "entry"));
  EXPECT_EQ(Alone(flow, Firing(0, 3, "profile", "", "tick-1s")), Line(0, "  | :tick-1s"));
  EXPECT_EQ(Alone(flow, Firing(0, 4, "sdt", "tcp_input", "receive")),
            Line(0, "  | tcp_input:receive"));
  EXPECT_EQ(Alone(flow, Firing(0, 5, "syscall", "ioctl", "return")), Line(0, " <= ioctl"));
}

TEST(FlowIndent, NamesEndingInDashEntryOrDashReturnAreFlowProbes) {
  EXPECT_EQ(FlowKindOfName("entry"), FlowKind::kEntry);
  EXPECT_EQ(FlowKindOfName("function-entry"), FlowKind::kEntry);
  EXPECT_EQ(FlowKindOfName("return"), FlowKind::kReturn);
  EXPECT_EQ(FlowKindOfName("method-return"), FlowKind::kReturn);
  EXPECT_EQ(FlowKindOfName("gentry"), FlowKind::kNone);
  EXPECT_EQ(FlowKindOfName("Coventry"), FlowKind::kNone);
  EXPECT_EQ(FlowKindOfName("-entry"), FlowKind::kEntry);
  EXPECT_EQ(FlowKindOfName("entry-1"), FlowKind::kNone);
  EXPECT_EQ(FlowKindOfName("nonreturn"), FlowKind::kNone);
  EXPECT_EQ(FlowKindOfName(""), FlowKind::kNone);

  FlowIndent flow;
  EXPECT_EQ(Alone(flow, Firing(0, 1, "python9", "PyEval", "function-entry")),
            Line(0, " -> PyEval"));
  EXPECT_EQ(Alone(flow, Firing(0, 2, "python9", "PyEval", "function-return")),
            Line(0, " <- PyEval"));
}

TEST(FlowIndent, UnmatchedReturnsNeverGoBelowTheLeftEdge) {
  FlowIndent flow;
  EXPECT_EQ(Alone(flow, Firing(0, 1, "pid1", "f", "return")), Line(0, " <- f"));
  EXPECT_EQ(Alone(flow, Firing(0, 2, "pid1", "g", "return")), Line(0, " <- g"));
  EXPECT_EQ(Alone(flow, Firing(0, 3, "pid1", "h", "entry")), Line(0, " -> h"));
  EXPECT_EQ(Alone(flow, Firing(0, 4, "pid1", "h", "return")), Line(0, " <- h"));
}

// A recursive call fires the same clause of the same probe twice in a row:
// both are entries.
TEST(FlowIndent, TheSameClauseTwiceInARowIndentsTwice) {
  FlowIndent flow;
  const FlowFiring entry = Firing(0, 7, "pid1", "fact", "entry");
  EXPECT_EQ(flow.Prefix(entry, std::nullopt, std::nullopt), Line(0, " -> fact"));
  EXPECT_EQ(flow.Prefix(entry, entry.enabled, std::nullopt), Line(0, "   -> fact"));
}

// Two clauses on one entry and on one return: the first entry line indents,
// the second is a "|" line at the new depth; the first return line is a "|"
// line, the last unindents. Depth comes back to where it started.
TEST(FlowIndent, SeveralClausesOfOneProbeIndentOnce) {
  FlowIndent flow;
  const FlowFiring entry0 = Firing(0, 10, "pid1", "execute", "entry", 0);
  const FlowFiring entry2 = Firing(0, 10, "pid1", "execute", "entry", 2);
  const FlowFiring ret1 = Firing(0, 11, "pid1", "execute", "return", 1);
  const FlowFiring ret2 = Firing(0, 11, "pid1", "execute", "return", 2);
  EXPECT_EQ(flow.Prefix(entry0, std::nullopt, entry2.enabled), Line(0, " -> execute"));
  EXPECT_EQ(flow.Prefix(entry2, entry0.enabled, ret1.enabled), Line(0, "  | execute:entry"));
  EXPECT_EQ(flow.Prefix(ret1, entry2.enabled, ret2.enabled), Line(0, "  | execute:return"));
  EXPECT_EQ(flow.Prefix(ret2, ret1.enabled, std::nullopt), Line(0, " <- execute"));
  EXPECT_EQ(Alone(flow, Firing(0, 12, "pid1", "next", "entry")), Line(0, " -> next"));
}

// The clause after a return is known only when the next record has been
// read; when it is not known, the return unindents.
TEST(FlowIndent, AReturnWithNothingKnownAfterItUnindents) {
  FlowIndent flow;
  Alone(flow, Firing(0, 20, "pid1", "f", "entry"));
  EXPECT_EQ(flow.Prefix(Firing(0, 21, "pid1", "f", "return", 0), std::nullopt, std::nullopt),
            Line(0, " <- f"));
}

// Records of other probes, or of the same clause, around a flow record do
// not change it.
TEST(FlowIndent, NeighboursOfOtherProbesDoNotMatter) {
  FlowIndent flow;
  const EnabledClause other{99, 0};
  EXPECT_EQ(flow.Prefix(Firing(0, 30, "pid1", "f", "entry"), other, other), Line(0, " -> f"));
  const FlowFiring ret = Firing(0, 31, "pid1", "f", "return");
  EXPECT_EQ(flow.Prefix(ret, other, ret.enabled), Line(0, " <- f"));
}

}  // namespace
}  // namespace dt
