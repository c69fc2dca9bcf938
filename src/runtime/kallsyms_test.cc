#include "runtime/kallsyms.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace dt::runtime {
namespace {

std::string ReadProcKallsyms() {
  std::ifstream in(KernelSymbols::kKallsymsPath);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

constexpr const char* kSample =
    "0000000000000000 A fixed_percpu_data\n"
    "0000000000001000 D cpu_number\n"
    "ffffffff81000000 T _stext\n"
    "ffffffff81000000 t local_alias\n"
    "ffffffff81000100 t helper\n"
    "ffffffff81000100 T helper_global\n"
    "ffffffff81000100 D data_at_same_place\n"
    "ffffffff81000200 T schedule\n"
    "ffffffff81000300 T _etext\n"
    "ffffffff82000000 D jiffies\n"
    "ffffffff82000040 d jiffies_local\n"
    "ffffffffc0001000 t ext4_read\t[ext4]\n"
    "ffffffffc0001400 T ext4_write\t[ext4]\n"
    "ffffffffc0001800 t helper\t[ext4]\n"
    "ffffffffc0100000 t bpf_prog_1234_probe\t[bpf]\n";

TEST(KallsymsTest, ResolvesToTheNearestSymbolAtOrBelow) {
  KernelSymbols t = KernelSymbols::FromText(kSample);
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t.size(), 15u);

  auto r = t.Resolve(0xffffffff81000234);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->module, "vmlinux");
  EXPECT_EQ(r->symbol, "schedule");
  EXPECT_EQ(r->offset, 0x34u);
  EXPECT_EQ(r->symbol_address, 0xffffffff81000200u);
  EXPECT_EQ(r->module_address, 0xffffffff81000000u);

  r = t.Resolve(0xffffffff81000200);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->symbol, "schedule");
  EXPECT_EQ(r->offset, 0u);

  EXPECT_FALSE(t.Resolve(0xffffffff80ffffff));
  EXPECT_FALSE(t.Resolve(0x1000));  // a per-CPU offset is not an address
}

TEST(KallsymsTest, TextExtentRunsToTheNextListedSymbol) {
  KernelSymbols t = KernelSymbols::FromText(kSample);
  ASSERT_TRUE(t.ok()) << t.error();
  auto schedule = t.TextExtent("schedule");
  ASSERT_TRUE(schedule);
  EXPECT_EQ(schedule->first, 0xffffffff81000200u);
  EXPECT_EQ(schedule->second, 0xffffffff81000300u);
  auto helper = t.TextExtent("helper");  // vmlinux's, past the data at its address
  ASSERT_TRUE(helper);
  EXPECT_EQ(helper->first, 0xffffffff81000100u);
  EXPECT_EQ(helper->second, 0xffffffff81000200u);
  auto write = t.TextExtent("ext4_write");
  ASSERT_TRUE(write);
  EXPECT_EQ(write->second, 0xffffffffc0001800u);
  EXPECT_FALSE(t.TextExtent("jiffies"));  // data, not text
  EXPECT_FALSE(t.TextExtent("no_such_function"));
}

TEST(KallsymsTest, PrefersGlobalTextAmongSymbolsSharingAnAddress) {
  KernelSymbols t = KernelSymbols::FromText(kSample);
  EXPECT_EQ(t.Resolve(0xffffffff81000104)->symbol, "helper_global");
  EXPECT_EQ(t.Resolve(0xffffffff81000000)->symbol, "_stext");
}

TEST(KallsymsTest, PaddingLabelsBelongToThePrecedingFunction) {
  KernelSymbols t = KernelSymbols::FromText(
      "ffffffff81000000 T start_reservations\n"
      "ffffffff81000030 T __pfx_clear_bss\n"
      "ffffffff81000040 T clear_bss\n");
  auto r = t.Resolve(0xffffffff81000034);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->symbol, "start_reservations");
  EXPECT_EQ(r->offset, 0x34u);
  EXPECT_EQ(t.Resolve(0xffffffff81000040)->symbol, "clear_bss");
  EXPECT_EQ(t.AddressOf("__pfx_clear_bss"), 0xffffffff81000030u);
}

TEST(KallsymsTest, NamesModulesWithoutBrackets) {
  KernelSymbols t = KernelSymbols::FromText(kSample);
  auto r = t.Resolve(0xffffffffc0001410);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->module, "ext4");
  EXPECT_EQ(r->symbol, "ext4_write");
  EXPECT_EQ(r->offset, 0x10u);
  EXPECT_EQ(r->module_address, 0xffffffffc0001000u);
  EXPECT_EQ(t.Resolve(0xffffffffc0100008)->module, "bpf");
}

