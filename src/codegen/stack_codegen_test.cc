// Record and key layouts of stack(), func()/sym(), mod(); how the programs
// fetch kernel stacks.
#include <gtest/gtest.h>

#include <string>

#include "bpf/disasm.h"
#include "codegen/codegen.h"
#include "codegen/compiled_test_util.h"
#include "codegen/function_gen.h"

namespace dt {
namespace {

std::string Disassembly(const CompiledProgram& p) {
  std::string text;
  for (const ProgramDef& def : p.programs) text += DisassembleBpf(def.insns);
  return text;
}

// The disassembly of the few instructions before the first bpf_get_stack call.
std::string BeforeGetStack(const CompiledProgram& p) {
  std::string text = Disassembly(p);
  size_t call = text.find("call bpf_get_stack#");
  if (call == std::string::npos) return "";
  size_t from = call;
  for (int lines = 0; lines < 5 && from > 0; ++lines) from = text.rfind('\n', from - 1);
  return text.substr(from, call - from);
}

TEST(StackCodegenTest, DescribeFieldSaysHowTheConsumerDecodes) {
  TypeTable types;
  FieldDesc stack = DescribeField(types.Stack(5), 16);
  EXPECT_EQ(stack.kind, FieldKind::kStack);
  EXPECT_EQ(stack.offset, 16u);
  EXPECT_EQ(stack.size, (5 + kStackTracingFrames) * 8);
  EXPECT_EQ(stack.stack_depth, 5u);
  EXPECT_FALSE(stack.is_string);
  FieldDesc sym = DescribeField(types.SymbolAddress(Type::Symbolic::kSymbol), 0);
  EXPECT_EQ(sym.kind, FieldKind::kSymbol);
  EXPECT_EQ(sym.size, 8u);
  EXPECT_FALSE(sym.is_signed);
  EXPECT_EQ(DescribeField(types.SymbolAddress(Type::Symbolic::kModule), 0).kind,
            FieldKind::kModule);
  EXPECT_EQ(DescribeField(types.Uint64(), 0).kind, FieldKind::kInt);
  FieldDesc str = DescribeField(types.String(32), 0);
  EXPECT_EQ(str.kind, FieldKind::kString);
  EXPECT_TRUE(str.is_string);
  EXPECT_EQ(StoredSize(types.String(32)), 32u);
  EXPECT_EQ(StoredSize(types.Int32()), 8u);
}

TEST(StackCodegenTest, RecordsOfStackAndSymbolActions) {
  auto c = Compile("BEGIN { stack(5); trace(func(arg0)); mod(arg1); printf(\"%a\", sym(arg0)); }");
  ASSERT_EQ(c->out.records.size(), 1u);
  const RecordDesc& r = c->out.records[0];
  ASSERT_EQ(r.actions.size(), 4u);
  const FieldDesc& stack = r.actions[0].fields.at(0);
  EXPECT_EQ(stack.kind, FieldKind::kStack);
  EXPECT_EQ(stack.offset, sizeof(RecordHeader));
  EXPECT_EQ(stack.size, 72u);
  EXPECT_TRUE(stack.drop_tracing_frames);  // BEGIN runs as a raw tracepoint program
  EXPECT_EQ(r.actions[1].fields.at(0).kind, FieldKind::kSymbol);
  EXPECT_EQ(r.actions[1].fields.at(0).offset, sizeof(RecordHeader) + 72);
  EXPECT_EQ(r.actions[2].kind, ActionKind::kTrace);
  EXPECT_EQ(r.actions[2].fields.at(0).kind, FieldKind::kModule);
  // printf() arguments are plain integers, as in DTrace.
  EXPECT_EQ(r.actions[3].fields.at(0).kind, FieldKind::kInt);
  EXPECT_EQ(r.size, sizeof(RecordHeader) + 72 + 8 + 8 + 8);
  EXPECT_TRUE(c->out.uses_kernel_symbols);
  // The whole record is fetched, without the program's own frame.
  EXPECT_NE(BeforeGetStack(c->out).find("r3 = 72\n"), std::string::npos) << Disassembly(c->out);
  EXPECT_NE(BeforeGetStack(c->out).find("r4 = 1\n"), std::string::npos);
}

TEST(StackCodegenTest, ProgramsWithoutSymbolsDoNotAskForThem) {
  EXPECT_FALSE(Compile("BEGIN { trace(arg0); printf(\"%d %s\", 1, \"x\"); exit(0); }")
                   ->out.uses_kernel_symbols);
  EXPECT_TRUE(Compile("BEGIN { printf(\"%a\", arg0); }")->out.uses_kernel_symbols);
  EXPECT_TRUE(Compile("BEGIN { @[mod(arg0)] = count(); }")->out.uses_kernel_symbols);
}

TEST(StackCodegenTest, ProfileStackKeysFetchOnlyTheirFrames) {
  auto c = Compile("profile-997hz { @[stack(3), func(arg0)] = count(); }");
  ASSERT_EQ(c->out.aggregations.size(), 1u);
  const AggregationDef& def = c->out.aggregations[0];
  ASSERT_EQ(def.key_fields.size(), 2u);
  EXPECT_EQ(def.key_fields[0].kind, FieldKind::kStack);
  EXPECT_EQ(def.key_fields[0].stack_depth, 3u);
  EXPECT_EQ(def.key_fields[0].size, (3 + kStackTracingFrames) * 8);
  EXPECT_FALSE(def.key_fields[0].drop_tracing_frames);  // a perf event stack
  EXPECT_EQ(def.key_fields[1].kind, FieldKind::kSymbol);
  EXPECT_EQ(def.key_fields[1].offset, def.key_fields[0].size);
  EXPECT_EQ(def.key_size, def.key_fields[0].size + 8);
  // Three frames from the interrupted PC on; the spare words stay zero.
  std::string before = BeforeGetStack(c->out);
  EXPECT_NE(before.find("r3 = 24\n"), std::string::npos) << Disassembly(c->out);
  EXPECT_NE(before.find("r4 = 0\n"), std::string::npos);
}

TEST(StackCodegenTest, DeepStackKeysAreBuiltOutsideTheBpfStack) {
  auto c = Compile("BEGIN { @[stack(100)] = count(); }");
  EXPECT_EQ(c->out.aggregations.at(0).key_size, (100 + kStackTracingFrames) * 8);
  EXPECT_EQ(c->out.maps.at(c->out.aggregations[0].map).key_size, 832u);
}

TEST(StackCodegenTest, CallerAndStackdepthAskTheKernelForTheStack) {
  std::string text = Disassembly(Compile("BEGIN { trace(caller); trace(stackdepth); }")->out);
  size_t first = text.find("call bpf_get_stack#");
  ASSERT_NE(first, std::string::npos);
  EXPECT_NE(text.find("call bpf_get_stack#", first + 1), std::string::npos);
}

}  // namespace
}  // namespace dt
