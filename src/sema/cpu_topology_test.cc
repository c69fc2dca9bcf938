#include "sema/cpu_topology.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace dt {
namespace {

TEST(CpuTopologyLibrary, OneValueForEveryCpuNeedsNoTest) {
  CpuTopology t;
  t.chip = {{0, 0}, {1, 0}};
  t.node = {{0, 0}, {1, 0}};
  t.mhz = {{0, 2400}, {1, 2400}};
  EXPECT_EQ(CpuTopologyLibrary(t),
            "inline int __curcpu_chip = 0;\n"
            "inline int __curcpu_lgrp = 0;\n"
            "inline int __curcpu_mhz = 2400;\n");
}

TEST(CpuTopologyLibrary, RunsOfCpusChooseByTheirLastCpu) {
  CpuTopology t;
  t.chip = {{0, 0}, {1, 0}, {2, 1}, {3, 1}};
  t.node = {{0, 0}, {1, 1}, {2, 0}, {3, 1}};  // interleaved: a balanced tree
  EXPECT_EQ(CpuTopologyLibrary(t),
            "inline int __curcpu_chip = (cpu <= 1 ? 0 : 1);\n"
            "inline int __curcpu_lgrp = (cpu <= 1 ? (cpu <= 0 ? 0 : 1) : "
            "(cpu <= 2 ? 0 : 1));\n"
            "inline int __curcpu_mhz = 0;\n");
}

TEST(CpuTopologyLibrary, UnlistedCpusAreMinusOne) {
  CpuTopology t;
  t.chip = {{0, 0}, {2, 0}};
  EXPECT_EQ(CpuTopologyLibrary(t),
            "inline int __curcpu_chip = (cpu <= 1 ? (cpu <= 0 ? 0 : -1) : 0);\n"
            "inline int __curcpu_lgrp = -1;\n"
            "inline int __curcpu_mhz = 0;\n");
}

TEST(ReadCpuTopology, ReadsSysfsAndCpuinfo) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / "dt_cpu_topology_test";
  fs::remove_all(root);
  for (int cpu : {0, 1}) {
    fs::path dir = root / "sys/devices/system/cpu" / ("cpu" + std::to_string(cpu));
    fs::create_directories(dir / "topology");
    fs::create_directories(dir / ("node" + std::to_string(cpu)));
    std::ofstream(dir / "topology/physical_package_id") << cpu + 3 << "\n";
  }
  fs::create_directories(root / "sys/devices/system/cpu/cpufreq");  // not a CPU
  fs::create_directories(root / "proc");
  std::ofstream(root / "proc/cpuinfo") << "processor\t: 0\ncpu MHz\t\t: 2399.6\n\n"
                                          "processor\t: 1\ncpu MHz\t\t: 1000.2\n";
  CpuTopology t = ReadCpuTopology(root.string());
  EXPECT_EQ(t.chip, (std::map<int, int>{{0, 3}, {1, 4}}));
  EXPECT_EQ(t.node, (std::map<int, int>{{0, 0}, {1, 1}}));
  EXPECT_EQ(t.mhz, (std::map<int, int>{{0, 2400}, {1, 1000}}));
  fs::remove_all(root);
}

}  // namespace
}  // namespace dt
