#include "cli/options.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace dt {
namespace {

using Kind = ProgramSource::Kind;
using XOpts = std::vector<OptionSetting>;

// Owns writable copies of the strings, as a real argv would be.
Options Parse(std::initializer_list<const char*> words) {
  std::vector<std::string> storage(words.begin(), words.end());
  std::vector<char*> argv;
  for (std::string& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  return ParseOptions(static_cast<int>(storage.size()), argv.data());
}

UsageError ParseError(std::initializer_list<const char*> words) {
  try {
    Parse(words);
  } catch (const UsageError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a UsageError";
  return UsageError("<none>");
}

TEST(ParseOptions, ProbeDescriptionWithAction) {
  Options o = Parse({"dtrace", "-n", "BEGIN { trace(1); exit(0); }"});
  ASSERT_EQ(o.sources.size(), 1u);
  EXPECT_EQ(o.sources[0], (ProgramSource{Kind::kProbeDesc, "BEGIN { trace(1); exit(0); }"}));
  EXPECT_TRUE(o.script_args.empty());
  EXPECT_FALSE(o.quiet);
}

TEST(ParseOptions, AttachedArgument) {
  Options o = Parse({"dtrace", "-nBEGIN{exit(0)}"});
  ASSERT_EQ(o.sources.size(), 1u);
  EXPECT_EQ(o.sources[0].text, "BEGIN{exit(0)}");
}

TEST(ParseOptions, ClusteredFlagsThenArgumentOption) {
  Options o = Parse({"dtrace", "-qn", "BEGIN{}"});
  EXPECT_TRUE(o.quiet);
  EXPECT_EQ(o.xopts, (XOpts{{"quiet", ""}}));
  ASSERT_EQ(o.sources.size(), 1u);
  EXPECT_EQ(o.sources[0], (ProgramSource{Kind::kProbeDesc, "BEGIN{}"}));
}

TEST(ParseOptions, ClusterWithArgumentInsideIt) {
  Options o = Parse({"dtrace", "-qwxbufsize=8m", "-ZF"});
  EXPECT_TRUE(o.quiet);
  EXPECT_TRUE(o.destructive);
  EXPECT_TRUE(o.allow_zero_matches);
  EXPECT_TRUE(o.flow_indent);
  EXPECT_EQ(o.xopts, (XOpts{{"quiet", ""},
                            {"destructive", ""},
                            {"bufsize", "8m"},
                            {"zdefs", ""},
                            {"flowindent", ""}}));
}

TEST(ParseOptions, AllProbeSpecifierKindsInOrder) {
  Options o = Parse({"dtrace", "-P", "syscall", "-m", "vmlinux", "-f", "read", "-n", "tick-1s",
                     "-i", "42", "-s", "x.d"});
  std::vector<ProgramSource> want = {{Kind::kProvider, "syscall"}, {Kind::kModule, "vmlinux"},
                                     {Kind::kFunction, "read"},    {Kind::kProbeDesc, "tick-1s"},
                                     {Kind::kProbeId, "42"},       {Kind::kScript, "x.d"}};
  EXPECT_EQ(o.sources, want);
}

TEST(ParseOptions, XOptionForms) {
  Options o = Parse({"dtrace", "-x", "switchrate=10hz", "-xaggsortkey", "-x", "strsize=", "-x",
                     "a=b=c", "-x", "quiet", "-n", "BEGIN"});
  EXPECT_EQ(o.xopts, (XOpts{{"switchrate", "10hz"},
                            {"aggsortkey", ""},
                            {"strsize", ""},
                            {"a", "b=c"},
                            {"quiet", ""}}));
  EXPECT_TRUE(o.quiet);  // -x quiet means -q
}

TEST(ParseOptions, XOptionsSetTheEquivalentFlags) {
  Options o = Parse({"dtrace", "-xflowindent", "-xdestructive", "-xzdefs", "-n", "BEGIN"});
  EXPECT_TRUE(o.flow_indent);
  EXPECT_TRUE(o.destructive);
  EXPECT_TRUE(o.allow_zero_matches);
  EXPECT_FALSE(o.quiet);
}

TEST(ParseOptions, ShortFlagsMapToOptions) {
  Options o = Parse({"dtrace", "-b", "16m", "-X", "s", "-n", "BEGIN"});
  EXPECT_EQ(o.xopts, (XOpts{{"bufsize", "16m", 'b'}, {"stdc", "s", 'X'}}));
}

TEST(ParseOptions, ScriptWithMacroArguments) {
  Options o = Parse({"dtrace", "-s", "./x.d", "arg1", "42"});
  EXPECT_EQ(o.sources, (std::vector<ProgramSource>{{Kind::kScript, "./x.d"}}));
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"arg1", "42"}));
}

