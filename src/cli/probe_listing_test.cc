#include "cli/probe_listing.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "common/diagnostic.h"

namespace dt {
namespace {

using Kind = ProgramSource::Kind;

KernelEventList FakeEvents() {
  return {{"syscalls", "sys_enter_read"},
          {"syscalls", "sys_enter_getppid"},
          {"sched", "sched_switch"},
          {"sched", "sched_wakeup"},
          {"nosuchcategory", "nosuchevent"}};
}

// Runs `print` against a memory stream and returns what it wrote.
template <typename F>
std::string Capture(F print) {
  char* data = nullptr;
  size_t size = 0;
  FILE* out = open_memstream(&data, &size);
  print(out);
  fclose(out);
  std::string text(data, size);
  free(data);
  return text;
}

Options ListOptions(std::vector<ProgramSource> sources, bool verbose = false) {
  Options opts;
  opts.list = true;
  opts.verbose = verbose;
  opts.sources = std::move(sources);
  return opts;
}

constexpr const char* kHeader =
    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n";

TEST(ProbeListingTest, DescriptionsArePaddedToTheirField) {
  EXPECT_EQ(ListingDescription({Kind::kProvider, "sdt"}), "sdt:::");
  EXPECT_EQ(ListingDescription({Kind::kModule, "sdt:sched"}), "sdt:sched::");
  EXPECT_EQ(ListingDescription({Kind::kFunction, "syscall::read"}), "syscall::read:");
  EXPECT_EQ(ListingDescription({Kind::kProbeDesc, "BEGIN { exit(0); }"}), "BEGIN");
  EXPECT_EQ(ListingDescription({Kind::kProbeDesc, "syscall:::entry /pid == 1/"}),
            "syscall:::entry");
}

TEST(ProbeListingTest, TableLinesKeepDTracesColumns) {
  ProbeRegistry registry(FakeEvents());
  std::string text = Capture([&](FILE* out) {
    PrintProbeListing(registry,
                      ListOptions({{Kind::kProbeDesc, "BEGIN"},
                                   {Kind::kProbeDesc, "syscall::read:entry"},
                                   {Kind::kProbeDesc, "sdt:sched::sched_sw*"}}),
                      out);
  });
  EXPECT_EQ(text, std::string(kHeader) +
                      "    1     dtrace                                                     BEGIN\n"
                      "   19    syscall           vmlinux                              read entry\n"
                      "   24        sdt             sched                                   "
                      "sched_switch\n");
}

TEST(ProbeListingTest, ProviderModuleAndFunctionFilters) {
  ProbeRegistry registry(FakeEvents());
  EXPECT_EQ(ProbesToList(registry, ListOptions({{Kind::kProvider, "sdt"}})).size(), 3u);
  EXPECT_EQ(ProbesToList(registry, ListOptions({{Kind::kModule, "sched"}})).size(), 2u);
  EXPECT_EQ(ProbesToList(registry, ListOptions({{Kind::kModule, "sdt:sched"}})).size(), 2u);
  EXPECT_EQ(ProbesToList(registry, ListOptions({{Kind::kFunction, "getppid"}})).size(), 2u);
  EXPECT_EQ(ProbesToList(registry, ListOptions({{Kind::kProvider, "dtrace"}})).size(), 3u);
}

TEST(ProbeListingTest, OverlappingOperandsListEachProbeOnceInIdOrder) {
  ProbeRegistry registry(FakeEvents());
  auto shown = ProbesToList(registry, ListOptions({{Kind::kProbeDesc, "sdt:sched::sched_wakeup"},
                                                   {Kind::kProvider, "sdt"},
                                                   {Kind::kProbeDesc, "END"}}));
  ASSERT_EQ(shown.size(), 4u);
  EXPECT_EQ(shown[0]->name, "END");
  EXPECT_EQ(shown[1]->module, "nosuchcategory");
  EXPECT_EQ(shown[3]->name, "sched_wakeup");
}

TEST(ProbeListingTest, ProbeIdOperandNamesOneProbe) {
  ProbeRegistry registry(FakeEvents());
  auto shown = ProbesToList(registry, ListOptions({{Kind::kProbeId, "2"}}));
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown[0]->name, "END");
  try {
    ProbesToList(registry, ListOptions({{Kind::kProbeId, "99999"}}));
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "failed to match 99999: No probe matches description");
  }
}

TEST(ProbeListingTest, NoMatchIsAnError) {
  ProbeRegistry registry(FakeEvents());
  try {
    ProbesToList(registry, ListOptions({{Kind::kProbeDesc, "nosuchprovider:::"}}));
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "failed to match nosuchprovider:::: No probe matches description");
  }
}

