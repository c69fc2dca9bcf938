// alloca(), bcopy(), copyinto(), stores through scratch pointers and a
// string compared with NULL (analyzer_scratch.cc): which programs compile,
// with DTrace's prototypes and messages.
#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

std::string Error(const std::string& source) {
  try {
    AnalyzeSource(source);
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

TEST(AnalyzerScratchTest, AllocaAndCopyinGiveScratchPointers) {
  for (const char* call : {"alloca(8)", "copyin(arg0, 8)"}) {
    SCOPED_TRACE(call);
    auto a = AnalyzeSource(std::string("BEGIN { x = ") + call + "; }");
    const Type* t = a->info.globals[0].type;
    ASSERT_TRUE(t->IsPointer());
    EXPECT_TRUE(t->target->IsVoid());
    EXPECT_EQ(t->addr_space, AddrSpace::kScratch);
  }
}

TEST(AnalyzerScratchTest, CastsAndArithmeticKeepTheScratchSpace) {
  auto a = AnalyzeSource("BEGIN { p = (char *)alloca(8); q = p + 1; r = (long *)q; }");
  for (const Variable& v : a->info.globals) {
    SCOPED_TRACE(v.name);
    EXPECT_TRUE(v.type->IsPointer());
    EXPECT_EQ(v.type->addr_space, AddrSpace::kScratch);
  }
  // Through an integer the pointer is a number like any other.
  auto b = AnalyzeSource("BEGIN { n = (uintptr_t)alloca(8); p = (char *)n; }");
  EXPECT_EQ(b->info.globals[1].type->addr_space, AddrSpace::kKernel);
}

TEST(AnalyzerScratchTest, StoresThroughScratchPointersCompile) {
  for (const char* body : {
           "p = (char *)alloca(8); p[7] = 0;",
           "p = (long *)alloca(8); *p = 1;",
           "p = (long *)alloca(16); p[1] += 2;",
           "p = (int *)copyin(arg0, 8); p[1]++;",
           "this->p = (char *)alloca(8); this->p[0] = 'a';",
           "self->p = (char *)alloca(8); *(self->p + 1) = 'b';",
       }) {
    SCOPED_TRACE(body);
    EXPECT_EQ(Error(std::string("BEGIN { ") + body + " }"), "");
  }
}

TEST(AnalyzerScratchTest, StoresToOtherMemoryAreRefused) {
  EXPECT_EQ(Error("BEGIN { p = (char *)arg0; p[0] = 1; }"),
            "[D_OP_LVAL] line 1: kernel memory cannot be modified");
  EXPECT_EQ(Error("BEGIN { *(int *)arg0 = 1; }"),
            "[D_OP_LVAL] line 1: kernel memory cannot be modified");
  EXPECT_EQ(Error("BEGIN { p = (char *)(uintptr_t)alloca(8); *p = 1; }"),
            "[D_OP_LVAL] line 1: kernel memory cannot be modified");
}

TEST(AnalyzerScratchTest, ValuesStoredThereAreScalars) {
  EXPECT_EQ(Error("BEGIN { p = (char *)alloca(8); p[0] = \"a\"; }"),
            "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"char\" = \"string\"");
  EXPECT_EQ(Error("BEGIN { p = alloca(8); *p = 1; }"),
            "[D_DEREF_VOID] line 1: cannot dereference pointer to void");
}

TEST(AnalyzerScratchTest, PrototypesAreDTraces) {
  EXPECT_EQ(Error("BEGIN { alloca(); }"),
            "[D_PROTO_LEN] line 1: alloca( ) prototype mismatch: 0 args passed, 1 expected");
  EXPECT_EQ(Error("BEGIN { bcopy(0, 0); }"),
            "[D_PROTO_LEN] line 1: bcopy( ) prototype mismatch: 2 args passed, 3 expected");
  EXPECT_EQ(Error("BEGIN { copyinto(0, 1, 2, 3); }"),
            "[D_PROTO_LEN] line 1: copyinto( ) prototype mismatch: 4 args passed, 3 expected");
  EXPECT_EQ(Error("BEGIN { alloca(\"a\"); }"),
            "[D_PROTO_ARG] line 1: alloca( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: size_t\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { bcopy(\"a\", alloca(1), 1); }"),
            "[D_PROTO_ARG] line 1: bcopy( ) argument #1 is incompatible with prototype:\n"
            "\tprototype: void *\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { copyinto(0, 1, \"a\"); }"),
            "[D_PROTO_ARG] line 1: copyinto( ) argument #3 is incompatible with prototype:\n"
            "\tprototype: void *\n\t argument: string");
  EXPECT_EQ(Error("BEGIN { x = bcopy(0, alloca(1), 1); }"),
            "[D_OP_VOID] line 1: operator = requires an operand of non-void type");
}

TEST(AnalyzerScratchTest, AStringComparesWithNullAsFound) {
  auto a = AnalyzeSource("BEGIN { x = strstr(\"ab\", \"b\") != 0; y = (void *)0 == \"a\"; }");
  EXPECT_TRUE(a->info.globals[0].type->IsInteger());
  // Any other integer is still not a string.
  EXPECT_EQ(Error("BEGIN { x = \"a\" == 1; }"),
            "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"string\" == \"int\"");
}

}  // namespace
}  // namespace dt
