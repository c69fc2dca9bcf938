// Record layouts of clauses: where each action's fields lie and how the
// consumer learns which actions of an if/else ran.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "bpf/disasm.h"
#include "codegen/codegen.h"
#include "codegen/compiled_test_util.h"

namespace dt {
namespace {

TEST(RecordLayoutTest, UnconditionalActionsNeedNoRanBytes) {
  auto c = Compile("BEGIN { trace(1); printf(\"%d\\n\", 2); exit(0); }");
  ASSERT_EQ(c->out.records.size(), 1u);
  const RecordDesc& r = c->out.records[0];
  ASSERT_EQ(r.actions.size(), 3u);
  for (const ActionDesc& a : r.actions) EXPECT_EQ(a.ran_flag, 0u);
  // The first field follows the header directly.
  EXPECT_EQ(r.actions[0].fields[0].offset, sizeof(RecordHeader));
  EXPECT_EQ(r.size, sizeof(RecordHeader) + 3 * 8);
}

TEST(RecordLayoutTest, EachActionInABranchHasItsOwnRanByte) {
  auto c = Compile(
      "BEGIN { @ = count(); trace(1); if (arg0) { printf(\"a\"); if (arg1) trace(2); } "
      "else { exit(1); clear(@); } raise(9); }");
  ASSERT_EQ(c->out.records.size(), 1u);
  const RecordDesc& r = c->out.records[0];
  // trace(1), printf, trace(2), exit, clear: raise() and the aggregation
  // act in the kernel and send nothing.
  ASSERT_EQ(r.actions.size(), 5u);
  EXPECT_EQ(r.actions[0].ran_flag, 0u);
  constexpr uint32_t kFlags = sizeof(RecordHeader);
  EXPECT_EQ(r.actions[1].ran_flag, kFlags + 0);
  EXPECT_EQ(r.actions[2].ran_flag, kFlags + 1);
  EXPECT_EQ(r.actions[3].ran_flag, kFlags + 2);
  EXPECT_EQ(r.actions[4].ran_flag, kFlags + 3);
  // Four bytes of flags padded to a word, then the fields.
  EXPECT_EQ(r.actions[0].fields[0].offset, kFlags + 8);
  EXPECT_EQ(r.size, kFlags + 8 + 3 * 8);
}

TEST(RecordLayoutTest, RanBytesAreClearedBeforeTheBodyAndSetByTheirAction) {
  auto c = Compile("BEGIN { if (arg0) trace(1); else trace(2); }");
  std::string text;
  for (const ProgramDef& def : c->out.programs) text += DisassembleBpf(def.insns);
  // The flag word after the header is zeroed, and each branch sets its byte.
  EXPECT_NE(text.find("*(u64 *)(r7 + 16) = 0"), std::string::npos) << text;
  EXPECT_NE(text.find("*(u8 *)(r7 + 16) = 1"), std::string::npos) << text;
  EXPECT_NE(text.find("*(u8 *)(r7 + 17) = 1"), std::string::npos) << text;
}

TEST(RecordLayoutTest, NineConditionalActionsTakeTwoWordsOfFlags) {
  std::string body;
  for (int i = 0; i < 9; ++i) body += "trace(" + std::to_string(i) + ");";
  auto c = Compile("BEGIN { if (arg0) { " + body + " } }");
  const RecordDesc& r = c->out.records.at(0);
  ASSERT_EQ(r.actions.size(), 9u);
  EXPECT_EQ(r.actions[8].ran_flag, sizeof(RecordHeader) + 8);
  EXPECT_EQ(r.actions[0].fields[0].offset, sizeof(RecordHeader) + 16);
}

}  // namespace
}  // namespace dt