TEST(ParseOptions, OptionsAfterOperandsAreStillOptions) {
  Options o = Parse({"dtrace", "-n", "BEGIN", "foo", "-q", "bar"});
  EXPECT_TRUE(o.quiet);
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"foo", "bar"}));
}

TEST(ParseOptions, DoubleDashEndsOptions) {
  Options o = Parse({"dtrace", "-s", "x.d", "--", "-1", "-q"});
  EXPECT_FALSE(o.quiet);
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"-1", "-q"}));
}

TEST(ParseOptions, LoneDashIsAnOperand) {
  Options o = Parse({"dtrace", "-n", "BEGIN", "-"});
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"-"}));
}

TEST(ParseOptions, ArgumentMayStartWithDash) {
  Options o = Parse({"dtrace", "-o", "-q"});
  EXPECT_EQ(o.output_file, "-q");
  EXPECT_FALSE(o.quiet);
}

TEST(ParseOptions, InterpreterLineClustered) {
  Options o = Parse({"/usr/sbin/dtrace", "-qs", "./x.d", "arg1"});
  EXPECT_TRUE(o.quiet);
  EXPECT_EQ(o.sources, (std::vector<ProgramSource>{{Kind::kScript, "./x.d"}}));
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"arg1"}));
}

TEST(ParseOptions, InterpreterLineWithSpacesIsSplit) {
  Options o = Parse({"/usr/sbin/dtrace", "-q -s", "./x.d", "a", "b"});
  EXPECT_TRUE(o.quiet);
  EXPECT_EQ(o.sources, (std::vector<ProgramSource>{{Kind::kScript, "./x.d"}}));
  EXPECT_EQ(o.script_args, (std::vector<std::string>{"a", "b"}));
}

TEST(ParseOptions, InterpreterLineWithOptionValue) {
  Options o = Parse({"dtrace", "-x bufsize=1m  -Cs", "./x.d"});
  EXPECT_TRUE(o.cpp);
  EXPECT_EQ(o.xopts, (XOpts{{"bufsize", "1m"}}));
  EXPECT_EQ(o.sources, (std::vector<ProgramSource>{{Kind::kScript, "./x.d"}}));
}

TEST(ParseOptions, ProgramTextWithSpacesIsNotSplit) {
  Options o = Parse({"dtrace", "-nBEGIN { exit(0); }"});
  EXPECT_EQ(o.sources, (std::vector<ProgramSource>{{Kind::kProbeDesc, "BEGIN { exit(0); }"}}));
}

TEST(ParseOptions, OnlyTheFirstArgumentIsAnInterpreterLine) {
  // Later arguments are plain getopt clusters, where a space is no option.
  UsageError e = ParseError({"dtrace", "-n", "BEGIN", "-q -s", "x.d"});
  EXPECT_STREQ(e.what(), "dtrace: illegal option --  ");
}

TEST(ParseOptions, PreprocessorAndPathOptions) {
  Options o = Parse({"dtrace", "-C", "-I", "/inc", "-I/inc2", "-DFOO=1", "-D", "BAR", "-UBAZ", "-L",
                     "/lib/d", "-H", "-s", "x.d"});
  EXPECT_TRUE(o.cpp);
  EXPECT_TRUE(o.print_includes);
  EXPECT_EQ(o.include_dirs, (std::vector<std::string>{"/inc", "/inc2"}));
  using Macro = Options::MacroOption;
  EXPECT_EQ(o.macros, (std::vector<Macro>{{false, "FOO=1"}, {false, "BAR"}, {true, "BAZ"}}));
  EXPECT_EQ(o.lib_dirs, (std::vector<std::string>{"/lib/d"}));
}