TEST(KallsymsTest, TheLastSymbolOfAModuleCoversALimitedSpan) {
  KernelSymbols t = KernelSymbols::FromText(kSample);
  // Inside ext4, helper is followed by another module: capped.
  EXPECT_TRUE(t.Resolve(0xffffffffc0001800 + 0x100));
  EXPECT_FALSE(t.Resolve(0xffffffffc0001800 + KernelSymbols::kMaxTrailingSpan));
  // Past the very last symbol.
  EXPECT_FALSE(t.Resolve(0xffffffffc0100000 + KernelSymbols::kMaxTrailingSpan + 5));
  EXPECT_FALSE(t.Resolve(UINT64_MAX));
  // Within vmlinux the next symbol bounds the span, however far it is.
  auto r = t.Resolve(0xffffffff81ffff00);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->symbol, "_etext");
}

TEST(KallsymsTest, LooksUpNamesPreferringGlobalsAndVmlinux) {
  KernelSymbols t = KernelSymbols::FromText(kSample);
  EXPECT_EQ(t.AddressOf("jiffies"), 0xffffffff82000000u);
  EXPECT_EQ(t.Lookup("jiffies")->type, 'D');
  EXPECT_EQ(t.AddressOf("helper"), 0xffffffff81000100u);
  EXPECT_EQ(t.AddressOf("helper", "ext4"), 0xffffffffc0001800u);
  EXPECT_EQ(t.Lookup("helper", "ext4")->module, "ext4");
  EXPECT_FALSE(t.AddressOf("helper", "xfs"));
  EXPECT_FALSE(t.AddressOf("no_such_symbol"));
  EXPECT_EQ(t.AddressOf("cpu_number"), 0x1000u);  // per-CPU: found by name
}

TEST(KallsymsTest, ListsEveryFunctionSharingANameInAModule) {
  KernelSymbols t = KernelSymbols::FromText(
      "ffffffff81000300 t show\n"
      "ffffffff81000100 t show\n"
      "ffffffff81000200 d show\n"
      "ffffffff81000400 T other\n"
      "ffffffffc0000100 t show\t[ext4]\n");
  EXPECT_EQ(t.TextAddressesOf("show", "vmlinux"),
            (std::vector<uint64_t>{0xffffffff81000300u, 0xffffffff81000100u}));
  EXPECT_EQ(t.TextAddressesOf("show", "ext4"), std::vector<uint64_t>{0xffffffffc0000100u});
  EXPECT_TRUE(t.TextAddressesOf("show", "xfs").empty());
  EXPECT_TRUE(t.TextAddressesOf("missing", "vmlinux").empty());
}

TEST(KallsymsTest, AllZeroAddressesAreReportedAsHidden) {
  KernelSymbols t = KernelSymbols::FromText(
      "0000000000000000 T _stext\n"
      "0000000000000000 T schedule\n");
  EXPECT_FALSE(t.ok());
  EXPECT_TRUE(t.addresses_hidden());
  EXPECT_NE(t.error().find("hidden"), std::string::npos);
  EXPECT_FALSE(t.Resolve(0));
  EXPECT_FALSE(t.AddressOf("schedule"));
}

TEST(KallsymsTest, MalformedLinesAreSkipped) {
  KernelSymbols t = KernelSymbols::FromText(
      "garbage\n"
      "ffffffff81000000\n"
      "ffffffff81000000 T\n"
      "ffffffff81000000 T \n"
      "\n"
      "ffffffff81000010 T good\n"
      "ffffffff81000020 T truncated_last_line");
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t.size(), 2u);
  EXPECT_EQ(t.Resolve(0xffffffff81000018)->symbol, "good");
  EXPECT_EQ(t.Resolve(0xffffffff81000028)->symbol, "truncated_last_line");
}

TEST(KallsymsTest, EmptyOrMissingFileIsAnError) {
  EXPECT_FALSE(KernelSymbols::FromText("").ok());
  KernelSymbols missing = KernelSymbols::FromFile("/nonexistent/kallsyms");
  EXPECT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("/nonexistent/kallsyms"), std::string::npos);
}

// --- the running kernel

#define REQUIRE_VISIBLE_KALLSYMS(table)                                       \
  do {                                                                        \
    if (geteuid() != 0) GTEST_SKIP() << "needs root to see kernel addresses"; \
    ASSERT_TRUE((table).ok()) << (table).error();                             \
  } while (0)

