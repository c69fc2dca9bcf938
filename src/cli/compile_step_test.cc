#include "cli/compile_step.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace dt {
namespace {

using Kind = ProgramSource::Kind;

// The dtrace and profile providers only: no tracefs, the same on any host.
ProbeRegistry Registry() { return ProbeRegistry(KernelEventList{}); }

std::string WriteScript(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

Options WithSource(Kind kind, const std::string& text) {
  Options opts;
  opts.sources.push_back({kind, text});
  return opts;
}

OrDtraceError<CompiledRun> Compile(const Options& opts, RunSettings settings = {}) {
  ProbeRegistry registry = Registry();
  return CompileSources(opts, settings, registry, CompileContext{"dtrace", 0, {}});
}

std::string ErrorOf(const OrDtraceError<CompiledRun>& result) {
  if (const DtraceError* e = std::get_if<DtraceError>(&result)) return e->message;
  return "(compiled)";
}

TEST(CompileStepTest, CompilesWithoutRunningAndCountsEachSourcesProbes) {
  Options opts = WithSource(Kind::kProbeDesc, "BEGIN { trace(1); }");
  opts.sources.push_back({Kind::kProvider, "dtrace { exit(0); }"});
  OrDtraceError<CompiledRun> result = Compile(opts);
  ASSERT_TRUE(std::holds_alternative<CompiledRun>(result)) << ErrorOf(result);
  const CompiledRun& run = std::get<CompiledRun>(result);
  EXPECT_FALSE(run.program.programs.empty());
  EXPECT_EQ(run.matches, (std::vector<SourceMatches>{{"description 'BEGIN '", 1},
                                                     {"description 'dtrace '", 3}}));
  EXPECT_FALSE(run.destructive);
  EXPECT_FALSE(run.settings.quiet);
}

TEST(CompileStepTest, PragmaOptionsChangeTheSettingsTheRunGets) {
  std::string path = WriteScript("pragmas.d",
                                 "#pragma D option quiet\n"
                                 "#pragma D option bufsize=8m\n"
                                 "BEGIN { exit(0); }\n");
  OrDtraceError<CompiledRun> result = Compile(WithSource(Kind::kScript, path));
  ASSERT_TRUE(std::holds_alternative<CompiledRun>(result)) << ErrorOf(result);
  const CompiledRun& run = std::get<CompiledRun>(result);
  EXPECT_TRUE(run.settings.quiet);
  EXPECT_EQ(run.settings.bufsize, uint64_t{8} << 20);
  EXPECT_EQ(run.matches, (std::vector<SourceMatches>{{"script '" + path + "'", 1}}));
}

TEST(CompileStepTest, DestructiveActionsAreReportedForTheRunToRefuse) {
  OrDtraceError<CompiledRun> result =
      Compile(WithSource(Kind::kProbeDesc, "BEGIN { system(\"true\"); exit(0); }"));
  ASSERT_TRUE(std::holds_alternative<CompiledRun>(result)) << ErrorOf(result);
  EXPECT_TRUE(std::get<CompiledRun>(result).destructive);
}

TEST(CompileStepTest, ScriptErrorsNameTheScriptAndTheLine) {
  std::string path = WriteScript("broken.d", "BEGIN\n{\n  x = ;\n}\n");
  EXPECT_EQ(ErrorOf(Compile(WithSource(Kind::kScript, path))),
            "failed to compile script " + path + ": line 3: syntax error near \";\"");
}

TEST(CompileStepTest, CommandLineErrorsQuoteTheProgramWithoutALine) {
  EXPECT_EQ(ErrorOf(Compile(WithSource(Kind::kProbeDesc, "BEGIN\n{ x = ; }"))),
            "invalid probe specifier BEGIN\n{ x = ; }: syntax error near \";\"");
}

TEST(CompileStepTest, APragmaOptionsBadValueIsReportedWithTheTagsAskedFor) {
  std::string path = WriteScript("value.d", "#pragma D option strsize=abc\nBEGIN {}\n");
  RunSettings settings;
  settings.errtags = true;
  EXPECT_EQ(ErrorOf(Compile(WithSource(Kind::kScript, path), settings)),
            "failed to compile script " + path +
                ": [D_PRAGMA_OPTSET] line 1: failed to set option 'strsize' to 'abc': Invalid "
                "value for specified option");
}

TEST(CompileStepTest, ScriptArgumentsBecomeMacroArguments) {
  Options opts = WithSource(Kind::kProbeDesc, "BEGIN { trace($1); }");
  EXPECT_NE(ErrorOf(Compile(opts)), "(compiled)");
  opts.script_args.push_back("7");
  EXPECT_EQ(ErrorOf(Compile(opts)), "(compiled)");
}

TEST(CompileStepTest, AnUnreadableScriptIsASetUpError) {
  EXPECT_EQ(ErrorOf(Compile(WithSource(Kind::kScript, "/nonexistent/x.d"))),
            "failed to open /nonexistent/x.d: No such file or directory");
}

TEST(CompileStepTest, RingBufferIsAPowerOfTwoFromAPageToTheLargest) {
  EXPECT_EQ(RingBufferBytes(0), 4096u);
  EXPECT_EQ(RingBufferBytes(4097), 8192u);
  EXPECT_EQ(RingBufferBytes(4 << 20), 4u << 20);
  EXPECT_EQ(RingBufferBytes(uint64_t{3} << 30), kMaxBufferSize);
}

}  // namespace
}  // namespace dt