TEST(ProbeListingTest, NoOperandListsEverything) {
  ProbeRegistry registry(FakeEvents());
  // Listing makes the probes made on demand (fbt's, from BTF) first.
  size_t listed = ProbesToList(registry, ListOptions({})).size();
  EXPECT_EQ(listed, registry.probes().size());
}

TEST(ProbeListingTest, ScriptOperandListsItsClauses) {
  char path[] = "/tmp/probe_listing_testXXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(path) << "BEGIN { x = 1; }\nsdt:sched::sched_switch,\nsyscall::read:entry\n"
                         "/pid == $1/ { trace(arg0); }\n";
  ProbeRegistry registry(FakeEvents());
  Options opts = ListOptions({{Kind::kScript, path}});
  opts.script_args = {"42"};
  auto shown = ProbesToList(registry, opts);
  unlink(path);
  ASSERT_EQ(shown.size(), 3u);
  EXPECT_EQ(shown[0]->name, "BEGIN");
  EXPECT_EQ(shown[1]->FullName(), "syscall:vmlinux:read:entry");
  EXPECT_EQ(shown[2]->FullName(), "sdt:sched::sched_switch");
}

TEST(ProbeListingTest, VerboseBlockForAProbeWithoutArguments) {
  ProbeRegistry registry(FakeEvents());
  std::string text = Capture([&](FILE* out) {
    PrintProbeListing(registry, ListOptions({{Kind::kProbeDesc, "BEGIN"}}, true), out);
  });
  EXPECT_EQ(text, std::string(kHeader) +
                      "    1     dtrace                                                     BEGIN\n"
                      "\n"
                      "\tProbe Description Attributes\n"
                      "\t\tIdentifier Names: Stable\n"
                      "\t\tData Semantics:   Stable\n"
                      "\t\tDependency Class: Common\n"
                      "\n"
                      "\tArgument Attributes\n"
                      "\t\tIdentifier Names: Stable\n"
                      "\t\tData Semantics:   Stable\n"
                      "\t\tDependency Class: Common\n"
                      "\n"
                      "\tArgument Types\n"
                      "\t\tNone\n"
                      "\n");
}

TEST(ProbeListingTest, VerboseBlockListsTracepointArgumentTypes) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root: reads tracefs";
  ProbeRegistry registry;
  const Probe* probe = registry.Match("sdt:sched::sched_switch").at(0);
  std::string text = Capture([&](FILE* out) { PrintProbeDetails(registry, *probe, out); });
  EXPECT_EQ(text,
            "\n"
            "\tProbe Description Attributes\n"
            "\t\tIdentifier Names: Private\n"
            "\t\tData Semantics:   Private\n"
            "\t\tDependency Class: Unknown\n"
            "\n"
            "\tArgument Attributes\n"
            "\t\tIdentifier Names: Private\n"
            "\t\tData Semantics:   Private\n"
            "\t\tDependency Class: ISA\n"
            "\n"
            "\tArgument Types\n"
            "\t\targs[0]: char[16]\n"
            "\t\targs[1]: pid_t\n"
            "\t\targs[2]: int\n"
            "\t\targs[3]: long\n"
            "\t\targs[4]: char[16]\n"
            "\t\targs[5]: pid_t\n"
            "\t\targs[6]: int\n"
            "\n");
}

TEST(ProbeListingTest, SyscallVerboseBlock) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root: reads tracefs";
  ProbeRegistry registry;
  const Probe* probe = registry.Match("syscall::openat:entry").at(0);
  std::string text = Capture([&](FILE* out) { PrintProbeDetails(registry, *probe, out); });
  EXPECT_NE(text.find("\tArgument Attributes\n\t\tIdentifier Names: Unstable\n"
                      "\t\tData Semantics:   Unstable\n\t\tDependency Class: ISA\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\t\targs[0]: int\n\t\targs[1]: const char *\n\t\targs[2]: int\n"
                      "\t\targs[3]: umode_t\n\n"),
            std::string::npos)
      << text;
}

// The whole listing of the running kernel: every provider's probes, one line
// each. How fast it is belongs to bench/run.sh ("probe listing"), which times
// it beside bpftrace -l; a timed assertion here fails under the sanitizers.
TEST(ProbeListingTest, FullListingCoversEveryProvider) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root: reads tracefs";
  ProbeRegistry registry;
  std::string text = Capture([&](FILE* out) { PrintProbeListing(registry, ListOptions({}), out); });
  size_t lines = std::count(text.begin(), text.end(), '\n');
  EXPECT_GT(lines, 1000u);
  for (const char* provider : {" dtrace ", " syscall ", " profile ", " sched ", " proc "}) {
    EXPECT_NE(text.find(provider), std::string::npos) << provider;
  }
}

}  // namespace
}  // namespace dt