// Reading the file and parsing its text agree. Both read one snapshot: the
// live /proc/kallsyms changes whenever any BPF program is loaded, so two
// reads of it may differ by a few symbols. Load time is printed for the
// record; the benchmark, not a test, judges speed.
TEST(KallsymsKernelTest, FileAndTextAgree) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to see kernel addresses";
  std::string text = ReadProcKallsyms();
  char path[] = "/tmp/kallsyms_test.XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ssize_t written = write(fd, text.data(), text.size());
  close(fd);
  auto start = std::chrono::steady_clock::now();
  KernelSymbols t = KernelSymbols::FromFile(path);
  auto load = std::chrono::steady_clock::now() - start;
  unlink(path);  // before any assertion can return
  ASSERT_EQ(written, static_cast<ssize_t>(text.size()));
  ASSERT_TRUE(t.ok()) << t.error();
  ASSERT_TRUE(t.AddressOf("schedule"));
  KernelSymbols parsed = KernelSymbols::FromText(std::move(text));
  EXPECT_EQ(parsed.size(), t.size());
  EXPECT_GT(t.size(), 10000u);
  std::cout << "[ kallsyms ] " << t.size() << " symbols loaded in "
            << std::chrono::duration<double, std::milli>(load).count() << " ms\n";
}

TEST(KallsymsKernelTest, ScheduleResolvesBackToItself) {
  const KernelSymbols& t = KernelSymbols::Kernel();
  REQUIRE_VISIBLE_KALLSYMS(t);
  auto addr = t.AddressOf("schedule");
  ASSERT_TRUE(addr);
  auto r = t.Resolve(*addr);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->module, "vmlinux");
  EXPECT_EQ(r->symbol, "schedule");
  EXPECT_EQ(r->offset, 0u);
  r = t.Resolve(*addr + 5);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->symbol, "schedule");
  EXPECT_EQ(r->offset, 5u);
}

TEST(KallsymsKernelTest, EveryGlobalTextSymbolResolvesToItsOwnAddress) {
  const KernelSymbols& t = KernelSymbols::Kernel();
  REQUIRE_VISIBLE_KALLSYMS(t);
  std::istringstream in(ReadProcKallsyms());
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    unsigned long long addr = 0;
    char type = 0;
    char name[512];
    if (std::sscanf(line.c_str(), "%llx %c %511s", &addr, &type, name) != 3) continue;
    if (type != 'T' || std::string_view(name).starts_with("__pfx_")) continue;
    auto r = t.Resolve(addr);
    ASSERT_TRUE(r) << line;
    // Aliases share addresses; whichever wins must sit exactly there.
    EXPECT_EQ(r->offset, 0u) << line;
    EXPECT_EQ(r->symbol_address, addr) << line;
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

TEST(KallsymsKernelTest, DataSymbolsResolveByNameWhenTheKernelListsThem) {
  const KernelSymbols& t = KernelSymbols::Kernel();
  REQUIRE_VISIBLE_KALLSYMS(t);
  std::string text = ReadProcKallsyms();
  if (text.find(" jiffies\n") == std::string::npos) {
    // Without CONFIG_KALLSYMS_ALL only text and section markers are listed.
    EXPECT_FALSE(t.AddressOf("jiffies"));
    if (text.find(" D __start_rodata\n") != std::string::npos) {
      EXPECT_TRUE(t.AddressOf("__start_rodata"));
      EXPECT_EQ(t.Lookup("__start_rodata")->type, 'D');
    }
    GTEST_SKIP() << "this kernel's kallsyms lists no data objects (CONFIG_KALLSYMS_ALL off): "
                    "jiffies is not resolvable";
  }
  auto addr = t.AddressOf("jiffies");
  ASSERT_TRUE(addr);
  EXPECT_NE(*addr, 0u);
}

TEST(KallsymsKernelTest, ModuleSymbolsCarryTheirModule) {
  const KernelSymbols& t = KernelSymbols::Kernel();
  REQUIRE_VISIBLE_KALLSYMS(t);
  std::istringstream in(ReadProcKallsyms());
  std::string line;
  while (std::getline(in, line)) {
    size_t tab = line.find("\t[");
    if (tab == std::string::npos || line.back() != ']') continue;
    unsigned long long addr = 0;
    char type = 0;
    if (std::sscanf(line.c_str(), "%llx %c", &addr, &type) != 2) continue;
    if (type != 't' && type != 'T') continue;
    std::string module = line.substr(tab + 2, line.size() - tab - 3);
    auto r = t.Resolve(addr);
    ASSERT_TRUE(r) << line;
    EXPECT_EQ(r->module, module) << line;
    EXPECT_EQ(r->offset, 0u) << line;
    return;
  }
  GTEST_SKIP() << "no module symbols in /proc/kallsyms (no modules loaded)";
}

}  // namespace
}  // namespace dt::runtime
