// What -x dynvarsize and -x bufpolicy=fill change in the generated maps:
// the entries of dynamic variable maps, the fill counter and END's reserve.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "codegen/codegen.h"
#include "codegen/compiled_test_util.h"
#include "format/record.h"

namespace dt {
namespace {

const MapDef* FindMap(const CompiledProgram& p, const std::string& name) {
  for (const MapDef& m : p.maps)
    if (m.name == name) return &m;
  return nullptr;
}

TEST(BufferOptionsTest, DynamicVariableEntriesDivideDynvarsizeByTheEntry) {
  EXPECT_EQ(DynamicVariableEntries(1 << 20, 8, 8), 65536u);  // the default
  EXPECT_EQ(DynamicVariableEntries(160, 8, 8), 10u);
  EXPECT_EQ(DynamicVariableEntries(1 << 20, 256, 8), 3971u);
  EXPECT_EQ(DynamicVariableEntries(1, 8, 8), 1u);  // never none
  EXPECT_EQ(DynamicVariableEntries(uint64_t{1} << 40, 8, 8), 1u << 22);
}

TEST(BufferOptionsTest, DynvarsizeSizesAssociativeArraysAndThreadLocals) {
  CodegenOptions options;
  options.dynvar_bytes = 1600;
  auto c = Compile("BEGIN { a[1] = 2; self->x = 3; }", options);
  const MapDef* a = FindMap(c->out, "assoc_a");
  const MapDef* x = FindMap(c->out, "self_x");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(a->max_entries, 100u);
  EXPECT_EQ(x->max_entries, 100u);
}

TEST(BufferOptionsTest, TheDropsMapEndsWithTheDynamicDropCounter) {
  auto c = Compile("BEGIN { a[1] = 2; }", CodegenOptions{});
  ASSERT_GE(c->out.drops_map, 0);
  EXPECT_EQ(c->out.maps[c->out.drops_map].value_size, kDropWords * 8);
  EXPECT_EQ(kDropDynamicWord, kDropKinds * kMaxDropCpus);
}

TEST(BufferOptionsTest, FillCountsFromTheSpaceEndsRecordsNeed) {
  CodegenOptions options;
  options.fill_limit = 4096;
  auto c = Compile("BEGIN { trace(1); } END { printf(\"%d %d\\n\", 1, 2); }", options);
  const MapDef* fill = FindMap(c->out, "dtrace_fill");
  ASSERT_NE(fill, nullptr);
  // END's one record: the header and two 8-byte arguments.
  EXPECT_EQ(c->out.fill_end_reserve, sizeof(RecordHeader) + 16);
  ASSERT_EQ(fill->initial_value.size(), 8u);
  uint64_t start = 0;
  memcpy(&start, fill->initial_value.data(), 8);
  EXPECT_EQ(start, c->out.fill_end_reserve);
}

TEST(BufferOptionsTest, SwitchAndRingHaveNoFillCounter) {
  auto c = Compile("BEGIN { trace(1); } END { trace(2); }", CodegenOptions{});
  EXPECT_EQ(FindMap(c->out, "dtrace_fill"), nullptr);
  EXPECT_EQ(c->out.fill_end_reserve, 0u);
}

}  // namespace
}  // namespace dt