TEST(ParseOptions, MacroOptionsKeepTheirOrder) {
  Options o = Parse({"dtrace", "-UX", "-DX=1", "-x", "cpp", "-s", "x.d"});
  EXPECT_TRUE(o.cpp);
  using Macro = Options::MacroOption;
  EXPECT_EQ(o.macros, (std::vector<Macro>{{true, "X"}, {false, "X=1"}}));
}

TEST(ParseOptions, ProcessOptions) {
  Options o =
      Parse({"dtrace", "-c", "ls -l /tmp", "-c", "date", "-p", "123", "-p42", "-n", "BEGIN"});
  EXPECT_EQ(o.commands, (std::vector<std::string>{"ls -l /tmp", "date"}));
  EXPECT_EQ(o.pids, (std::vector<int>{123, 42}));
}

TEST(ParseOptions, ModeAndReportFlags) {
  Options o = Parse({"dtrace", "-lv", "-n", "syscall:::entry"});
  EXPECT_TRUE(o.list);
  EXPECT_TRUE(o.verbose);
  EXPECT_FALSE(o.compile_only);

  o = Parse({"dtrace", "-eS", "-o", "out.txt", "-o", "last.txt", "-n", "BEGIN"});
  EXPECT_TRUE(o.compile_only);
  EXPECT_TRUE(o.show_bpf);
  EXPECT_EQ(o.output_file, "last.txt");

  EXPECT_TRUE(Parse({"dtrace", "-V"}).show_version);
  EXPECT_TRUE(Parse({"dtrace", "--version"}).show_version);
  EXPECT_TRUE(Parse({"dtrace", "-l"}).list);
  EXPECT_TRUE(Parse({"dtrace", "-64", "-l"}).list);
}

TEST(ParseOptions, Help) {
  EXPECT_TRUE(Parse({"dtrace", "--help"}).help);
  EXPECT_FALSE(Parse({"dtrace", "-l"}).help);
}

TEST(ParseOptions, HeaderAndObjectGenerationAreModesNotHelp) {
  Options h = Parse({"dtrace", "-h", "-s", "provider.d", "-o", "provider.h"});
  EXPECT_EQ(h.generate, Options::Generate::kHeader);
  EXPECT_FALSE(h.help);
  EXPECT_EQ(h.output_file, "provider.h");
  Options g = Parse({"dtrace", "-G", "-s", "provider.d", "-o", "provider.o", "a.o", "b.o"});
  EXPECT_EQ(g.generate, Options::Generate::kObject);
  EXPECT_EQ(g.script_args, (std::vector<std::string>{"a.o", "b.o"}));
  EXPECT_EQ(Parse({"dtrace", "-n", "BEGIN"}).generate, Options::Generate::kNone);
  EXPECT_STREQ(ParseError({"dtrace", "-h", "-G", "-s", "p.d"}).what(),
               "dtrace: only one of the [-AGhlV] options can be specified at a time");
  EXPECT_STREQ(ParseError({"dtrace", "-h", "-l"}).what(),
               "dtrace: only one of the [-AGhlV] options can be specified at a time");
}

TEST(ParseOptionsErrors, NoArgumentsPrintsBareUsage) {
  UsageError e = ParseError({"dtrace"});
  EXPECT_STREQ(e.what(), "");
  EXPECT_TRUE(e.show_usage());
  EXPECT_EQ(e.exit_status(), 2);
}

TEST(ParseOptionsErrors, IllegalOption) {
  UsageError e = ParseError({"/usr/sbin/dtrace", "-k"});
  EXPECT_STREQ(e.what(), "dtrace: illegal option -- k");
  EXPECT_TRUE(e.show_usage());
  EXPECT_EQ(e.exit_status(), 2);

  EXPECT_STREQ(ParseError({"dtrace", "-qk", "-n", "BEGIN"}).what(), "dtrace: illegal option -- k");
  EXPECT_STREQ(ParseError({"dtrace", "--frobnicate"}).what(),
               "dtrace: illegal option -- -frobnicate");
}

