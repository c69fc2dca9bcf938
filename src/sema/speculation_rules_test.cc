// DTrace's rules for speculative clauses (sema/speculation_rules.h), with
// its tags and messages, and the types of the speculation subroutine and
// actions.
#include "sema/speculation_rules.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "sema/analyzed_test_util.h"

namespace dt {
namespace {

std::unique_ptr<Analyzed> Analyze(const std::string& source) { return AnalyzeSource(source); }

// "[TAG] line N: message" of the error in `body` (a BEGIN clause after one
// that makes the speculation `s`), or "" when it compiles.
std::string Error(const std::string& body) {
  try {
    Analyze("BEGIN { s = speculation(); }\nBEGIN {\n" + body + "\n}");
  } catch (const CompileError& e) {
    return "[" + e.tag() + "] line " + std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

TEST(SpeculationRulesTest, WhatASpeculativeClauseMayHold) {
  EXPECT_EQ(Error("speculate(s); printf(\"%d\", 1); trace(2); stack(); discard(s);\n"
                  "x = 1; self->y[1] = 2;"),
            "");
  EXPECT_EQ(Error("speculate(s);"), "");         // the default action, speculatively
  EXPECT_EQ(Error("x = 1; speculate(s);"), "");  // assignments record nothing
  EXPECT_EQ(Error("discard(s); speculate(s);"), "");
  EXPECT_EQ(Error("commit(s); discard(s); x = 2;"), "");
  EXPECT_EQ(Error("if (s) { speculate(s); } printf(\"x\");"), "");
}

TEST(SpeculationRulesTest, DTraceTagsAndMessages) {
  EXPECT_EQ(Error("speculate(s);\n@a = count();"),
            "[D_AGG_SPEC] line 4: aggregating actions may not follow speculate( )");
  EXPECT_EQ(Error("speculate(s);\nsystem(\"true\");"),
            "[D_ACT_SPEC] line 4: destructive actions may not follow speculate( )");
  EXPECT_EQ(Error("speculate(s); raise(9);"),
            "[D_ACT_SPEC] line 3: destructive actions may not follow speculate( )");
  EXPECT_EQ(Error("speculate(s); exit(0);"),
            "[D_EXIT_SPEC] line 3: exit( ) may not follow speculate( )");
  EXPECT_EQ(Error("speculate(s); speculate(s);"),
            "[D_SPEC_SPEC] line 3: speculate( ) may not follow speculate( )");
  EXPECT_EQ(Error("trace(1); speculate(s);"),
            "[D_SPEC_DREC] line 3: speculate( ) may not follow data-recording action(s)");
  EXPECT_EQ(Error("@a = count(); speculate(s);"),
            "[D_SPEC_DREC] line 3: speculate( ) may not follow data-recording action(s)");
  EXPECT_EQ(Error("commit(s); speculate(s);"),
            "[D_SPEC_COMM] line 3: speculate( ) may not follow commit( )");
  EXPECT_EQ(Error("commit(s); commit(s);"),
            "[D_COMM_COMM] line 3: commit( ) may not follow commit( )");
  EXPECT_EQ(Error("printf(\"x\"); commit(s);"),
            "[D_COMM_DREC] line 3: commit( ) may not follow data-recording action(s)");
  EXPECT_EQ(Error("commit(s); trace(1);"),
            "[D_DREC_COMM] line 3: data-recording actions may not follow commit( )");
  EXPECT_EQ(Error("commit(s); exit(0);"),
            "[D_DREC_COMM] line 3: data-recording actions may not follow commit( )");
  EXPECT_EQ(Error("commit(s);\n@a = count();"),
            "[D_AGG_COMM] line 4: aggregating actions may not follow commit( )");
  // Inside if/else, in program order.
  EXPECT_EQ(Error("speculate(s);\nif (s) { exit(0); }"),
            "[D_EXIT_SPEC] line 4: exit( ) may not follow speculate( )");
}

TEST(SpeculationRulesTest, PrototypesAndTypes) {
  auto a = Analyze("BEGIN { s = speculation(); } BEGIN { speculate(s); }");
  EXPECT_TRUE(a->info.uses_speculations);
  EXPECT_EQ(a->info.globals.at(0).type, a->types.Int32());
  EXPECT_FALSE(a->info.clauses.at(0).speculative);  // speculation() alone does not speculate
  EXPECT_TRUE(a->info.clauses.at(1).speculative);
  EXPECT_FALSE(Analyze("BEGIN { x = 1; }")->info.uses_speculations);
  EXPECT_EQ(Error("speculate(\"a\");"),
            "[D_PROTO_ARG] line 3: speculate( ) argument #1 is incompatible with "
            "prototype:\n\tprototype: int\n\t argument: string");
  EXPECT_EQ(Error("x = speculation(1);").substr(0, 13), "[D_PROTO_LEN]");
  EXPECT_EQ(Error("x = commit(s);"),
            "[D_CG_EXPR] line 3: tracing function commit( ) may not be called from a D expression "
            "(D program context required)");
}

}  // namespace
}  // namespace dt
