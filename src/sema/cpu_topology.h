// What curcpu says of each CPU beyond its number (lib/dtrace/cpuinfo.d):
// its physical package, NUMA node and clock, read from sysfs and
// /proc/cpuinfo when dtrace compiles a program, and handed to the D
// library as inlines that choose by the CPU a probe fires on.
#pragma once

#include <map>
#include <string>

namespace dt {

struct CpuTopology {
  std::map<int, int> chip;  // CPU -> physical_package_id
  std::map<int, int> node;  // CPU -> NUMA node
  std::map<int, int> mhz;   // CPU -> "cpu MHz", rounded
};

// From <root>/sys/devices/system/cpu and <root>/proc/cpuinfo ("" for the
// running system). What cannot be read is left out.
CpuTopology ReadCpuTopology(const std::string& root = "");

// The D text of __curcpu_chip, __curcpu_lgrp and __curcpu_mhz: each a
// chain of `cpu <= last ? value : ...` over runs of CPUs with one value;
// -1 (0 for the clock) for a CPU nothing was read for.
std::string CpuTopologyLibrary(const CpuTopology& topology);

}  // namespace dt