TEST(ParseOptionsErrors, MissingArgument) {
  for (const char* opt : {"-n", "-s", "-x", "-b", "-c", "-p", "-o", "-P", "-m", "-f", "-i", "-I",
                          "-D", "-U", "-L", "-X"}) {
    UsageError e = ParseError({"dtrace", opt});
    EXPECT_EQ(std::string(e.what()),
              std::string("dtrace: option requires an argument -- ") + (opt + 1))
        << opt;
    EXPECT_TRUE(e.show_usage()) << opt;
    EXPECT_EQ(e.exit_status(), 2) << opt;
  }
  EXPECT_STREQ(ParseError({"dtrace", "-qn"}).what(), "dtrace: option requires an argument -- n");
}

TEST(ParseOptionsErrors, DataModel) {
  UsageError e = ParseError({"dtrace", "-33"});
  EXPECT_STREQ(e.what(), "dtrace: illegal option -- 33");
  EXPECT_TRUE(e.show_usage());
  EXPECT_STREQ(ParseError({"dtrace", "-65"}).what(), "dtrace: illegal option -- 65");

  e = ParseError({"dtrace", "-32", "-n", "BEGIN"});
  EXPECT_STREQ(e.what(), "dtrace: -32 is not supported: BPF programs are always 64-bit");
  EXPECT_FALSE(e.show_usage());
  EXPECT_EQ(e.exit_status(), 2);
}

TEST(ParseOptionsErrors, UnsupportedModes) {
  for (const char* opt : {"-a", "-A"}) {
    UsageError e = ParseError({"dtrace", opt, "-n", "BEGIN"});
    EXPECT_NE(std::string(e.what()).find("is not supported"), std::string::npos) << opt;
    EXPECT_EQ(std::string(e.what()).rfind("dtrace: ", 0), 0u) << opt;
    EXPECT_FALSE(e.show_usage()) << opt;
    EXPECT_EQ(e.exit_status(), 2) << opt;
  }
}

TEST(ParseOptionsErrors, ConflictingModes) {
  UsageError e = ParseError({"dtrace", "-l", "-V"});
  EXPECT_STREQ(e.what(), "dtrace: only one of the [-AGhlV] options can be specified at a time");
  EXPECT_FALSE(e.show_usage());
  EXPECT_EQ(e.exit_status(), 2);
}

TEST(ParseOptionsErrors, InvalidPid) {
  for (const char* pid : {"abc", "12x", "", "0", "-5", "99999999999"}) {
    UsageError e = ParseError({"dtrace", "-p", pid});
    EXPECT_EQ(std::string(e.what()), std::string("dtrace: invalid pid: ") + pid);
    EXPECT_FALSE(e.show_usage());
    EXPECT_EQ(e.exit_status(), 1);
  }
}

TEST(ParseOptionsErrors, InvalidStdc) {
  UsageError e = ParseError({"dtrace", "-X", "q", "-n", "BEGIN"});
  EXPECT_STREQ(e.what(), "dtrace: failed to set -X q: Invalid value for specified option");
  EXPECT_FALSE(e.show_usage());
  EXPECT_EQ(e.exit_status(), 1);
}

TEST(UsageText, NamesProgramAndSupportedOptions) {
  std::string text = UsageText("/usr/sbin/dtrace");
  EXPECT_EQ(text.rfind("Usage: dtrace [-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd]", 0), 0u);
  EXPECT_NE(text.find("\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"),
            std::string::npos);
  EXPECT_NE(text.find("\tpredicate -> '/' D-expression '/'\n"), std::string::npos);
  for (std::string opt :
       {"-b", "-c", "-C", "-D", "-e", "-f", "-F", "-G", "-h", "-H", "-i", "-I", "-l", "-L", "-m",
        "-n", "-o", "-p", "-P", "-q", "-s", "-S", "-U", "-v", "-V", "-w", "-x", "-X", "-Z"}) {
    EXPECT_NE(text.find("\n\t" + opt + "  "), std::string::npos) << opt;
  }
  EXPECT_EQ(text.find("\t-A "), std::string::npos);
  EXPECT_EQ(text.back(), '\n');
}

TEST(UsageText, SaysWhatALargeBufferCosts) {
  std::string text = UsageText("dtrace");
  EXPECT_NE(text.find("(default 4m, at most 1g)"), std::string::npos);
  EXPECT_NE(text.find("a 1g buffer takes about 2 s to set up"), std::string::npos);
}

}  // namespace
}  // namespace dt
