#include "sema/cpu_topology.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace dt {

namespace {

// "cpu12" -> 12, "node3" (prefix "node") -> 3; -1 otherwise.
int NumberAfter(const std::string& name, const std::string& prefix) {
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
  int n = 0;
  for (size_t i = prefix.size(); i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || n > 1000000) return -1;
    n = n * 10 + (name[i] - '0');
  }
  return n;
}

using Runs = std::vector<std::pair<int, int>>;  // (last CPU, value), in CPU order

// A balanced tree of `cpu <= last ? ... : ...` over runs[lo..hi]: as deep
// as log2 of the runs, however the values interleave.
std::string Choose(const Runs& runs, size_t lo, size_t hi) {
  if (lo == hi) return std::to_string(runs[lo].second);
  size_t mid = lo + (hi - lo) / 2;
  return "(cpu <= " + std::to_string(runs[mid].first) + " ? " + Choose(runs, lo, mid) + " : " +
         Choose(runs, mid + 1, hi) + ")";
}

// The last run also takes the CPUs past it; CPUs not listed take `missing`.
std::string ChooseByCpu(const std::map<int, int>& values, int missing) {
  Runs runs;
  auto append = [&](int last, int value) {
    if (!runs.empty() && runs.back().second == value)
      runs.back().first = last;
    else
      runs.push_back({last, value});
  };
  int expected = 0;
  for (auto [cpu, value] : values) {
    if (cpu > expected) append(cpu - 1, missing);
    append(cpu, value);
    expected = cpu + 1;
  }
  if (runs.empty()) return std::to_string(missing);
  return Choose(runs, 0, runs.size() - 1);
}

}  // namespace

CpuTopology ReadCpuTopology(const std::string& root) {
  namespace fs = std::filesystem;
  CpuTopology t;
  std::error_code ec;
  for (fs::directory_iterator it(root + "/sys/devices/system/cpu", ec), end; !ec && it != end;
       it.increment(ec)) {
    int cpu = NumberAfter(it->path().filename().string(), "cpu");
    if (cpu < 0) continue;
    std::ifstream package(it->path() / "topology" / "physical_package_id");
    int chip = -1;
    if (package >> chip) t.chip[cpu] = chip;
    std::error_code ec2;
    for (fs::directory_iterator n(it->path(), ec2), nend; !ec2 && n != nend; n.increment(ec2)) {
      int node = NumberAfter(n->path().filename().string(), "node");
      if (node >= 0) t.node[cpu] = node;
    }
  }
  std::ifstream cpuinfo(root + "/proc/cpuinfo");
  std::string line;
  int cpu = -1;
  while (std::getline(cpuinfo, line)) {
    size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    const char* value = line.c_str() + colon + 1;
    if (key == "processor") cpu = std::atoi(value);
    if (key == "cpu MHz" && cpu >= 0) t.mhz[cpu] = static_cast<int>(std::lround(std::atof(value)));
  }
  return t;
}

std::string CpuTopologyLibrary(const CpuTopology& topology) {
  return "inline int __curcpu_chip = " + ChooseByCpu(topology.chip, -1) +
         ";\n"
         "inline int __curcpu_lgrp = " +
         ChooseByCpu(topology.node, -1) +
         ";\n"
         "inline int __curcpu_mhz = " +
         ChooseByCpu(topology.mhz, 0) + ";\n";
}

}  // namespace dt
