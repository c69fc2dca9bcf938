#include "consumer/flow_indent.h"

#include <gtest/gtest.h>

#include <string>

namespace dt {
namespace {

// The 41-column FUNCTION field of a flow line, then the separating space.
std::string Line(int cpu, const std::string& text) {
  std::string cpu_text = std::to_string(cpu);
  return std::string(3 - cpu_text.size(), ' ') + cpu_text + " " + text +
         std::string(41 - text.size(), ' ') + " ";
}

TEST(FlowIndent, EntryIndentsAndReturnLinesUpWithItsEntry) {
  FlowIndent flow;
  EXPECT_EQ(flow.Prefix(0, "pid1", "main", "entry"), Line(0, " -> main"));
  EXPECT_EQ(flow.Prefix(0, "pid1", "add", "entry"), Line(0, "   -> add"));
  EXPECT_EQ(flow.Prefix(0, "pid1", "add", "return"), Line(0, "   <- add"));
  EXPECT_EQ(flow.Prefix(0, "pid1", "main", "return"), Line(0, " <- main"));
}

TEST(FlowIndent, DepthIsPerCpu) {
  FlowIndent flow;
  flow.Prefix(0, "fbt", "a", "entry");
  flow.Prefix(0, "fbt", "b", "entry");
  EXPECT_EQ(flow.Prefix(1, "fbt", "c", "entry"), Line(1, " -> c"));
  EXPECT_EQ(flow.Prefix(0, "fbt", "b", "return"), Line(0, "   <- b"));
  EXPECT_EQ(flow.Prefix(1, "fbt", "c", "return"), Line(1, " <- c"));
}

TEST(FlowIndent, SyscallArrowsAndOtherProbes) {
  FlowIndent flow;
  EXPECT_EQ(flow.Prefix(2, "syscall", "ioctl", "entry"), Line(2, " => ioctl"));
  EXPECT_EQ(flow.Prefix(2, "profile", "", "tick-1s"), Line(2, "  | :tick-1s"));
  EXPECT_EQ(flow.Prefix(2, "syscall", "ioctl", "return"), Line(2, " <= ioctl"));
}

TEST(FlowIndent, UnmatchedReturnStaysAtTheLeftEdge) {
  FlowIndent flow;
  EXPECT_EQ(flow.Prefix(0, "pid1", "f", "return"), Line(0, " <- f"));
  EXPECT_EQ(flow.Prefix(0, "pid1", "g", "entry"), Line(0, " -> g"));
}

}  // namespace
}  // namespace dt
